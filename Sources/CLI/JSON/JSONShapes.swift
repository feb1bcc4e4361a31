import Foundation
import ProjectManager

// The objects every `--json` is made of, each written one way everywhere (Docs/CLI.md, "JSON"):
// ids as the short id `pm` shows and `fullID`, lower case; columns by their code (`todo`); days as
// `YYYY-MM-DD` and instants as ISO 8601; every key present, `null` when there is no value.

/// A board: `{"id", "fullID", "title", "createdAt"}`.
struct BoardObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var title: String
    var createdAt: Date
}

/// A project: `{"id", "fullID", "title", "body", "state", "deadline", "repeat", "overdue",
/// "board", "createdAt", "updatedAt"}`.
struct ProjectObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var title: String
    var body: String
    var state: String
    @Null var deadline: String?
    @Null var `repeat`: RepeatObject?
    var overdue: Bool
    var board: BoardObject
    var createdAt: Date
    var updatedAt: Date
}

/// How a project repeats: `{"rule", "start", "exceptions"}`.
struct RepeatObject: Encodable, Hashable, Sendable {
    var rule: String
    var start: String
    var exceptions: [String]

    init(_ recurrence: Recurrence) {
        rule = recurrence.rule.description
        start = recurrence.start.description
        exceptions = recurrence.exceptions.sorted().map(\.description)
    }
}

/// Where a project stands in its column: `{"position", "count"}`, counted from 1.
struct PlaceObject: Encodable, Hashable, Sendable {
    var position: Int
    var count: Int
}

/// A history entry: `{"text", "time"}`.
struct EntryObject: Encodable, Hashable, Sendable {
    var text: String
    @Null var time: Date?

    init(_ entry: HistoryEntry) {
        text = entry.text
        time = entry.date
    }
}

/// An account: `{"id", "fullID", "email", "createdAt"}`.
struct AccountObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var email: String
    var createdAt: Date

    init(_ account: Account) {
        id = ShortIDs.digits(of: account.id.rawValue, length: ShortIDs.preferredLength)
        fullID = account.id.description
        email = account.email.description
        createdAt = account.createdAt
    }
}

/// Who is signed in: `{"signedIn", "account", "signedInAt", "expiresAt"}`.
struct SessionObject: Encodable, Hashable, Sendable {
    var signedIn: Bool
    @Null var account: AccountObject?
    @Null var signedInAt: Date?
    @Null var expiresAt: Date?

    init(_ session: Session?) {
        signedIn = session != nil
        account = session.map { AccountObject($0.account) }
        signedInAt = session?.signedInAt
        expiresAt = session?.expiresAt
    }
}

/// Makes the objects of one command's JSON: its short ids, its boards and its day.
struct JSONObjects: Sendable {
    /// How the projects' ids are shown, as the command's text shows them.
    let projectIDs: ShortIDs
    /// How the boards' ids are shown.
    let boardIDs: ShortIDs
    /// The boards the projects stand on, by id.
    let boards: [Board.ID: Board]
    /// Today, for `overdue`.
    let today: Day

    init(projectIDs: ShortIDs, boards: [Board], today: Day) {
        self.projectIDs = projectIDs
        boardIDs = ShortIDs(uuids: boards.map(\.id.rawValue))
        self.boards = Dictionary(boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.today = today
    }

    func board(_ board: Board) -> BoardObject {
        BoardObject(
            id: boardIDs(board.id.rawValue), fullID: board.id.description, title: board.title,
            createdAt: board.createdAt)
    }

    /// `project`, on its board (or `board` when given).
    func project(_ project: Project, on board: Board? = nil) -> ProjectObject {
        let board =
            board ?? boards[project.boardID] ?? Board(id: project.boardID, title: "", createdAt: project.createdAt)
        return ProjectObject(
            id: projectIDs(project.id), fullID: project.id.description, title: project.title, body: project.body,
            state: project.state.rawValue, deadline: project.deadline?.description,
            repeat: project.recurrence.map(RepeatObject.init), overdue: project.isOverdue(on: today),
            board: self.board(board), createdAt: project.createdAt, updatedAt: project.updatedAt)
    }
}
