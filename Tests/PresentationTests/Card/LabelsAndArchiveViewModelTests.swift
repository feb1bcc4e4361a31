import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

/// The label editor and the archive of a board.
@MainActor
@Suite("Label editor and archive view models", .timeLimit(.minutes(10)))
struct LabelsAndArchiveViewModelTests {
    /// The next value of `probe` that `condition` accepts; `nil` when the stream ends first.
    func next<T: Sendable>(_ probe: Probe<T>, where condition: (T) -> Bool) async -> T? {
        while let value = await probe.next() {
            if condition(value) { return value }
        }
        return nil
    }

    @Test("labels are made, counted on cards, renamed and deleted; a name taken is refused")
    func labels() async throws {
        let app = TestApp()
        let card = try await app.add("Report")
        let events = Events<LabelsViewModel.Event>()
        let output = app.screens.makeLabels().transform(.init(events: events.stream))
        let rows = Probe(output.rows)
        let errors = Probe(output.errors)
        #expect(try #require(await rows.next()).isEmpty)

        events.send(.create("Urgent", .red))
        let made = try #require(await next(rows) { $0.count == 1 })
        #expect(made.first?.badge == BoardRow.Badge(name: "Urgent", colour: .red))
        let urgent = try #require(made.first?.id)
        try await app.engine.labelProject(card.id, label: urgent)
        #expect(await next(rows) { $0.first?.cards == 1 } != nil)

        events.send(.create("urgent", .blue))
        #expect(try #require(await errors.next()) == "Not saved: fix the fields marked below.")
        #expect(try await app.engine.fetchLabels().count == 1)
        events.send(.edit(urgent, .rename("Blocker")))
        #expect(await next(rows) { $0.first?.badge.name == "Blocker" } != nil)
        events.send(.edit(urgent, .delete))
        #expect(await next(rows) { $0.isEmpty } != nil)
        #expect(try await app.engine.fetchProject(card.id).labels.isEmpty)
    }

    @Test("an archived card is listed with its list and restored from the archive")
    func archive() async throws {
        let app = TestApp(locale: "ko_KR")
        let card = try await app.add("보고서", in: .doing)
        let events = Events<ArchiveViewModel.Event>()
        let output = app.screens.makeArchive().transform(.init(events: events.stream))
        let rows = Probe(output.rows)
        #expect(try #require(await rows.next()).isEmpty)

        events.send(.archive(card.id))
        let archived = try #require(await next(rows) { $0.count == 1 })
        #expect(archived.first?.list == "진행 중")
        #expect(try await app.engine.fetchBoard().column(.doing).count == 0)

        events.send(.restore(card.id))
        #expect(await next(rows) { $0.isEmpty } != nil)
        #expect(try await app.engine.fetchBoard().column(.doing).items.map(\.project.id) == [card.id])
    }
}
