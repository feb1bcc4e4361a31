import Foundation
import ProjectManager

// The objects `pm export --json` writes beside a board's and a project's (Docs/CLI.md, "JSON"):
// lists and labels, which `pm` names by their titles, by their whole id (`fullID`); a project's
// list, labels, assignees and comments' authors by whole id too.

/// A board's list: `{"fullID", "title", "stage", "limit", "archived"}`.
struct BackupListObject: Encodable, Hashable, Sendable {
    var fullID: String
    var title: String
    var stage: String
    @Null var limit: Int?
    var archived: Bool

    init(_ list: BoardList) {
        fullID = list.id.description
        title = list.title
        stage = list.stage.rawValue
        limit = list.limit
        archived = list.isArchived
    }
}

/// A board's label: `{"fullID", "name", "colour"}`, the colour Trello's name or `none`.
struct BackupLabelObject: Encodable, Hashable, Sendable {
    var fullID: String
    var name: String
    var colour: String

    init(_ label: Label) {
        fullID = label.id.description
        name = label.name
        colour = label.colour.rawValue
    }
}

/// A time of day a project is due at: `{"hour", "minute", "timeZone"}`.
struct BackupDueTimeObject: Encodable, Hashable, Sendable {
    var hour: Int
    var minute: Int
    var timeZone: String

    init(_ time: DueTime) {
        hour = time.hour
        minute = time.minute
        timeZone = time.timeZone
    }
}

/// A checklist item: `{"text", "done"}`.
struct BackupChecklistItemObject: Encodable, Hashable, Sendable {
    var text: String
    var done: Bool

    init(_ item: ChecklistItem) {
        text = item.text
        done = item.isDone
    }
}

/// A comment: `{"text", "author", "authorName", "createdAt", "editedAt"}`: its author's account
/// id, or the name of an imported comment's author; `null` for the other, and both for a comment
/// written while nobody was signed in.
struct BackupCommentObject: Encodable, Hashable, Sendable {
    var text: String
    @Null var author: String?
    @Null var authorName: String?
    var createdAt: Date
    @Null var editedAt: Date?

    init(_ comment: Comment) {
        text = comment.text
        author = comment.author?.description
        authorName = comment.authorName
        createdAt = comment.createdAt
        editedAt = comment.editedAt
    }
}

/// A project as a backup holds it: the project's keys (``ProjectObject``), and `"list"`,
/// `"dueTime"`, `"labels"`, `"assignees"`, `"archived"`, `"checklist"` (in order) and
/// `"comments"` (newest first).
struct ExportedProject: Encodable {
    var project: ProjectObject
    var list: String
    var dueTime: BackupDueTimeObject?
    var labels: [String]
    var assignees: [String]
    var archived: Bool
    var checklist: [BackupChecklistItemObject]
    var comments: [BackupCommentObject]

    init(_ object: ProjectObject, of project: Project, checklist: [ChecklistItem], comments: [Comment]) {
        self.project = object
        list = project.listID.description
        dueTime = project.dueTime.map(BackupDueTimeObject.init)
        labels = project.labels.map(\.description)
        assignees = project.assignees.map(\.description)
        archived = project.isArchived
        self.checklist = checklist.map(BackupChecklistItemObject.init)
        self.comments = comments.map(BackupCommentObject.init)
    }

    private enum Key: String, CodingKey {
        case list, dueTime, labels, assignees, archived, checklist, comments
    }

    /// The project's keys, then the backup's, in one object.
    func encode(to encoder: any Encoder) throws {
        try project.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(list, forKey: .list)
        // `null`, not a missing key, for no time: every object has every key.
        try container.encode(dueTime, forKey: .dueTime)
        try container.encode(labels, forKey: .labels)
        try container.encode(assignees, forKey: .assignees)
        try container.encode(archived, forKey: .archived)
        try container.encode(checklist, forKey: .checklist)
        try container.encode(comments, forKey: .comments)
    }
}
