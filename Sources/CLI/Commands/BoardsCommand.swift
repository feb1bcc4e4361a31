import Foundation
import ProjectManager

/// `pm boards`: lists the viewer's boards with how many projects each holds, the current one
/// marked.
///
/// ```
/// * Projects  3 projects (To Do 2, Doing 1, Done 0)
///   Work      1 project (To Do 1, Doing 0, Done 0)
/// ```
struct BoardsCommand: JSONReadCommand {
    static let configuration = CommandConfiguration(
        name: "boards", abstract: "list your boards with their counts, the current one marked '*'",
        discussion: """
            Signed in, your boards; signed out, the boards of no account. The current board (see pm \
            board use) is the one commands work on without \(Option.board().name). \(JSONFormat.flag().name) prints boards: each \
            board with current, projects and columns (todo, doing, done).
            """,
        options: JSONFormat.options())

    var json: JSONFormat?

    func run(in context: CommandContext) async throws(CommandLineError) {
        let directory = try await context.directory(on: context.readingScreens())
        let summaries = directory.summaries
        if let json {
            let objects = JSONObjects(
                projectIDs: ShortIDs(ids: []), boards: directory.boards, today: context.tool.engineEnvironment.today())
            try context.printJSON(Output(summaries: summaries, current: directory.current?.id, objects: objects), json)
            return
        }
        let titles = summaries.map { TerminalText.sanitized($0.board.title) }
        let width = titles.map(TerminalText.width(of:)).max() ?? 0
        context.print(
            zip(summaries, titles).map { summary, title in
                let isCurrent = summary.board.id == directory.current?.id
                let mark = isCurrent ? context.style.apply(.heading, to: "*") : " "
                let columns = ProjectState.allCases.map { "\($0.columnTitle) \(summary.count(in: $0))" }.joined(
                    separator: ", ")
                let count = BoardChanges.projects(summary.count)
                return "\(mark) \(TerminalText.padded(title, to: width))  \(count) "
                    + context.style.apply(.muted, to: "(\(columns))")
            })
    }

    /// What `--json` prints.
    struct Output: Encodable {
        /// A board, with whether it is current and its counts.
        struct Entry: Encodable {
            var id: String
            var fullID: String
            var title: String
            var createdAt: Date
            var current: Bool
            var projects: Int
            var columns: [String: Int]
        }

        var boards: [Entry]

        init(summaries: [BoardSummary], current: Board.ID?, objects: JSONObjects) {
            boards = summaries.map { summary in
                let board = objects.board(summary.board)
                return Entry(
                    id: board.id, fullID: board.fullID, title: board.title, createdAt: board.createdAt,
                    current: summary.board.id == current, projects: summary.count,
                    columns: Dictionary(
                        uniqueKeysWithValues: ProjectState.allCases.map { ($0.rawValue, summary.count(in: $0)) }))
            }
        }
    }
}
