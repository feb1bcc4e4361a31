import ProjectManager

/// `pm labels`: a board's labels, by name, with their colours and how many cards carry each.
///
/// ```
/// $ pm labels
/// Bug     purple  1 card
/// Urgent  red     2 cards
/// ```
struct LabelsCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "labels", abstract: "list a board's labels, with their colours",
        discussion:
            "Each line is a label: its name (a label without one shows its colour), its colour, and how many cards carry it.",
        options: [board] + JSONFormat.options(help: "print the labels as JSON"))

    /// The board, by name; the current board when `nil`.
    var board: String?
    /// How to print the labels as JSON; text when `nil`.
    var json: JSONFormat?

    init(board: String? = nil, json: JSONFormat? = nil) {
        (self.board, self.json) = (board, json)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        json = try JSONFormat.parse(arguments)
    }

    /// What `--json` prints: the board and its labels.
    private struct Output: Encodable {
        var board: BoardObject
        var labels: [LabelObject]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let (screens, board) = try await context.open(board: board, readOnly: true)
        let labels = try await screens.labels()
        if let json {
            let items = BoardItems(lists: [], labels: labels)
            let objects = try await context.jsonObjects(on: screens, projectIDs: ShortIDs(ids: []))
            try context.printJSON(Output(board: objects.board(board), labels: labels.map(items.object)), json)
            return
        }
        guard !labels.isEmpty else {
            context.print(
                "no labels on board '\(TerminalText.sanitized(board.title))': pm label add NAME --color COLOR makes one"
            )
            return
        }
        let cards = try await screens.overview().projects + screens.archivedProjects()
        let names = labels.map { TerminalText.sanitized($0.displayName) }
        let width = names.map { TerminalText.width(of: $0) }.max() ?? 0
        context.print(
            zip(labels, names).map { label, name in
                let count = cards.filter { $0.labels.contains(label.id) }.count
                return TerminalText.padded(name, to: width) + "  " + TerminalText.padded(label.colour.rawValue, to: 6)
                    + "  " + (count == 1 ? "1 card" : "\(count) cards")
            })
    }
}
