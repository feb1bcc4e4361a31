import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

/// The list menu: a board's lists, added, moved, limited and archived, in English and Korean.
@MainActor
@Suite("List menu view model", .timeLimit(.minutes(10)))
struct ListsViewModelTests {
    /// The next rows that `condition` accepts; `nil` when the stream ends first.
    func rows(_ probe: Probe<[ListsViewModel.Row]>, where condition: ([ListsViewModel.Row]) -> Bool) async
        -> [ListsViewModel.Row]?
    {
        while let rows = await probe.next() {
            if condition(rows) { return rows }
        }
        return nil
    }

    @Test("a list added with a limit shows its count against it, goes over it, moves and is archived")
    func lists() async throws {
        let app = TestApp()
        let events = Events<ListsViewModel.Event>()
        let output = app.screens.makeLists().transform(.init(events: events.stream))
        let rows = Probe(output.rows)
        #expect(try #require(await rows.next()).map(\.title) == ["To Do", "Doing", "Done"])

        events.send(.add("Review", stage: .doing, limit: 1))
        let added = try #require(await rows.next())
        #expect(added.map(\.title) == ["To Do", "Doing", "Done", "Review"])
        #expect(added.last?.count == "0 of 1")
        #expect(added.last?.stage == "Doing")

        let review = try #require(added.last?.id)
        let first = try await app.add("a")
        let second = try await app.add("b")
        try await app.engine.moveProject(first.id, toList: review)
        try await app.engine.moveProject(second.id, toList: review)
        let over = await self.rows(rows) { $0.last?.count == "2 of 1" }
        #expect(over?.last?.overLimitNote == "over its limit of 1")

        events.send(.edit(review, .move(to: 0)))
        #expect(await self.rows(rows) { $0.first?.title == "Review" } != nil)
        events.send(.edit(review, .archive))
        #expect(await self.rows(rows) { $0.count == 3 }?.map(\.title) == ["To Do", "Doing", "Done"])
        events.send(.showArchived(true))
        #expect(await self.rows(rows) { $0.count == 4 }?.first?.isArchived == true)
    }

    @Test("a name another list has is refused in Korean, and the lists stay")
    func refusal() async throws {
        let app = TestApp(locale: "ko_KR")
        let events = Events<ListsViewModel.Event>()
        let output = app.screens.makeLists().transform(.init(events: events.stream))
        let rows = Probe(output.rows)
        let errors = Probe(output.errors)
        #expect(try #require(await rows.next()).map(\.title) == ["할 일", "진행 중", "완료"])

        events.send(.add("검토", stage: .doing, limit: nil))
        events.send(.add("검토", stage: .todo, limit: nil))
        let error = try #require(await errors.next())
        #expect(error.unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 })
        #expect(try await app.engine.fetchLists().count == 4)
    }
}
