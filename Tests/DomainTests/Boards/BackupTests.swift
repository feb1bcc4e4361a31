import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// A backup with lists, labels, checklists and comments: read back whole, put back as it was or
/// as a copy, and refused at the value that breaks a rule.
@Suite("Backing up and restoring lists, labels, checklists and comments")
struct BackupTests {
    static let ada = Account.ID(rawValue: SequentialIDs.id(900))
    static let bob = Account.ID(rawValue: SequentialIDs.id(901))
    static let made = Date(timeIntervalSince1970: 1_700_000_000)
    static let work = Board(id: Board.ID(rawValue: SequentialIDs.id(500)), title: "Work", createdAt: made)

    static func id(_ n: Int) -> UUID { SequentialIDs.id(n) }

    static func list(_ n: Int, _ title: String, _ stage: ProjectState, limit: Int? = nil, archived: Bool = false)
        -> BoardList
    {
        BoardList(
            id: BoardList.ID(rawValue: id(n)), boardID: work.id, title: title, stage: stage, rank: .initial,
            limit: limit, isArchived: archived)
    }

    static let backlog = list(600, "Backlog", .todo)
    static let review = list(601, "Review", .doing, limit: 2)
    static let shipped = list(602, "Shipped", .done)
    static let old = list(603, "Old ideas", .todo, archived: true)
    static let green = Label(id: Label.ID(rawValue: id(700)), boardID: work.id, name: "", colour: .green)
    static let urgent = Label(id: Label.ID(rawValue: id(701)), boardID: work.id, name: "Urgent", colour: .red)
    static let waiting = BoardList(
        id: BoardList.ID(rawValue: id(610)), boardID: .default, title: "Waiting", stage: .todo, rank: .initial)

    static func card(
        _ n: Int, _ title: String, in list: BoardList, archived: Bool = false, labels: [Label] = [],
        due: (Day, DueTime)? = nil
    ) -> Project {
        Project(
            id: Project.ID(rawValue: id(100 + n)), boardID: list.boardID, title: title, body: "body \(n)",
            deadline: due?.0, state: list.stage, list: list.id, createdAt: made,
            updatedAt: made.addingTimeInterval(Double(n)), dueTime: due?.1, labels: labels.map(\.id),
            assignees: n == 1 ? [ada] : [], isArchived: archived)
    }

    static let plan = card(
        1, "Plan the launch", in: backlog, labels: [urgent, green],
        due: (Day(year: 2026, month: 12, day: 24), DueTime(hour: 14, minute: 0, timeZone: "Asia/Seoul")!))

    /// The default board with a list of its own beside its standard ones, and a board with lists
    /// of its own only (an archived one holding a card), labels, an archived card, a checklist and
    /// two comments (the viewer's, newest, and an imported one).
    static var backup: Backup {
        let standard = BoardList.standard(on: .default)
        let home = Board(id: .default, title: "Home", createdAt: made.addingTimeInterval(-60))
        let items = [
            ChecklistItem(
                id: ChecklistItem.ID(rawValue: id(800)), projectID: plan.id, boardID: work.id, text: "Book the room",
                isDone: true),
            ChecklistItem(
                id: ChecklistItem.ID(rawValue: id(801)), projectID: plan.id, boardID: work.id, text: "Invite the team"),
        ]
        let comments = [
            Comment(
                id: Comment.ID(rawValue: id(811)), projectID: plan.id, boardID: work.id, author: ada,
                text: "Booked for Friday.\nRoom 4.", createdAt: made.addingTimeInterval(120),
                editedAt: made.addingTimeInterval(180)),
            Comment(
                id: Comment.ID(rawValue: id(810)), projectID: plan.id, boardID: work.id, author: nil,
                authorName: "Tom from Trello", text: "Which room?", createdAt: made.addingTimeInterval(60)),
        ]
        return Backup(boards: [
            Backup.Entry(
                board: home, lists: standard + [waiting], labels: [],
                projects: [card(10, "Water the plants", in: standard[0]), card(11, "Call the printer", in: waiting)]),
            Backup.Entry(
                board: work, lists: [backlog, review, shipped, old], labels: [green, urgent],
                projects: [
                    plan, card(2, "Draft the post", in: backlog), card(5, "Old logo", in: backlog, archived: true),
                    card(3, "Review the copy", in: review), card(4, "A forgotten idea", in: old),
                ],
                checklists: [plan.id: items], comments: [plan.id: comments]),
        ])
    }

    static func restore(into store: InMemoryProjectStore) -> RestoreBoards {
        RestoreBoards(store: store, environment: .test())
    }

    @Test(
        "restored as it was and read back, the backup is the same: lists, labels, cards, checklists, comments, in order"
    )
    func roundTrip() async throws {
        // Given a new store, signed in as the author of one of the comments
        let store = InMemoryProjectStore(signedIn: Self.ada)

        // When the backup is restored and read back
        let boards = try await Self.restore(into: store)(Self.backup)
        let read = try await BackUpBoards(boards: store, projects: store)(boards.map(\.id))

        // Then everything is as it was, in one save
        #expect(read.comparable == Self.backup.comparable)
        #expect(await store.saved.count == 1)
        let lists = try await store.lists(onBoard: Self.work.id)
        #expect(lists.map(\.title) == ["Backlog", "Review", "Shipped", "Old ideas"])
        #expect(lists.map(\.rank) == lists.map(\.rank).sorted())
        let restored = try await store.project(id: Self.plan.id)
        #expect(restored.dueTime == Self.plan.dueTime && restored.labels == [Self.urgent.id, Self.green.id])
        #expect(restored.assignees == [Self.ada])
        #expect(try await store.checklist(of: Self.plan.id).map(\.isDone) == [true, false])
        #expect(try await store.comments(of: Self.plan.id).map(\.editedAt) == [Self.made.addingTimeInterval(180), nil])
    }

    @Test("over a default board with a list of its own, the backup's lists come after it, and a name it has is refused")
    func overTheDefaultBoard() async throws {
        // Given a store whose default board has a list of its own and a card
        let store = InMemoryProjectStore()
        let environment = EngineEnvironment.test()
        try await AddList(store: store, environment: environment)("Someday", on: .default)
        _ = try await CreateProject(store: store, environment: environment)(ProjectDraft(title: "Kept"))

        // When the backup is restored over it
        _ = try await Self.restore(into: store)(Self.backup)

        // Then its lists come first, the backup's after, and the backup's cards after its own
        let lists = try await store.lists(onBoard: .default)
        #expect(lists.map(\.title) == ["Someday", "To Do", "Doing", "Done", "Waiting"])
        let todo = try await store.column(
            list: .standard(on: .default, .todo), onBoard: .default, offset: 0, limit: nil)
        #expect(todo.projects.map(\.title) == ["Kept", "Water the plants"])

        // And a list name the default board has already is refused, naming the backup's list
        let other = InMemoryProjectStore()
        try await AddList(store: other, environment: environment)("waiting", on: .default)
        await #expect(
            throws: RepositoryError.invalid(ValidationError([.listNameTaken("Waiting")], at: .list(Self.waiting.id)))
        ) {
            _ = try await Self.restore(into: other)(Self.backup)
        }
        #expect(await other.saved.count == 1)
    }

    @Test("a backup from before lists lands each card in its stage's standard list, and stores no list")
    func beforeLists() async throws {
        let store = InMemoryProjectStore()
        let old = Backup(boards: [
            Backup.Entry(
                board: Self.work,
                projects: [
                    Project(
                        id: Project.ID(rawValue: Self.id(120)), boardID: Self.work.id, title: "Done already",
                        state: .done, createdAt: Self.made),
                    Project(
                        id: Project.ID(rawValue: Self.id(121)), boardID: Self.work.id, title: "Next",
                        createdAt: Self.made),
                ])
        ])

        _ = try await Self.restore(into: store)(old)

        #expect(try await store.lists(onBoard: Self.work.id) == BoardList.standard(on: Self.work.id))
        let saved = try #require(await store.saved.last)
        #expect(!saved.changes.contains { if case .insertList = $0 { true } else { false } })
        let read = try await BackUpBoards(boards: store, projects: store)([Self.work.id])
        #expect(read.boards[0].projects.map(\.title) == ["Next", "Done already"])
        #expect(
            read.boards[0].projects.map(\.listID) == [
                .standard(on: Self.work.id, .todo), .standard(on: Self.work.id, .done),
            ])
    }

    @Test("a copy on a new board has new ids everywhere, the lists of every board in order, and the cards in them")
    func copy() async throws {
        let store = InMemoryProjectStore(signedIn: Self.ada)

        let board = try await Self.restore(into: store)(Self.backup, intoNewBoardTitled: "Copy")
        let read = try await BackUpBoards(boards: store, projects: store)([board.id]).boards[0]

        let lists = try #require(read.lists)
        #expect(
            lists.map(\.title) == ["To Do", "Doing", "Done", "Waiting", "Backlog", "Review", "Shipped", "Old ideas"])
        #expect(lists.map(\.isArchived) == [false, false, false, false, false, false, false, true])
        #expect(lists[5].limit == 2)
        #expect(Array(lists.prefix(3).map(\.id)) == BoardList.standard(on: board.id).map(\.id))
        let old = Set(Self.backup.boards.flatMap { ($0.lists ?? []).map(\.id) })
        #expect(Set(lists.dropFirst(3).map(\.id)).isDisjoint(with: old))
        #expect(
            read.projects.map(\.title) == [
                "Water the plants", "Call the printer", "Plan the launch", "Draft the post", "Old logo",
                "Review the copy", "A forgotten idea",
            ])
        #expect(Set(read.projects.map(\.id)).isDisjoint(with: Self.backup.projects.map(\.id)))
        #expect(read.labels.map(\.displayName) == ["green", "Urgent"])
        let plan = try #require(read.projects.first { $0.title == "Plan the launch" })
        #expect(plan.listID == lists[4].id && plan.labels == [read.labels[1].id, read.labels[0].id])
        #expect(read.checklist(of: plan.id).map(\.text) == ["Book the room", "Invite the team"])
        #expect(read.comments(of: plan.id).map(\.text) == ["Booked for Friday.\nRoom 4.", "Which room?"])
        #expect(read.comments(of: plan.id).map(\.author) == [Self.ada, nil])
        #expect(read.projects.first { $0.title == "Old logo" }?.isArchived == true)
        #expect(await store.saved.count == 1)
    }

    @Test("a copy makes one list of a title and stage, and numbers a title another stage has")
    func copyMergesLists() async throws {
        let store = InMemoryProjectStore()
        let other = Board(id: Board.ID(rawValue: Self.id(501)), title: "Other", createdAt: Self.made)
        let todo = BoardList(
            id: BoardList.ID(rawValue: Self.id(620)), boardID: other.id, title: "review", stage: .todo, rank: .initial)
        let backlog = BoardList(
            id: BoardList.ID(rawValue: Self.id(621)), boardID: other.id, title: "BACKLOG", stage: .todo, rank: .initial)
        var backup = Self.backup
        backup.boards.append(
            Backup.Entry(
                board: other, lists: [todo, backlog], labels: [],
                projects: [
                    Project(
                        id: Project.ID(rawValue: Self.id(130)), boardID: other.id, title: "Theirs", state: .todo,
                        list: backlog.id, createdAt: Self.made)
                ]))

        let board = try await Self.restore(into: store)(backup, intoNewBoardTitled: "Copy")

        let lists = try await store.lists(onBoard: board.id)
        #expect(lists.map(\.title).suffix(2) == ["Old ideas", "review (2)"])
        let backlogs = try await store.column(list: lists[4].id, onBoard: board.id, offset: 0, limit: nil)
        #expect(backlogs.projects.map(\.title) == ["Plan the launch", "Draft the post", "Theirs"])
    }

    @Test("another account's comment comes back as an imported one, named by its author's id")
    func anothersComment() async throws {
        let store = InMemoryProjectStore(signedIn: Self.bob)

        _ = try await Self.restore(into: store)(Self.backup)

        let comments = try await store.comments(of: Self.plan.id)
        #expect(comments.map(\.author) == [nil, nil])
        #expect(comments.map(\.authorName) == [Self.ada.description, "Tom from Trello"])
    }

    /// A value of ``backup`` broken, and the error naming it.
    enum Broken: CaseIterable, Sendable, CustomTestStringConvertible {
        case emptyListTitle, zeroLimit, listNameTwice, noOpenList, cardInMissingList, missingLabel
        case checklistItemOfTwoLines, emptyComment, cardTwice, labelNameTwice

        var testDescription: String { "\(self)" }

        func apply(to backup: inout Backup) {
            let plan = BackupTests.plan.id
            switch self {
            case .emptyListTitle: backup.boards[1].lists?[0].title = " "
            case .zeroLimit: backup.boards[1].lists?[1].limit = 0
            case .listNameTwice: backup.boards[1].lists?[2].title = "review"
            case .noOpenList: for index in 0..<3 { backup.boards[1].lists?[index].isArchived = true }
            case .cardInMissingList: backup.boards[1].lists?.remove(at: 3)
            case .missingLabel: backup.boards[1].labels.remove(at: 1)
            case .checklistItemOfTwoLines: backup.boards[1].checklists[plan]?[1].text = "a\nb"
            case .emptyComment: backup.boards[1].comments[plan]?[0].text = "\n"
            case .cardTwice: backup.boards[1].projects.append(BackupTests.plan)
            case .labelNameTwice: backup.boards[1].labels[0].name = "URGENT"
            }
        }

        var expected: ValidationError {
            switch self {
            case .emptyListTitle: ValidationError([.titleEmpty], at: .list(BackupTests.backlog.id))
            case .zeroLimit: ValidationError([.listLimitInvalid(0)], at: .list(BackupTests.review.id))
            case .listNameTwice: ValidationError([.listNameTaken("review")], at: .list(BackupTests.shipped.id))
            case .noOpenList: ValidationError([.lastOpenList], at: .board(BackupTests.work.id))
            case .cardInMissingList:
                ValidationError(
                    [.notInBackup(.list(BackupTests.old.id))], at: .project(Project.ID(rawValue: BackupTests.id(104))))
            case .missingLabel:
                ValidationError([.notInBackup(.label(BackupTests.urgent.id))], at: .project(BackupTests.plan.id))
            case .checklistItemOfTwoLines:
                ValidationError(
                    [.titleHasLineBreak], at: .checklistItem(ChecklistItem.ID(rawValue: BackupTests.id(801))))
            case .emptyComment:
                ValidationError([.commentEmpty], at: .comment(Comment.ID(rawValue: BackupTests.id(811))))
            case .cardTwice:
                ValidationError([.twiceInBackup(.project(BackupTests.plan.id))], at: .project(BackupTests.plan.id))
            case .labelNameTwice: ValidationError([.labelNameTaken("Urgent")], at: .label(BackupTests.urgent.id))
            }
        }
    }

    @Test(
        "a value that breaks a rule is refused, named, as it was or as a copy, and nothing is saved",
        arguments: Broken.allCases)
    func refused(_ broken: Broken) async throws {
        let store = InMemoryProjectStore()
        var backup = Self.backup
        broken.apply(to: &backup)

        let error = await #expect(throws: RepositoryError.self) {
            _ = try await Self.restore(into: store)(backup)
        }
        let copyError = await #expect(throws: RepositoryError.self) {
            _ = try await Self.restore(into: store)(backup, intoNewBoardTitled: "Copy")
        }

        #expect(error == .invalid(broken.expected))
        #expect(copyError == .invalid(broken.expected))
        #expect(throws: broken.expected) { try backup.validate() }
        #expect(await store.saved.isEmpty)
    }

    @Test("read back, a board's cards come list by list, each list's open cards then its archived ones")
    func readsListByList() async throws {
        let store = InMemoryProjectStore(signedIn: Self.ada)
        _ = try await Self.restore(into: store)(Self.backup)

        let read = try await BackUpBoards(boards: store, projects: store)()

        #expect(read.boards.map(\.board.title) == ["Home", "Work"])
        #expect(
            read.boards[1].projects.map(\.title) == [
                "Plan the launch", "Draft the post", "Old logo", "Review the copy", "A forgotten idea",
            ])
        #expect(read.boards[0].lists?.map(\.title) == ["To Do", "Doing", "Done", "Waiting"])
    }
}
