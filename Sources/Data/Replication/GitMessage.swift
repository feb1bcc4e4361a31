import Foundation
import ProjectManagerDomain

/// What git said when it failed, made fit for an error: one line, and no credential.
enum GitMessage {
    /// The longest reason kept, in characters.
    static let maximumLength = 300

    /// The lines of `run`'s standard error that say what went wrong (`fatal:` and `error:` ones,
    /// or every line when there are none), joined into one line, shortened, and with any
    /// credential of `remote` or of any other address removed.
    ///
    /// - Complexity: O(*n*), where *n* is the length of what git wrote.
    static func reason(from run: GitOutput, remote: String) -> String {
        let said = run.errors.isEmpty ? run.output : run.errors
        let lines = said.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let failures = lines.compactMap { line -> String? in
            for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) {
                return String(line.dropFirst(prefix.count))
            }
            return nil
        }
        var reason = (failures.isEmpty ? lines : failures).joined(separator: "; ")
        if reason.isEmpty { reason = "git exited with status \(run.status)" }
        reason = scrubbed(reason, remote: remote)
        if reason.count > maximumLength { reason = String(reason.prefix(maximumLength - 1)) + "…" }
        return reason
    }

    /// `text` with `remote` replaced by its redacted form, the user name and password of every
    /// `scheme://user:password@` address removed, and `remote`'s own user name and password
    /// removed wherever they appear (git may print them decoded, or alone).
    static func scrubbed(_ text: String, remote: String) -> String {
        var text = text
        let redacted = SyncError.redacted(remote)
        if redacted != remote { text = text.replacingOccurrences(of: remote, with: redacted) }
        text = text.replacing(#/(?<scheme>[A-Za-z][A-Za-z0-9+.\-]*://)[^/@\s]+@/#) { $0.output.scheme }
        for secret in secrets(in: remote) { text = text.replacingOccurrences(of: secret, with: "***") }
        return text
    }

    /// The password of `remote`, and its user name when there is no password (a token alone is
    /// given as the user name), both as written and percent-decoded; none shorter than four
    /// characters, which would blank out ordinary words.
    private static func secrets(in remote: String) -> [String] {
        guard let components = URLComponents(string: remote), components.scheme != nil else { return [] }
        var secrets: [String] = []
        if let password = components.percentEncodedPassword {
            secrets += [password, components.password ?? password]
        } else if let user = components.percentEncodedUser {
            secrets += [user, components.user ?? user]
        }
        return Set(secrets).filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }
}
