import Foundation
import ProjectManager

/// The boards a remote shares, as `pm` names them: by their title when the viewer has them here,
/// else by their short id (a board joined by another account, or deleted here).
struct SharedBoards: Sendable {
    private let titles: [Board.ID: String]
    private let ids: ShortIDs

    /// The names of shared boards among the viewer's `boards`; `shared` are every board named, so
    /// that their short ids tell them apart.
    init(boards: [Board], shared: [Board.ID]) {
        titles = Dictionary(boards.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        ids = ShortIDs(uuids: Set(boards.map(\.id) + shared).map(\.rawValue))
    }

    /// The boards of the store `screens` open, as the board list reads them, for the boards of
    /// `remotes`.
    @MainActor
    init(context: CommandContext, screens: Screens, shared: [Board.ID]) async throws(CommandLineError) {
        self.init(boards: try await context.directory(on: screens).boards, shared: shared)
    }

    /// The board's title, made safe for a terminal, or `board 3f2a9c1e` when it is not here.
    func name(_ board: Board.ID) -> String {
        titles[board].map { TerminalText.sanitized($0) } ?? "board \(ids(board.rawValue))"
    }

    /// `Projects, Work`, or `no board` for none.
    func names(_ boards: [Board.ID]) -> String {
        boards.isEmpty ? "no board" : boards.map(name).joined(separator: ", ")
    }

    /// The board as `--json` writes it; the remote knows it by `remoteID` (`nil`: its own id).
    func object(_ board: Board.ID, remoteID: Board.ID? = nil) -> SharedBoardObject {
        SharedBoardObject(
            id: ids(board.rawValue), fullID: board.description, remoteID: (remoteID ?? board).description,
            title: titles[board])
    }
}
