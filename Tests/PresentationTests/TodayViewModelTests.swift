import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

/// The clock reads 2026-03-15 12:00 UTC, in UTC: the next change is midnight, 12 hours on.
@MainActor
@Suite("Today view model", .timeLimit(.minutes(10)))
struct TodayViewModelTests {
    let clock = ManualClock()

    func screen(_ app: TestApp) -> (Events<TodayViewModel.Event>, TodayViewModel.Output, Probe<TodaySnapshot>) {
        let events = Events<TodayViewModel.Event>()
        let output = app.screens.makeToday(clock: clock).transform(.init(events: events.stream))
        return (events, output, Probe(output.snapshots))
    }

    @Test("appearing shows overdue, due today and the favourites' next 7 days, with each board's counts")
    func appear() async throws {
        // Given
        let app = TestApp()
        try await app.add("Late report", deadline: Day("2026-03-14"))
        try await app.add("Pay rent", deadline: Day("2026-03-15"), in: .doing)
        let tomorrow = try await app.add("Call the bank", deadline: Day("2026-03-16"))
        try await app.add("Not starred", deadline: Day("2026-03-17"))
        try await app.engine.star(.project(tomorrow.id))
        let (events, output, snapshots) = screen(app)

        // When
        events.send(.appear)
        let snapshot = try #require(await snapshots.next())

        // Then
        #expect(output.title == "Today")
        #expect(snapshot.sections.map(\.title) == ["Overdue", "Due Today", "Favourites, Next 7 Days"])
        #expect(snapshot.section(.overdue)?.rows.map(\.title) == ["Late report"])
        #expect(snapshot.section(.overdue)?.rows.map(\.isOverdue) == [true])
        #expect(snapshot.section(.dueToday)?.rows.map(\.state) == ["Doing"])
        #expect(snapshot.section(.upcoming)?.rows.map(\.title) == ["Call the bank"])
        #expect(snapshot.section(.upcoming)?.rows.map(\.deadline) == ["Mar 16, 2026"])
        #expect(snapshot.section(.upcoming)?.rows.map(\.board) == ["Projects"])
        #expect(snapshot.boards.map(\.text) == ["1 overdue · 1 due today · 2 in the next 7 days"])
        #expect(snapshot.summary.nextChange == Date.at(2026, 3, 16, 0, 0, in: .gmt))
        events.end()
        #expect(await snapshots.rest().isEmpty)
    }

    @Test("in Korean, with the empty sections' text")
    func korean() async throws {
        let app = TestApp(locale: "ko_KR")
        let (events, output, snapshots) = screen(app)

        events.send(.appear)
        let snapshot = try #require(await snapshots.next())

        #expect(output.title == "오늘")
        #expect(snapshot.sections.map(\.title) == ["기한 지남", "오늘 마감", "즐겨찾기, 앞으로 7일"])
        #expect(snapshot.sections.map(\.rows.count) == [0, 0, 0])
        #expect(snapshot.section(.overdue)?.emptyText == "기한이 지난 항목이 없습니다.")
        #expect(snapshot.section(.upcoming)?.emptyText.hasPrefix("앞으로 7일 안에 마감인 즐겨찾기가 없습니다.") == true)
        events.end()
    }

    @Test("at the next midnight, on the injected clock, tomorrow's deadline is today's and today's is overdue")
    func refreshesAtNextChange() async throws {
        // Given the screen at noon
        let app = TestApp()
        try await app.add("Pay rent", deadline: Day("2026-03-15"))
        let bank = try await app.add("Call the bank", deadline: Day("2026-03-16"))
        try await app.engine.star(.project(bank.id))
        let (events, _, snapshots) = screen(app)
        events.send(.appear)
        _ = await snapshots.next()

        // When the screen waits, and the clocks reach midnight (not a second before)
        await clock.sleepCalls(reaching: 1)
        app.clock.advance(by: 12 * 3_600 - 1)
        clock.advance(by: .seconds(12 * 3_600 - 1))
        #expect(clock.sleeperCount == 1)
        app.clock.advance(by: 1)
        clock.advance(by: .seconds(1))

        // Then
        let snapshot = try #require(await snapshots.next())
        #expect(snapshot.summary.today == Day("2026-03-16"))
        #expect(snapshot.section(.overdue)?.rows.map(\.title) == ["Pay rent"])
        #expect(snapshot.section(.dueToday)?.rows.map(\.title) == ["Call the bank"])
        #expect(snapshot.section(.upcoming)?.rows.isEmpty == true)
        #expect(snapshot.summary.nextChange == Date.at(2026, 3, 17, 0, 0, in: .gmt))

        // And it waits for the midnight after
        await clock.sleepCalls(reaching: 2)
        #expect(clock.sleeperCount == 1)
        events.end()
        #expect(await snapshots.rest().isEmpty)
    }

    @Test("a save elsewhere (a star, a new deadline) updates the screen; open shows the project's form")
    func followsSaves() async throws {
        let app = TestApp()
        let bank = try await app.add("Call the bank", deadline: Day("2026-03-18"))
        let (events, _, snapshots) = screen(app)
        let routes = Probe(app.navigator.routes)
        events.send(.appear)
        #expect(try #require(await snapshots.next()).section(.upcoming)?.rows.isEmpty == true)

        try await app.engine.star(.board(.default))
        #expect(try #require(await snapshots.next()).section(.upcoming)?.rows.map(\.title) == ["Call the bank"])

        try await app.add("Pay rent", deadline: Day("2026-03-15"))
        #expect(try #require(await snapshots.next()).section(.dueToday)?.rows.map(\.title) == ["Pay rent"])

        events.send(.open(bank.id))
        #expect(await routes.next() == .editForm(bank.id))
        events.end()
        #expect(await snapshots.rest().isEmpty)
    }
}
