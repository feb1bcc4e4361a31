import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// A backup through the engine, over both kinds of store: read whole, restored into a new store,
/// read back the same; a Trello board's backup holds all of it, in order.
@Suite("Backing up and restoring through the engine")
struct BackupEngineTests {
    /// A store with a board of lists of its own (one archived, holding a card), labels, a card due
    /// at a time with labels, a checklist and two comments (one edited), an archived card, and a
    /// card on the default board in a list of its own there.
    static func filled(_ harness: EngineHarness) async throws -> (work: Board, plan: Project) {
        let engine = harness.engine
        let plants = try await engine.createProject(ProjectDraft(title: "Water the plants"))
        let waiting = try await engine.addList("Waiting", on: .default, at: 1)
        try await engine.moveProject(plants.id, toList: waiting.id)
        let work = try await engine.createBoard(title: "Work")
        let review = try await engine.addList("Review", on: work.id, stage: .doing, limit: 2)
        let old = try await engine.addList("Old ideas", on: work.id)
        let urgent = try await engine.createLabel("Urgent", colour: .red, on: work.id)
        let green = try await engine.createLabel("", colour: .green, on: work.id)
        let plan = try await engine.createProject(
            ProjectDraft(
                title: "Plan the launch", body: "All of it", deadline: Day(year: 2026, month: 12, day: 24),
                dueTime: DueTime(hour: 14, minute: 0, timeZone: "Asia/Seoul")),
            on: work.id)
        let draft = try await engine.createProject(ProjectDraft(title: "Draft the post"), on: work.id)
        let logo = try await engine.createProject(ProjectDraft(title: "Old logo"), on: work.id)
        let idea = try await engine.createProject(ProjectDraft(title: "A forgotten idea"), on: work.id)
        try await engine.moveProject(draft.id, toList: review.id)
        try await engine.moveProject(idea.id, toList: old.id)
        try await engine.editList(old.id, on: work.id, .archive)
        try await engine.archiveProject(logo.id)
        try await engine.labelProject(plan.id, label: urgent.id)
        try await engine.labelProject(plan.id, label: green.id)
        let room = try await engine.addChecklistItem("Book the room", to: plan.id)
        try await engine.addChecklistItem("Invite the team", to: plan.id)
        try await engine.editChecklistItem(room.id, .done(true))
        let question = try await engine.postComment("Which room?", on: plan.id)
        harness.clock.advance(by: 60)
        try await engine.postComment("Room 4.\nFriday.", on: plan.id)
        harness.clock.advance(by: 60)
        try await engine.editComment(question.id, to: "Which room, and when?")
        return (work, plan)
    }

    @Test(
        "a backup restored into a new store reads back the same: lists, labels, cards, checklists, comments",
        arguments: StoreKind.allCases)
    func roundTrip(kind: StoreKind) async throws {
        // Given a filled store and its backup
        let harness = try EngineHarness(kind)
        let (work, plan) = try await Self.filled(harness)
        let backup = try await harness.engine.backUpBoards()

        // When it is restored into a new store, which is opened again
        let fresh = try EngineHarness(kind)
        let boards = try await fresh.engine.restoreBoards(backup)
        let read = try await fresh.restarted().backUpBoards()

        // Then it reads back the same, in order
        #expect(boards.map(\.title) == ["Projects", "Work"])
        #expect(read.comparable == backup.comparable)
        #expect(read.boards[0].lists?.map(\.title) == ["To Do", "Waiting", "Doing", "Done"])
        #expect(read.boards[0].projects.map(\.title) == ["Water the plants"])
        let entry = try #require(read.boards.first { $0.board.id == work.id })
        #expect(entry.lists?.map(\.title) == ["To Do", "Doing", "Done", "Review", "Old ideas"])
        #expect(entry.lists?.map(\.isArchived) == [false, false, false, false, true])
        #expect(entry.lists?[3].limit == 2)
        #expect(entry.labels.map(\.displayName) == ["green", "Urgent"])
        #expect(
            entry.projects.map(\.title) == ["Plan the launch", "Old logo", "Draft the post", "A forgotten idea"])
        #expect(entry.projects.map(\.isArchived) == [false, true, false, false])
        let restored = try #require(entry.projects.first)
        #expect(restored.dueTime == DueTime(hour: 14, minute: 0, timeZone: "Asia/Seoul"))
        #expect(restored.labels.count == 2)
        #expect(entry.checklist(of: plan.id).map(\.text) == ["Book the room", "Invite the team"])
        #expect(entry.checklist(of: plan.id).map(\.isDone) == [true, false])
        #expect(entry.comments(of: plan.id).map(\.text) == ["Room 4.\nFriday.", "Which room, and when?"])
        #expect(entry.comments(of: plan.id).map { $0.editedAt != nil } == [false, true])
        // One save: one undo takes it all back
        try await fresh.engine.undoRedo.undo()
        #expect(try await fresh.engine.listBoards().map(\.title) == ["Projects"])
        #expect(try await fresh.engine.fetchLists(.default).map(\.list.title) == ["To Do", "Doing", "Done"])
    }

    @Test(
        "a copy on a new board of the same store maps every id, and one undo takes it back",
        arguments: StoreKind.allCases)
    func copy(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let (work, _) = try await Self.filled(harness)
        let backup = try await harness.engine.backUpBoards([work.id])

        let copy = try await harness.engine.restoreBoards(backup, intoNewBoardTitled: "Copy")
        let read = try await harness.restarted().backUpBoards([copy.id]).boards[0]

        let original = backup.boards[0]
        #expect(read.lists?.map(\.title) == original.lists?.map(\.title))
        #expect(read.projects.map(\.title) == original.projects.map(\.title))
        #expect(Set(read.projects.map(\.id)).isDisjoint(with: original.projects.map(\.id)))
        #expect(Set(read.labels.map(\.id)).isDisjoint(with: original.labels.map(\.id)))
        #expect(read.checklists.values.flatMap { $0 }.map(\.text) == ["Book the room", "Invite the team"])
        #expect(read.comments.values.flatMap { $0 }.count == 2)
        try await harness.engine.undoRedo.undo(onBoard: copy.id)
        #expect(try await harness.engine.listBoards().contains { $0.id == copy.id } == false)
    }

    @Test(
        "the backup of a Trello board holds every list, card and label, in order, and restores as it was",
        arguments: StoreKind.allCases)
    func trelloBoard(kind: StoreKind) async throws {
        // Given the small Trello board, imported
        let harness = try EngineHarness(kind)
        let data = try TrelloFixtures.data("small-board.json")
        let export = try TrelloBoard.decode(data)
        let report = try await harness.engine.importTrelloBoard(data)

        // When it is backed up
        let backup = try await harness.restarted().backUpBoards([report.board.id])

        // Then it holds every list in Trello's order, every card list by list (each list's open
        // cards, then its archived ones; cards Trello marks complete after the done list's own)
        let entry = try #require(backup.boards.first)
        let lists = try #require(entry.lists)
        #expect(lists.map(\.title) == ["Inbox", "To Do", "Waiting", "Doing", "Done", "Old ideas"])
        #expect(lists.map(\.stage) == [.todo, .todo, .todo, .doing, .done, .todo])
        #expect(lists.map(\.isArchived) == [false, false, false, false, false, true])
        var expected = export.lists.map { $0.cards.filter { !$0.isDueComplete } }
        let done = try #require(lists.firstIndex { $0.stage == .done && !$0.isArchived })
        expected[done] += export.cards.filter(\.isDueComplete)
        let titles = expected.flatMap { cards in
            cards.filter { !$0.isClosed }.map(\.title) + cards.filter(\.isClosed).map(\.title)
        }
        #expect(entry.projects.map(\.title) == titles)
        #expect(entry.projects.count == report.cards)
        #expect(entry.projects.filter(\.isArchived).map(\.title) == ["Old logo"])
        for (list, cards) in zip(lists, expected) {
            #expect(entry.projects.filter { $0.listID == list.id }.count == cards.count, "\(list.title)")
        }
        // every label, and every card's labels among them
        #expect(entry.labels.count == report.labels)
        #expect(entry.labels == (try await harness.engine.fetchLabels(report.board.id)))
        let labels = Set(entry.labels.map(\.id))
        for (card, source) in zip(
            entry.projects, expected.flatMap { $0.filter { !$0.isClosed } + $0.filter(\.isClosed) })
        {
            #expect(card.labels.count == Set(source.labels).count, "\(card.title)")
            #expect(card.labels.allSatisfy(labels.contains), "\(card.title)")
        }
        // every checklist item and comment the import brought
        #expect(entry.checklists.values.reduce(0) { $0 + $1.count } == report.checklistItems)
        #expect(entry.comments.values.reduce(0) { $0 + $1.count } == report.comments)

        // And restored into a new store, it reads back the same
        let fresh = try EngineHarness(kind)
        _ = try await fresh.engine.restoreBoards(backup)
        let read = try await fresh.restarted().backUpBoards([report.board.id])
        #expect(read.comparable == backup.comparable)
    }
}
