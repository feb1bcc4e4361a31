import Foundation
import ProjectManager

/// What `pm board --json` prints: the board, and its columns as the board screen shows them.
///
/// ```json
/// {"board":{"createdAt":"…","id":"…","title":"Work"},
///  "columns":[{"count":1,"projects":[{"deadline":"2026-03-20","fullID":"…","id":"3f2a9c1e",
///  "overdue":false,"preview":"","title":"Write report"}],"state":"todo","title":"To Do"}, …]}
/// ```
struct BoardJSON: Encodable {
    struct BoardInfo: Encodable {
        var id: String
        var title: String
        var createdAt: Date
    }

    struct Column: Encodable {
        var state: String
        var title: String
        var count: Int
        var projects: [Card]
    }

    struct Card: Encodable {
        var id: String
        var fullID: String
        var title: String
        var preview: String
        var deadline: String?
        var overdue: Bool

        enum CodingKeys: String, CodingKey { case id, fullID, title, preview, deadline, overdue }

        // `deadline` is written as null when there is none, so that every card has every key.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(fullID, forKey: .fullID)
            try container.encode(title, forKey: .title)
            try container.encode(preview, forKey: .preview)
            try container.encode(deadline, forKey: .deadline)
            try container.encode(overdue, forKey: .overdue)
        }
    }

    var board: BoardInfo
    var columns: [Column]

    /// `board`, as `screens` (its board screen) show it, as one line of JSON.
    @MainActor
    static func line(of board: Board, on screens: Screens) async throws(CommandLineError) -> String {
        let sections = try await screens.board()
        let shortIDs = ShortIDs(sections)
        let value = BoardJSON(
            board: BoardInfo(id: board.id.description, title: board.title, createdAt: board.createdAt),
            columns: sections.map { section in
                Column(
                    state: section.state.rawValue, title: section.title, count: section.count,
                    projects: section.rows.map { row in
                        Card(
                            id: shortIDs(row.id), fullID: row.id.description, title: row.title, preview: row.preview,
                            deadline: row.deadline, overdue: row.isOverdue)
                    })
            })
        return try CommandJSON.line(value)
    }
}
