import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// Labels, archive and due times of cards, through the engine, over both kinds of store.
@Suite("Labels, archive and due times")
struct CardDepthTests {
    @Test(
        "labels are made per board, put on and off cards, filter the board, and a deleted one leaves every card",
        arguments: StoreKind.allCases)
    func labels(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let cards = try await harness.create(["a", "b", "c"])
        let urgent = try await engine.createLabel("Urgent", colour: .red, on: .default)
        let green = try await engine.createLabel("", colour: .green, on: .default)

        await #expect(throws: RepositoryError.invalid(ValidationError([.labelNameTaken("urgent")]))) {
            try await engine.createLabel("urgent", colour: .blue, on: .default)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.titleEmpty]))) {
            try await engine.createLabel(" ", colour: .none, on: .default)
        }
        try await engine.labelProject(cards[0].id, label: urgent.id)
        try await engine.labelProject(cards[2].id, label: urgent.id)
        try await engine.labelProject(cards[2].id, label: green.id)
        #expect(try await engine.labelProject(cards[2].id, label: green.id).isChanged == false)
        #expect(try await engine.fetchHistory(limit: 1).map(\.kind) == [.labelled("green")])

        let restarted = try harness.restarted()
        #expect(try await restarted.fetchLabels().map(\.displayName) == ["green", "Urgent"])
        let filtered = try await restarted.fetchBoard(labelled: urgent.id)
        #expect(filtered.column(.todo).items.map(\.project.title) == ["a", "c"])
        #expect(try await restarted.fetchProject(cards[2].id).labels == [urgent.id, green.id])

        try await restarted.editLabel(urgent.id, on: .default, .delete)
        #expect(try await restarted.fetchProject(cards[0].id).labels == [])
        #expect(try await restarted.fetchProject(cards[2].id).labels == [green.id])
        try await restarted.undoRedo.undo()
        #expect(try await restarted.fetchProject(cards[0].id).labels == [urgent.id])
        #expect(try await restarted.fetchLabels().count == 2)
    }

    @Test(
        "a label of another board cannot go on a card, and a card moved to another board leaves its labels",
        arguments: StoreKind.allCases)
    func labelsStayOnTheirBoard(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "a"))
        let work = try await engine.createBoard(title: "Work")
        let theirs = try await engine.createLabel("Theirs", colour: .blue, on: work.id)
        let ours = try await engine.createLabel("Ours", colour: .red, on: .default)

        await #expect(throws: RepositoryError.notFound(.label(theirs.id))) {
            try await engine.labelProject(card.id, label: theirs.id)
        }
        try await engine.labelProject(card.id, label: ours.id)
        try await engine.moveProject(card.id, toBoard: work.id)
        #expect(try await engine.fetchProject(card.id).labels == [])
    }

    @Test(
        "a draft's labels go on with the card in one save; a draft without labels keeps the card's",
        arguments: StoreKind.allCases)
    func draftLabels(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let urgent = try await engine.createLabel("Urgent", colour: .red, on: .default)
        let card = try await engine.createProject(ProjectDraft(title: "a", labels: [urgent.id]))
        #expect(card.labels == [urgent.id])

        let unchanged = try await engine.updateProject(card.id, with: ProjectDraft(title: "a"))
        #expect(!unchanged.isChanged)
        let cleared = try await engine.updateProject(card.id, with: ProjectDraft(title: "b", labels: []))
        #expect(cleared.project.labels == [])
        try await engine.undoRedo.undo()
        #expect(try await harness.restarted().fetchProject(card.id).labels == [urgent.id])

        let elsewhere = Label.ID(rawValue: UUID())
        await #expect(throws: RepositoryError.notFound(.label(elsewhere))) {
            try await harness.engine.createProject(ProjectDraft(title: "c", labels: [elsewhere]))
        }
    }

    @Test("the board's rows carry their checklists' progress, read at once", arguments: StoreKind.allCases)
    func boardProgress(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let cards = try await harness.create(["a", "b"])
        let first = try await engine.addChecklistItem("one", to: cards[0].id)
        _ = try await engine.addChecklistItem("two", to: cards[0].id)
        try await engine.editChecklistItem(first.id, .done(true))

        let items = try await harness.restarted().fetchBoard().column(.todo).items
        #expect(items.map { $0.checklist?.description } == ["1/2", nil])
        #expect(try await harness.engine.fetchBoard(window: 1).column(.todo).items.map(\.checklist?.done) == [1])
    }

    @Test("an archived card leaves its list and comes back last; the archive lists it", arguments: StoreKind.allCases)
    func archive(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let cards = try await harness.create(["a", "b", "c"])

        try await engine.archiveProject(cards[0].id)
        #expect(try await engine.fetchBoard().column(.todo).items.map(\.project.title) == ["b", "c"])
        #expect(try await engine.fetchBoard().column(.todo).count == 2)
        #expect(try await engine.fetchArchived().map(\.title) == ["a"])
        #expect(try await engine.fetchHistory(limit: 1).map(\.kind) == [.archived])

        let restarted = try harness.restarted()
        try await restarted.archiveProject(cards[0].id, archived: false)
        #expect(try await restarted.fetchBoard().column(.todo).items.map(\.project.title) == ["b", "c", "a"])
        #expect(try await restarted.fetchArchived().isEmpty)
        try await restarted.undoRedo.undo()
        #expect(try await restarted.fetchArchived().map(\.title) == ["a"])
    }

    @Test("a card due at 14:00 in Seoul is overdue at 14:01 there and not at 13:59", arguments: StoreKind.allCases)
    func dueTime(kind: StoreKind) async throws {
        let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        let start = try #require(
            calendar.date(from: DateComponents(year: 2026, month: 12, day: 24, hour: 13, minute: 59)))
        let harness = try EngineHarness(kind, clock: TestClock(start), timeZone: seoul)
        let engine = harness.engine
        let due = try #require(DueTime(hour: 14, minute: 0, timeZone: "Asia/Seoul"))
        let card = try await engine.createProject(
            ProjectDraft(title: "wrap", deadline: Day("2026-12-24"), dueTime: due))
        let whole = try await engine.createProject(ProjectDraft(title: "whole day", deadline: Day("2026-12-24")))

        #expect(try await engine.fetchBoard().column(.todo).items.map(\.isOverdue) == [false, false])
        harness.clock.advance(by: 120)
        let board = try await harness.restarted().fetchBoard()
        #expect(board.column(.todo).items.map(\.isOverdue) == [true, false])
        #expect(try await harness.engine.fetchProject(card.id).dueTime == due)
        #expect(try await harness.engine.fetchProject(whole.id).dueTime == nil)

        await #expect(throws: RepositoryError.invalid(ValidationError([.dueTimeWithoutDay]))) {
            try await harness.engine.createProject(ProjectDraft(title: "no day", dueTime: due))
        }
    }

    @Test("a due time is read as HH:mm in a zone this system knows")
    func parsing() {
        #expect(DueTime(parsing: "14:00", timeZone: "Asia/Seoul")?.description == "14:00")
        #expect(DueTime(parsing: "09:05", timeZone: "UTC")?.hour == 9)
        #expect(DueTime(parsing: "24:00", timeZone: "UTC") == nil)
        #expect(DueTime(parsing: "9:05", timeZone: "UTC") == nil)
        #expect(DueTime(parsing: "14:00", timeZone: "Mars/Olympus") == nil)
    }
}
