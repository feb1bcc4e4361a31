import Foundation
import ProjectManager

/// What `pm board --json` prints: the board, and its open lists as the board screen read them, in
/// order, each card whole.
///
/// ```json
/// {"board":{"createdAt":"…","fullID":"…","id":"0a1b2c3d","title":"Work"},
///  "columns":[{"count":1,"fullID":"…","id":"…","limit":null,"name":"To Do","overLimit":false,
///    "projects":[{…a card…}],"stage":"open","state":"todo","title":"To Do"}, …],"version":1}
/// ```
/// A column is one list: `state` is its stage's column code (`todo`, `doing`, `done`), as it was
/// when a board had just those three, and `stage` its word on the command line (`open`, `active`,
/// `done`); `title` and `name` are the list's name. Each card says how much of its checklist is
/// ticked (`"checklist":{"done":2,"total":5}`): one read of its checklist for each card shown.
struct BoardJSON: Encodable {
    struct Column: Encodable {
        var id: String
        var fullID: String
        var name: String
        var stage: String
        var state: String
        var title: String
        var count: Int
        @Null var limit: Int?
        var overLimit: Bool
        var projects: [CardObject]
    }

    var board: BoardObject
    var columns: [Column]

    /// `board` as `overview` shows it (the board screen's, or one filtered by a label), with the
    /// lists and labels of `items`.
    @MainActor
    init(
        of board: Board, overview: BoardOverview, items: BoardItems, on screens: Screens, in context: CommandContext
    ) async throws(CommandLineError) {
        let objects = try await context.jsonObjects(on: screens, projectIDs: ShortIDs(overview.projects))
        let checklists = try await screens.checklistProgress(of: overview.projects.map(\.id))
        self.board = objects.board(board)
        columns = overview.columns.map { column in
            let list = items.object(column.list, count: column.count)
            return Column(
                id: list.id, fullID: list.fullID, name: list.name, stage: list.stage, state: list.state,
                title: column.list.title, count: column.count, limit: list.limit, overLimit: column.isOverLimit,
                projects: column.items.map { item in
                    var card = items.card(item.project, objects: objects, on: board, checklists: checklists)
                    card.project.overdue = item.isOverdue
                    return card
                })
        }
    }
}
