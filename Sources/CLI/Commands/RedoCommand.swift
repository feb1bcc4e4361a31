import ProjectManager

/// `pm redo`: repeats what the last undo reverted.
struct RedoCommand: HistoryStepCommand {
    static let configuration = CommandConfiguration(
        name: "redo", abstract: "repeat what the last undo reverted",
        discussion: """
            A new change after an undo ends what can be redone. With nothing to redo, pm says so \
            and exits 1.
            """,
        options: [Option.board()] + JSONFormat.options(help: "print the entries taken back or put back as JSON"))

    static let event = HistoryViewModel.Event.redo
    static let done = "redid"

    var board: String?
    var json: JSONFormat?

    init(board: String? = nil, json: JSONFormat? = nil) {
        self.board = board
        self.json = json
    }
}
