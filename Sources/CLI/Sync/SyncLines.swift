import Foundation
import ProjectManager

/// How `pm share`, `pm join` and `pm sync` say what a sync did with a remote: one line for what
/// went out and came in, and a warning for each file set aside.
enum SyncLines {
    /// `hub: sent 5, received 3, changed 2 here (Projects, Work)`, or `hub: up to date (Projects)`.
    static func summary(of remote: SyncReport.Remote, boards: SharedBoards) -> String {
        let shared = "(\(boards.names(remote.boards)))"
        guard remote.sent > 0 || remote.received > 0 || remote.changed > 0 else {
            return "\(remote.name): up to date \(shared)"
        }
        return
            "\(remote.name): sent \(remote.sent), received \(remote.received), changed \(remote.changed) here \(shared)"
    }

    /// Writes `pm: warning: hub: set aside PATH: REASON` for each file the sync did not apply.
    @MainActor
    static func warnSetAside(of remote: SyncReport.Remote, in context: CommandContext) {
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
