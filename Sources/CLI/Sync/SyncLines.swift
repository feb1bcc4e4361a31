import Foundation
import ProjectManager

/// How `pm share`, `pm join` and `pm sync` say what a sync did with a remote: one line for what
/// went out and came in, and a warning for each file set aside.
enum SyncLines {
    /// `hub: sent 5, received 3, changed 2 here (Projects, Work)`, or `hub: up to date (Projects)`;
    /// `; waits for replicas/…/4.ops, set aside` after it for each file the sync waits for.
    static func summary(of remote: SyncReport.Remote, boards: SharedBoards) -> String {
        let shared = "(\(boards.names(remote.boards)))"
        let waits = remote.waiting.map { "; waits for \(TerminalText.sanitized($0)), set aside" }.joined()
        guard remote.sent > 0 || remote.received > 0 || remote.changed > 0 else {
            return "\(remote.name): \(waits.isEmpty ? "up to date" : "nothing new") \(shared)\(waits)"
        }
        return
            "\(remote.name): sent \(remote.sent), received \(remote.received), changed \(remote.changed) here \(shared)"
            + waits
    }

    /// Writes `pm: warning: hub: set aside PATH: REASON` for each file the sync did not apply, and
    /// `pm: warning: hub: REASON: the sync state was made again from the remote` when the state
    /// beside the store was damaged.
    @MainActor
    static func warnSetAside(of remote: SyncReport.Remote, in context: CommandContext) {
        if let damage = remote.rebuilt {
            context.warn(
                "\(remote.name): \(TerminalText.sanitized(damage)): the sync state was made again from the remote")
        }
        for file in remote.setAside {
            context.warn(
                "\(remote.name): set aside \(TerminalText.sanitized(file.path)): \(TerminalText.sanitized(file.reason))"
            )
        }
    }

    /// The time of the last sync, `2026-03-15 12:00` in the user's time zone, or `never`.
    @MainActor
    static func time(_ date: Date?, in context: CommandContext) -> String {
        guard let date else { return "never" }
        let environment = context.tool.engineEnvironment
        return Localizer(
            locale: Locale(identifier: "en_US"), calendar: environment.calendar, timeZone: environment.timeZone,
            dateStyle: .numeric
        ).time(date)
    }
}
