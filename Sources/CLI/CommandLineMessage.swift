import Foundation
import ProjectManager

/// An error or a warning as `pm` reports it, in one line without the `pm:` prefix: the
/// ``Localizer``'s English message, then what only `pm` can say.
///
/// The Domain and Data layers name no command and no flag; the hints that do (`--store`,
/// `pm doctor --ack`, `pm github login`) are added here, so an app that shows the same errors
/// never tells its users to type a command.
protocol CommandLineMessage {
    /// The line `pm` writes after `pm: ` (or `pm: warning: `).
    var commandLineMessage: String { get }
}

extension Localizer {
    /// The English `pm` writes its errors and warnings in; no date in them depends on the locale.
    static let commandLine = Localizer(
        locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian), timeZone: .gmt)
}

// MARK: - The store

extension StoreError: CommandLineMessage {
    var commandLineMessage: String {
        let message = Localizer.commandLine.message(for: self)
        return switch self {
        case .unreadable: message + " or pass another --store"
        default: message
        }
    }
}

extension StoreWarning: CommandLineMessage {
    var commandLineMessage: String {
        let message = Localizer.commandLine.message(for: self)
        return switch self {
        case .keptDroppedBytes: message + " (pm doctor --ack)"
        case .damagedObjects: message + " (pm doctor says more)"
        case .droppedTornTail, .compactionFailed: message
        }
    }
}

extension RepositoryError: CommandLineMessage {
    var commandLineMessage: String {
        switch self {
        case .storage(let error): error.commandLineMessage
        default: Localizer.commandLine.message(for: self)
        }
    }
}

extension AuthenticationError: CommandLineMessage {
    /// The error's own English line: the account commands print the Localizer's account phrases
    /// themselves, and what reaches here is the accounts' storage failing.
    var commandLineMessage: String { description }
}

// MARK: - GitHub

extension GitHubError: CommandLineMessage {
    var commandLineMessage: String {
        let message = Localizer.commandLine.message(for: self)
        return switch self {
        case .unauthorized, .missingScopes: message + " with 'pm github login'"
        case .deviceFlowDisabled: message + " ('pm github login --with-token')"
        case .notSignedIn, .unreadableCredential: message + " with 'pm github login --with-token'"
        default: message
        }
    }
}

extension GitHubSyncError: CommandLineMessage {
    var commandLineMessage: String {
        switch self {
        case .notLinked: Localizer.commandLine.message(for: self) + " with 'pm github link OWNER/REPO'"
        case .gitHub(let error): error.commandLineMessage
        case .repository(let error): error.commandLineMessage
        }
    }
}

// MARK: - Sync

extension SyncError: CommandLineMessage {
    var commandLineMessage: String {
        let message = Localizer.commandLine.message(for: self)
        return switch self {
        case .unknownRemote: message + " (pm remote list shows them)"
        case .notShared: message + " with 'pm share BOARD REMOTE'"
        case .boardNotOnRemote(.some): message + " (pm remote list on the store that shares it shows it)"
        case .sharedByAnotherStore(_, let remote):
            message + " (pm join \(remote) brings theirs here; pm board new NAME makes one of your own to share)"
        default: message
        }
    }
}
