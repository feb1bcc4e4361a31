import ProjectManager

// MARK: - History, undo and redo

extension CommandLineTool {
    /// `pm history`: prints what happened on the board, newest first, each entry after its time.
    ///
    /// ```
    /// 2026-03-15 12:30  Moved 'Write report' from To Do to Doing
    /// 2026-03-15 12:00  Added 'Write report' to To Do
    /// ```
    @MainActor
    func showHistory(limit: Int?, on screens: Screens) async throws(CommandLineError) {
        let history = try await screens.history(limit: limit)
        guard !history.entries.isEmpty else {
            print(history.emptyText)
            return
        }
        let timeWidth = history.entries.map { TerminalText.width(of: $0.time) }.max() ?? 0
        print(history.entries.map { entry in
            style.apply(.muted, to: TerminalText.padded(entry.time, to: timeWidth)) + "  "
                + TerminalText.sanitized(entry.text)
        })
    }

    /// `pm undo` and `pm redo`: taps the history screen's button and prints each entry it took out
    /// of the history or put back.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` "nothing to undo" (or redo) when the button is
    ///   disabled; nothing is saved then.
    @MainActor
    func tap(_ button: HistoryViewModel.Event, on screens: Screens) async throws(CommandLineError) {
        let name = switch button {
        case .undo: (command: "undo", done: "undid")
        case .redo: (command: "redo", done: "redid")
        }
        guard let entries = try await screens.tap(button) else { throw .runtime("nothing to \(name.command)") }
        guard !entries.isEmpty else {
            print("\(name.done) a change that has no history entry")
            return
        }
        print(entries.map { "\(name.done): \(TerminalText.sanitized($0.text))" })
    }
}
