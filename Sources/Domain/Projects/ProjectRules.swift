/// The rules a project's and a board's fields must follow.
public enum ProjectRules {
    /// The most characters a title may have, after trimming.
    public static let titleLimit = 100
    /// The most characters a body may have.
    public static let bodyLimit = 1_000

    /// The rules `title` breaks: required after trimming, one line, no invisible control
    /// characters, at most ``titleLimit`` characters.
    ///
    /// - Complexity: O(*n*) over the title's UTF-8 bytes; one pass without Foundation when they are
    ///   all printable ASCII, as most titles are (and such a title holds no control character).
    public static func failures(title: String) -> [ValidationFailure] {
        if let failures = printableASCIIFailures(title: title) { return failures }
        let trimmed = title.trimmingWhitespace
        var failures: [ValidationFailure] = []
        if trimmed.isEmpty { failures.append(.titleEmpty) }
        if trimmed.contains(where: \.isNewline) { failures.append(.titleHasLineBreak) }
        let controls = invisibleControls(in: trimmed)
        if !controls.isEmpty { failures.append(.titleHasInvisibleControls(characters: controls)) }
        if trimmed.count > titleLimit { failures.append(.titleTooLong(limit: titleLimit)) }
        return failures
    }

    /// The bidirectional embedding, override and isolate characters: U+202A–U+202E and
    /// U+2066–U+2069. Shown in a terminal or a text field, they reorder the text after them.
    public static let bidirectionalControls: [ClosedRange<UInt32>] = [0x202A...0x202E, 0x2066...0x2069]

    /// The control characters (other than line breaks) and bidirectional controls in `text`, each
    /// once, in the order they first appear.
    ///
    /// - Complexity: O(*n*) for *n* scalars.
    public static func invisibleControls(in text: String) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for character in text where !character.isNewline {
            for scalar in character.unicodeScalars where isInvisibleControl(scalar) && !found.contains(scalar) {
                found.append(scalar)
            }
        }
        return found
    }

    /// Whether `scalar` is a control character (general category Cc) or a bidirectional control.
    public static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without a look-up of its properties: its controls are C0 and DEL, and no
        // bidirectional control is ASCII.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        return scalar.properties.generalCategory == .control
            || bidirectionalControls.contains { $0.contains(scalar.value) }
    }

    /// The rules `body` breaks: at most ``bodyLimit`` characters.
    ///
    /// - Complexity: O(1) when the body has at most ``bodyLimit`` UTF-8 bytes (a character is at
    ///   least one byte), else O(*n*) to count its characters.
    public static func failures(body: String) -> [ValidationFailure] {
        guard body.utf8.count > bodyLimit else { return [] }
        return body.count > bodyLimit ? [.bodyTooLong(limit: bodyLimit)] : []
    }

    /// The rules a comment's `text` breaks: required once surrounding whitespace and line breaks
    /// are removed, at most ``bodyLimit`` characters; line breaks are allowed.
    ///
    /// - Complexity: O(*n*) for *n* characters.
    public static func failures(comment text: String) -> [ValidationFailure] {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty { return [.commentEmpty] }
        guard trimmed.utf8.count > bodyLimit, trimmed.count > bodyLimit else { return [] }
        return [.commentTooLong(limit: bodyLimit)]
    }

    /// What ``failures(title:)`` finds in a title of printable ASCII alone (U+0020 to U+007E), in
    /// one pass over its bytes; `nil` for any other title, which takes the general rules.
    ///
    /// Among those characters the space is the only whitespace and none is a line break, so the
    /// title is empty or too long by its non-space span alone, and one byte is one character.
    private static func printableASCIIFailures(title: String) -> [ValidationFailure]? {
        var first: Int?
        var last = 0
        var offset = 0
        for byte in title.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            if byte != 0x20 {
                if first == nil { first = offset }
                last = offset
            }
            offset += 1
        }
        guard let first else { return [.titleEmpty] }
        return last - first + 1 > titleLimit ? [.titleTooLong(limit: titleLimit)] : []
    }

    /// The rules `deadline` breaks: it must be a day of the calendar.
    /// - Complexity: O(1).
    public static func failures(deadline: Day?) -> [ValidationFailure] {
        guard let deadline, !deadline.isValid else { return [] }
        return [.deadlineNotADay(deadline)]
    }
}
