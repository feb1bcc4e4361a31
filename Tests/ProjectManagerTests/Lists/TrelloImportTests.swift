import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// A Trello board export brought in through the engine, over both kinds of store.
@Suite("Importing a Trello board")
struct TrelloImportTests {
    static func titles(_ column: BoardOverview.Column) -> [String] { column.items.map(\.project.title) }

    @Test(
        "the small board: lists in pos order with stages, cards in order, labels, due times, archive, one undo step",
        arguments: StoreKind.allCases)
    func smallBoard(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let data = try TrelloFixtures.data("small-board.json")
        let export = try TrelloBoard.decode(data)

        let report = try await harness.engine.importTrelloBoard(data)
        #expect(report.board.title == "Launch plan")
        #expect((report.lists, report.archivedLists, report.cards, report.archivedCards) == (6, 1, 11, 1))
        #expect(report.labels == 13)
        #expect(!report.addedDoneList)
        #expect(report.notCarried["attachments", default: 0] > 0)
        #expect(report.members.count == 3)

        let engine = try harness.restarted()
        let lists = try await engine.fetchLists(report.board.id, archived: true)
        #expect(lists.map(\.list.title) == ["Inbox", "To Do", "Waiting", "Doing", "Done", "Old ideas"])
        #expect(lists.map(\.list.stage) == [.todo, .todo, .todo, .doing, .done, .todo])
        #expect(lists.map(\.list.isArchived) == [false, false, false, false, false, true])

        let board = try await engine.fetchBoard(report.board.id)
        let expected = export.lists.filter { !$0.isClosed }.map { list in
            list.cards.filter { !$0.isClosed && !$0.isDueComplete }.map(\.title)
        }
        #expect(board.columns.dropLast().map(Self.titles) == Array(expected.dropLast()))
        // The card Trello marks complete joins the first done list, after its own.
        #expect(Self.titles(board.columns[4]) == ["Pick a date", "Build landing page"])
        #expect(try await engine.fetchArchived(report.board.id).map(\.title) == ["Old logo"])

        let press = try #require(board.projects.first { $0.title == "Write press release" })
        #expect(press.deadline == Day("2026-12-24"))
        #expect(press.dueTime == DueTime(hour: 14, minute: 0, timeZone: TimeZone.gmt.identifier))
        let labels = try await engine.fetchLabels(report.board.id)
        #expect(labels.count == 13)
        #expect(Set(labels.map(\.colour)) == Set(LabelColour.allCases))
        let pick = try #require(board.projects.first { $0.title == "Pick a date" })
        #expect(pick.labels.count == 10)

        let exportedPress = try #require(export.cards.first { $0.title == "Write press release" })
        let items = try await engine.fetchChecklist(press.id)
        #expect(items.map(\.text) == exportedPress.checklists.flatMap { $0.items.map(\.name) })
        #expect(items.map(\.isDone) == exportedPress.checklists.flatMap { $0.items.map(\.isDone) })
        let comments = try await engine.fetchComments(press.id)
        #expect(comments.map(\.text) == exportedPress.comments.map(\.text))
        #expect(comments.map(\.createdAt) == exportedPress.comments.map(\.date))
        #expect(comments.map(\.authorName) == exportedPress.comments.map { $0.author?.fullName })
        let landing = try #require(board.projects.first { $0.title == "Build landing page" })
        let exportedLanding = try #require(export.cards.first { $0.title == "Build landing page" })
        #expect(
            try await engine.fetchChecklist(landing.id).map(\.text)
                == exportedLanding.checklists.flatMap { list in list.items.map { "\(list.name): \($0.name)" } })
        #expect(
            report.checklistItems == export.cards.reduce(0) { $0 + $1.checklists.reduce(0) { $0 + $1.items.count } })
        #expect(report.comments == export.cards.reduce(0) { $0 + $1.comments.count })

        #expect(
            try await engine.fetchHistory(onBoard: report.board.id, limit: 1).map(\.kind) == [
                .importedFromTrello(cards: 11)
            ])
        try await engine.undoRedo.undo(onBoard: report.board.id)
        #expect(try await engine.listBoards().contains { $0.id == report.board.id } == false)
    }

    @Test("lists named alike get a number each, whatever their case; an archived one may keep a taken name's number")
    func listsNamedAlike() async throws {
        let harness = try EngineHarness(.inMemory)
        var document = try #require(
            try JSONSerialization.jsonObject(with: TrelloFixtures.data("small-board.json")) as? [String: Any])
        let names: [(String, Bool)] = [
            ("Todo", false), ("todo", false), ("Todo (2)", false), ("Todo", true), ("Todo", false), ("", false),
        ]
        document["lists"] = names.enumerated().map { index, list in
            [
                "id": String(format: "6a0c%020x", index), "name": list.0, "closed": list.1, "pos": 1_000 * (index + 1),
                "idBoard": document["id"] ?? "",
            ] as [String: Any]
        }
        (document["cards"], document["checklists"], document["actions"]) = ([], [], [])
        let data = try JSONSerialization.data(withJSONObject: document)

        let report = try await harness.engine.importTrelloBoard(data)
        let lists = try await harness.engine.fetchLists(report.board.id, archived: true).map(\.list)

        #expect(lists.map(\.title) == ["Todo", "todo (2)", "Todo (2) (2)", "Todo (3)", "Todo (3)", "List 6"])
        #expect(lists.map(\.isArchived) == names.map(\.1))
    }

    @Test("several hundred cards keep each list's order", arguments: StoreKind.allCases)
    func largeBoard(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let data = try TrelloFixtures.data("large-board.json")
        let export = try TrelloBoard.decode(data)

        let report = try await harness.engine.importTrelloBoard(data, named: "Big")
        #expect(report.cards == 600)
        let board = try await harness.restarted().fetchBoard(report.board.id)
        #expect(board.board.title == "Big")
        let open = export.lists.filter { !$0.isClosed }
        for (column, list) in zip(board.columns, open) where column.list.stage != .done {
            #expect(Self.titles(column) == list.cards.filter { !$0.isClosed && !$0.isDueComplete }.map(\.title))
        }
        let closedLists = Set(export.lists.filter(\.isClosed).map(\.id))
        let visible = export.lists.flatMap { list in
            list.cards.filter { !$0.isClosed && (!closedLists.contains(list.id) || $0.isDueComplete) }
        }
        #expect(board.projects.count == visible.count)
        #expect(try await harness.engine.fetchArchived(report.board.id).count == export.cards.filter(\.isClosed).count)
    }

    @Test(
        "input that is not a Trello board is refused with the place named, and nothing is saved",
        arguments: ["not-json.txt", "not-a-board.json", "unknown-list.json"])
    func refused(file: String) async throws {
        let harness = try EngineHarness(.file)
        let before = try await harness.engine.listBoards()

        await #expect {
            try await harness.engine.importTrelloBoard(try TrelloFixtures.data(file))
        } throws: { error in
            guard let error = error as? ImportTrelloBoardError, case .export(let reason) = error else { return false }
            switch (file, reason) {
            case ("not-json.txt", .notJSON), ("not-a-board.json", .notABoard): return true
            case ("unknown-list.json", .unknownList(let card, _)): return card == "Lost card"
            default: return false
            }
        }
        #expect(try await harness.restarted().listBoards() == before)
    }
}
