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

/// How a project repeats: `{"rule", "start", "exceptions", "completions", "owedFrom"}` (the days
/// skipped, the occurrences done, and the day occurrences are owed from, or `null`).
struct RepeatObject: Encodable, Hashable, Sendable {
    var rule: String
    var start: String
    var exceptions: [String]
    var completions: [String]
    @Null var owedFrom: String?

    init(_ recurrence: Recurrence) {
        rule = recurrence.rule.description
        start = recurrence.start.description
        exceptions = recurrence.exceptions.sorted().map(\.description)
        completions = recurrence.completions.sorted().map(\.description)
        owedFrom = recurrence.owedFrom?.description
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
    @Null var author: String?

    init(_ entry: HistoryEntry) {
        text = entry.text
        time = entry.date
        author = entry.author
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
    /// The instant it is, for `overdue` of a project due at a time of day; `nil` judges by the
    /// day alone.
    let now: Date?

    init(projectIDs: ShortIDs, boards: [Board], today: Day, now: Date? = nil) {
        self.projectIDs = projectIDs
        boardIDs = ShortIDs(uuids: boards.map(\.id.rawValue))
        self.boards = Dictionary(boards.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.today = today
        self.now = now
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
            repeat: project.recurrence.map(RepeatObject.init),
            overdue: now.map { project.isOverdue(at: $0, today: today) } ?? project.isOverdue(on: today),
            board: self.board(board), createdAt: project.createdAt, updatedAt: project.updatedAt)
    }
}

// MARK: - Lists, labels and cards

/// A list of a board: `{"id", "fullID", "name", "stage", "state", "count", "limit", "overLimit",
/// "archived"}`; `stage` is `open`, `active` or `done`, `state` the same as a column's code.
struct ListObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var name: String
    var stage: String
    var state: String
    var count: Int
    @Null var limit: Int?
    var overLimit: Bool
    var archived: Bool
}

/// The list a card stands in: `{"id", "fullID", "name"}`.
struct ListReference: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var name: String
}

/// A label of a board: `{"id", "fullID", "name", "color"}`; `name` is empty for a label known by
/// its colour alone.
struct LabelObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var name: String
    var color: String
}

/// The time of day a card is due at on its deadline: `{"local", "timeZone"}`, `"14:00"` in
/// `"Asia/Seoul"`.
struct DueTimeObject: Encodable, Hashable, Sendable {
    var local: String
    var timeZone: String
}

/// How much of a card's checklist is ticked: `{"done", "total"}`, `{"done": 0, "total": 0}` for a
/// card without one.
struct ChecklistObject: Encodable, Hashable, Sendable {
    var done: Int
    var total: Int

    init(_ progress: ChecklistProgress) {
        done = progress.done
        total = progress.total
    }
}

/// A card: a project's keys (``ProjectObject``), then `"list"`, `"labels"`, `"dueTime"` (`null`
/// for a deadline of the whole day), `"dueAt"` (the instant of that time, ISO 8601), `"archived"`
/// and `"checklist"` (``ChecklistObject``).
struct CardObject: Encodable, Hashable, Sendable {
    var project: ProjectObject
    @Null var list: ListReference?
    var labels: [LabelObject]
    @Null var dueTime: DueTimeObject?
    @Null var dueAt: Date?
    var archived: Bool
    var checklist: ChecklistObject

    private enum Key: String, CodingKey { case list, labels, dueTime, dueAt, archived, checklist }

    func encode(to encoder: any Encoder) throws {
        try project.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(_list, forKey: .list)
        try container.encode(labels, forKey: .labels)
        try container.encode(_dueTime, forKey: .dueTime)
        try container.encode(_dueAt, forKey: .dueAt)
        try container.encode(archived, forKey: .archived)
        try container.encode(checklist, forKey: .checklist)
    }
}

// MARK: - The back of a card, and members

/// An account a board or a card names: `{"id", "fullID", "email"}`; `email` is `null` for an
/// account the store's accounts do not have.
struct MemberObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    @Null var email: String?
}

/// An item of a card's checklist: `{"id", "fullID", "number", "text", "done"}`; `number` counts
/// from 1, as `pm check` takes it.
struct ChecklistItemObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var number: Int
    var text: String
    var done: Bool
}

/// A comment on a card: `{"id", "fullID", "number", "author", "account", "text", "createdAt",
/// "editedAt"}`. `number` counts from 1, newest first, as `pm comment edit` takes it; `author` is
/// who wrote it as the text shows it (an email, an imported author's name, or `nobody`), and
/// `account` the account that wrote it (`null` for an imported comment or nobody); `editedAt` is
/// `null` for a comment never edited.
struct CommentObject: Encodable, Hashable, Sendable {
    var id: String
    var fullID: String
    var number: Int
    var author: String
    @Null var account: MemberObject?
    var text: String
    var createdAt: Date
    @Null var editedAt: Date?
}

/// A board's lists (archived ones too) and labels, to write its cards and lists as JSON and text.
struct BoardItems: Sendable {
    /// Every list of the board, in order, archived ones too.
    let lists: [BoardList]
    /// The board's labels, by name.
    let labels: [Label]
    /// How the labels' ids are shown.
    let labelIDs: ShortIDs
    private let labelsByID: [Label.ID: Label]

    init(lists: [BoardList], labels: [Label]) {
        self.lists = lists
        self.labels = labels
        labelIDs = ShortIDs(uuids: labels.map(\.id.rawValue))
        labelsByID = Dictionary(labels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The lists and labels of the board `screens` show.
    @MainActor
    init(of screens: Screens) async throws(CommandLineError) {
        self.init(lists: try await screens.lists(archived: true).map(\.list), labels: try await screens.labels())
    }

    /// The short form of a list's id: its first eight digits, or as many more as tell it from the
    /// board's other lists (a board's standard lists differ only in their last digits).
    func listID(_ id: BoardList.ID) -> String {
        let others = lists.map(\.id.rawValue).filter { $0 != id.rawValue }
        var length = ShortIDs.preferredLength
        while length < 32,
            others.contains(where: {
                ShortIDs.digits(of: $0, length: length) == ShortIDs.digits(of: id.rawValue, length: length)
            })
        {
            length += 1
        }
        return ShortIDs.digits(of: id.rawValue, length: length)
    }

    /// The list `id`, when it is the board's.
    func list(_ id: BoardList.ID) -> BoardList? {
        lists.first { $0.id == id }
    }

    /// The labels on `project`, in the order they were put on.
    func labels(of project: Project) -> [Label] {
        project.labels.compactMap { labelsByID[$0] }
    }

    /// `list`, holding `count` cards.
    func object(_ list: BoardList, count: Int) -> ListObject {
        ListObject(
            id: listID(list.id), fullID: list.id.description, name: list.title, stage: list.stage.stageWord,
            state: list.stage.rawValue, count: count, limit: list.limit, overLimit: list.isOver(count: count),
            archived: list.isArchived)
    }

    /// `label`.
    func object(_ label: Label) -> LabelObject {
        LabelObject(
            id: labelIDs(label.id.rawValue), fullID: label.id.description, name: label.name,
            color: label.colour.rawValue)
    }

    /// `project` as a card, its project's keys written by `objects`, on `board` when given, with
    /// how much of its checklist is ticked (`checklists`, by project; none when it is not there).
    func card(
        _ project: Project, objects: JSONObjects, on board: Board? = nil,
        checklists: [Project.ID: ChecklistProgress]
    ) -> CardObject {
        let list = self.list(project.listID).map {
            ListReference(id: listID($0.id), fullID: $0.id.description, name: $0.title)
        }
        let dueAt = project.deadline.flatMap { day in project.dueTime?.instant(on: day) }
        return CardObject(
            project: objects.project(project, on: board), list: list, labels: labels(of: project).map(object),
            dueTime: project.dueTime.map { DueTimeObject(local: $0.description, timeZone: $0.timeZone) },
            dueAt: dueAt, archived: project.isArchived,
            checklist: ChecklistObject(checklists[project.id] ?? ChecklistProgress(done: 0, total: 0)))
    }
}
