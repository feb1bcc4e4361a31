import Foundation
import ProjectManager

/// The boards the viewer sees, with their counts, which of them is current, and the names that
/// find them.
///
/// A name finds the board titled so; when none is, the one board titled so in another case
/// (`work` finds `Work`). The current board is the one `pm board use` chose for the viewer (the
/// signed-in account, or no account), else the viewer's first: the default board signed out.
struct BoardDirectory: Sendable {
    /// Who looks: the signed-in account, or `nil`.
    let viewer: Account.ID?
    /// The viewer's boards with each column's count, oldest first.
    let summaries: [BoardSummary]
    /// The board commands work on when no `--board` is given; `nil` when the viewer has none.
    let current: Board?

    /// The directory of the boards `summaries` count, with `chosen` as the current board when it
    /// is among them.
    init(viewer: Account.ID?, summaries: [BoardSummary], chosen: Board.ID?) {
        self.viewer = viewer
        self.summaries = summaries
        let boards = summaries.map(\.board)
        current = boards.first { $0.id == chosen } ?? boards.first { $0.id == .default } ?? boards.first
    }

    /// The viewer's boards, oldest first.
    var boards: [Board] { summaries.map(\.board) }

    /// How many projects `board` holds.
    func count(of board: Board) -> Int {
        summaries.first { $0.id == board.id }?.count ?? 0
    }

    /// The board `name` finds.
    /// - Throws: ``BoardNameError/unknown(_:nearest:)`` or ``BoardNameError/ambiguous(_:matches:)``.
    /// - Complexity: O(*b*) for *b* boards; a suggestion O(*b* · *n*²) for names of *n* characters.
    func board(named name: String) throws(BoardNameError) -> Board {
        if let board = boards.first(where: { $0.title == name }) { return board }
        let folded = boards.filter { $0.title.lowercased() == name.lowercased() }
        switch folded.count {
        case 1: return folded[0]
        case 0: throw .unknown(name, nearest: Suggestion.nearest(to: name, among: boards.map(\.title)))
        default: throw .ambiguous(name, matches: folded.map(\.title))
        }
    }

    /// The board `name` finds, or the current board when `name` is `nil`.
    /// - Throws: ``CommandLineError/runtime(_:)`` with the ``BoardNameError``: the name finds no
    ///   board, or the viewer has none.
    func board(_ name: String?) throws(CommandLineError) -> Board {
        do throws(BoardNameError) {
            guard let name else {
                guard let current else { throw .noBoards }
                return current
            }
            return try board(named: name)
        } catch {
            throw .runtime(error.description)
        }
    }

    /// Checks that no board but `renamed` is called `name`, in any case.
    /// - Throws: ``CommandLineError/runtime(_:)`` with ``BoardNameError/taken(_:)``.
    func checkFree(_ name: String, renaming renamed: Board.ID? = nil) throws(CommandLineError) {
        let title = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let other = boards.first(where: { $0.id != renamed && $0.title.lowercased() == title }) {
            throw .runtime(BoardNameError.taken(other.title).description)
        }
    }
}
