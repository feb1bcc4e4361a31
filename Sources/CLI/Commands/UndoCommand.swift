import ProjectManager

/// `pm undo`: reverts the last change, even one an earlier run made.
struct UndoCommand: HistoryStepCommand {
    static let configuration = CommandConfiguration(
        name: "undo", abstract: "revert the last change to the board (a card, a star, a skip, the board itself)",
        discussion: """
            Undo reaches back across runs: the store keeps the last 100 steps. With nothing to \
            undo, pm says so and exits 1.
            """,
        options: [Option.board()] + JSONFormat.options(help: "print the entries taken back or put back as JSON"))

    static let event = HistoryViewModel.Event.undo
    static let done = "undid"

    var board: String?
    var json: JSONFormat?

    init(board: String? = nil, json: JSONFormat? = nil) {
        self.board = board
        self.json = json
    }
}
