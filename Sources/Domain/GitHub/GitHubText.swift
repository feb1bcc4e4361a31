import Foundation

/// Text that comes from GitHub, made safe for where it goes: a message shown to a person, or a
/// card's title and body.
///
/// GitHub, or anyone answering in its place, may send anything: escape sequences that move a
/// terminal's cursor, bidirectional controls that reorder a line, a title longer than a card
/// allows, or an error message that repeats the request's `Authorization` header. Nothing from
/// GitHub is refused for that: it is cleaned here.
/// ```swift
/// GitHubText.shown("Bad credentials: Bearer ghp_abc…\u{1b}[2J")   // "Bad credentials: [redacted]"
/// GitHubText.cardTitle("\u{202E}Fix it", number: 7)              // "Fix it"
/// ```
public enum GitHubText {
    /// What ends text cut to fit a card.
    public static let cutMark = "…"
    /// What stands in for a token in a message.
    public static let redaction = "[redacted]"
    /// The most characters of a message from GitHub that are shown.
    public static let messageLimit = 300

    // MARK: - Messages

    /// A message from GitHub as a person may see it: one line, without control or bidirectional
    /// characters, with `token` and anything that looks like a credential (`Bearer …`, `token …`,
    /// `ghp_…`, `github_pat_…`) replaced by ``redaction``, at most ``messageLimit`` characters.
    ///
    /// - Complexity: O(*n*) for a message of *n* characters.
    public static func shown(_ message: String, hiding token: AccessToken? = nil) -> String {
        var text = message
        if let token, !token.isEmpty { text = text.replacingOccurrences(of: token.unredactedValue, with: redaction) }
        text = String(
            text.unicodeScalars.compactMap { scalar -> Character? in
                if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    return " "
                }
                return ProjectRules.isInvisibleControl(scalar) ? nil : Character(scalar)
            })
        text = redactingCredentials(in: text)
        text = text.trimmingCharacters(in: .whitespaces)
        return text.count > messageLimit ? String(text.prefix(messageLimit - 1)) + cutMark : text
    }

    /// `text` with what looks like a credential replaced by ``redaction``.
    static func redactingCredentials(in text: String) -> String {
        var result = text
        // After "Bearer", anything is a credential; after "token" or "Basic", only what looks like
        // one (16 characters or more of a token's alphabet), so that "the token is invalid" stays.
        result.replace(/(?i)\b(bearer)(\s+|%20|\+)[^\s"',;]+/) { match in "\(match.output.1) \(redaction)" }
        result.replace(/(?i)\b(token|basic)(\s+|%20|\+)[A-Za-z0-9_\-.=+\/:]{16,}/) { match in
            "\(match.output.1) \(redaction)"
        }
        result.replace(/\b(gh[pousr]_|github_pat_)[A-Za-z0-9_]{8,}/) { _ in redaction }
        return result
    }

    // MARK: - Cards

    /// An issue's title as a card holds it: on one line, without control or bidirectional
    /// characters, trimmed, cut to ``ProjectRules/titleLimit`` with ``cutMark``; `#number` when
    /// nothing is left.
    public static func cardTitle(_ title: String, number: Int) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                title.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                    if scalar == "\n" || scalar == "\r" || scalar == "\t" || scalar == "\u{2028}"
                        || scalar == "\u{2029}"
                    {
                        return " "
                    }
                    return ProjectRules.isInvisibleControl(scalar) ? nil : scalar
                })
        ).trimmingWhitespace
        guard !cleaned.isEmpty else { return "#\(number)" }
        guard cleaned.count > ProjectRules.titleLimit else { return cleaned }
        return String(cleaned.prefix(ProjectRules.titleLimit - 1)).trimmingCharacters(in: .whitespaces) + cutMark
    }

    /// An issue's body as the sync compares it: line breaks as `\n`, without control or
    /// bidirectional characters (tabs stay), without this engine's ``marker(for:)``; not cut.
    public static func normalizedBody(_ body: String?) -> String {
        guard let body, !body.isEmpty else { return "" }
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in body.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n": if previous != "\r" { scalars.append("\n") }
            case "\r", "\u{2028}", "\u{2029}": scalars.append("\n")
            case "\t": scalars.append(scalar)
            default: if !ProjectRules.isInvisibleControl(scalar) { scalars.append(scalar) }
            }
        }
        return withoutMarker(String(scalars))
    }

    /// `body` cut to ``ProjectRules/bodyLimit`` characters with ``cutMark``, as a card holds it.
    public static func fitted(body: String) -> String {
        guard body.count > ProjectRules.bodyLimit else { return body }
        return String(body.prefix(ProjectRules.bodyLimit - 1)) + cutMark
    }

    /// An issue's body as a card holds it: ``normalizedBody(_:)``, then ``fitted(body:)``.
    public static func cardBody(_ body: String?) -> String {
        fitted(body: normalizedBody(body))
    }

    // MARK: - The marker of an issue made from a card

    /// The hidden HTML comment an issue made from a card carries at the end of its body, so that
    /// a sync that stopped between making the issue and saving the link finds it again instead of
    /// making a second one: `<!-- projectmanager:card=UUID -->`.
    public static func marker(for project: Project.ID) -> String {
        "<!-- projectmanager:card=\(project.rawValue.uuidString.lowercased()) -->"
    }

    /// `body` with the card's marker after it, as an issue made from the card is sent.
    public static func body(_ body: String, markedFor project: Project.ID) -> String {
        body.isEmpty ? marker(for: project) : body + "\n\n" + marker(for: project)
    }

    /// The card whose marker `body` carries, if any.
    public static func project(markedIn body: String?) -> Project.ID? {
        guard let body, let match = body.firstMatch(of: markerPattern),
            let id = UUID(uuidString: String(match.output.1))
        else { return nil }
        return Project.ID(rawValue: id)
    }

    private static var markerPattern: Regex<(Substring, Substring)> {
        /<!-- projectmanager:card=([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}) -->/
    }

    private static func withoutMarker(_ body: String) -> String {
        guard body.contains("<!-- projectmanager:card=") else { return body }
        var text = body
        text.replace(markerPattern) { _ in "" }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
