import Foundation
import ProjectManager

/// What `pm board --json` prints: the board, and its columns as the board screen read them, each
/// project whole.
///
/// ```json
/// {"board":{"createdAt":"…","fullID":"…","id":"0a1b2c3d","title":"Work"},
///  "columns":[{"count":1,"projects":[{…a project…}],"state":"todo","title":"To Do"}, …],"version":1}
/// ```
struct BoardJSON: Encodable {
    struct Column: Encodable {
        var state: String
        var title: String
        var count: Int
        var projects: [ProjectObject]
    }

    var board: BoardObject
    var columns: [Column]

    /// `board`, as `screens` (its board screen) read it.
    @MainActor
    init(of board: Board, on screens: Screens, in context: CommandContext) async throws(CommandLineError) {
        let overview = try await screens.overview()
        let objects = try await context.jsonObjects(on: screens, projectIDs: ShortIDs(overview.projects))
        self.board = objects.board(board)
        columns = overview.columns.map { column in
            Column(
                state: column.state.rawValue, title: column.state.columnTitle, count: column.count,
                projects: column.items.map { objects.project($0.project, on: board) })
        }
    }
}
