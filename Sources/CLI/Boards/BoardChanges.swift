import Foundation
import ProjectManager

/// What `pm board new`, `rename`, `delete` and `use` do, each from the board list as an app's is
/// used, checked against the boards' names first so that a refused change writes nothing.
@MainActor
struct BoardChanges {
    let context: CommandContext
    /// How to print what was done as JSON; text when `nil`.
    var json: JSONFormat?

    /// `board` as a JSON object, its short id among `boards`'.
    private func object(_ board: Board, among boards: [Board]) -> BoardObject {
        JSONObjects(
            projectIDs: ShortIDs(ids: []), boards: boards + [board], today: context.tool.engineEnvironment.today()
        )
        .board(board)
    }

    private struct Created: Encodable { var board: BoardObject }
    private struct Renamed: Encodable {
        var changed: Bool
        var board: BoardObject
    }
    private struct Deleted: Encodable {
        var deleted: BoardObject
        var projects: Int
    }
    private struct Current: Encodable { var current: BoardObject }

    /// Makes a board titled `title`.
    /// - Throws: ``CommandLineError/runtime(_:)`` when another board has that name, in any case,
    ///   or the title breaks the rules.
    func create(_ title: String) async throws(CommandLineError) {
        let screens = try context.screens()
        let directory = try await context.directory(on: screens)
        try directory.checkFree(title)
        let board = try await screens.createBoard(title)
        if let json {
            try context.printJSON(Created(board: object(board, among: directory.boards)), json)
            return
        }
        let name = TerminalText.sanitized(board.title)
        context.print("created board '\(name)'; pm board use '\(name)' makes it the current board")
    }

    /// Renames the board `name` finds to `title`.
    func rename(_ name: String, to title: String) async throws(CommandLineError) {
        let screens = try context.screens()
        let directory = try await context.directory(on: screens)
        let board = try directory.board(name)
        try directory.checkFree(title, renaming: board.id)
        let renamed = try await screens.renameBoard(board.id, to: title)
        if let json {
            try context.printJSON(
                Renamed(changed: renamed.title != board.title, board: object(renamed, among: directory.boards)), json)
            return
        }
        guard renamed.title != board.title else {
            context.print("nothing changed: the board is already named '\(TerminalText.sanitized(board.title))'")
            return
        }
        context.print(
            "renamed board '\(TerminalText.sanitized(board.title))' to '\(TerminalText.sanitized(renamed.title))'")
    }

    /// Deletes the board `name` finds and its projects, once the user said yes on the terminal
    /// (or `confirmed` with `--yes`).
    /// - Throws: ``CommandLineError/usage(_:)`` when it is not confirmed and there is no terminal
    ///   to ask on; ``CommandLineError/runtime(_:)`` when the user says no.
    func delete(_ name: String, confirmed: Bool) async throws(CommandLineError) {
        // What the user said yes to: that board with that many projects.
        var asked: (board: Board.ID, count: Int)?
        if !confirmed {
            guard let terminal = context.tool.terminal else {
                throw .usage(
                    "'pm board delete' asks before it deletes a board, and there is no terminal to ask on: add \(BoardCommand.yes.name)"
                )
            }
            // Asked before the store is opened for writing, so that no lock is held while the user thinks.
            let directory = try await context.directory(on: context.readingScreens())
            let board = try directory.board(name)
            let count = directory.count(of: board)
            let question =
                "Delete board '\(TerminalText.sanitized(board.title))' and its \(Self.projects(count))? [y/N] "
            let answer = terminal.readLine(question, true)?.trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else {
                throw .runtime("board '\(TerminalText.sanitized(board.title))' not deleted: the answer was not yes")
            }
            asked = (board.id, count)
        }
        let screens = try context.screens()
        let directory = try await context.directory(on: screens)
        let board = try directory.board(name)
        let count = directory.count(of: board)
        // Another process may have changed the board while the question waited.
        if let asked, asked.board != board.id || asked.count != count {
            throw .runtime(
                "board '\(TerminalText.sanitized(board.title))' not deleted: it changed while you were asked (it has \(Self.projects(count)) now); ask again"
            )
        }
        try await screens.deleteBoard(board.id)
        if let json {
            try context.printJSON(Deleted(deleted: object(board, among: directory.boards), projects: count), json)
        } else {
            context.print("deleted board '\(TerminalText.sanitized(board.title))' and its \(Self.projects(count))")
        }
        // The board is gone and reads as no current board anyway: forgetting it is tidying only.
        if directory.current?.id == board.id {
            do throws(CommandLineError) {
                try context.currentBoardFile()?.setCurrentBoard(nil, for: directory.viewer)
            } catch {
                context.warn("the board was deleted, but the current board could not be forgotten: \(error)")
            }
        }
    }

    /// Makes the board `name` finds the viewer's current board.
    func use(_ name: String) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        let directory = try await context.directory(on: screens)
        let board = try directory.board(name)
        guard let file = try context.currentBoardFile() else {
            throw .runtime("there is no settings file to keep the current board in")
        }
        try file.setCurrentBoard(board.id, for: directory.viewer)
        if let json {
            try context.printJSON(Current(current: object(board, among: directory.boards)), json)
            return
        }
        context.print("now on board '\(TerminalText.sanitized(board.title))'")
    }

    /// `1 project`, `3 projects`.
    static func projects(_ count: Int) -> String {
        count == 1 ? "1 project" : "\(count) projects"
    }
}
