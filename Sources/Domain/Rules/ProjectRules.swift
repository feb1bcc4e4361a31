/// The rules a project's and a board's fields must follow.
public enum ProjectRules {
    /// The most characters a title may have, after trimming.
    public static let titleLimit = 100
    /// The most characters a body may have.
    public static let bodyLimit = 1_000

    /// The rules `title` breaks: required after trimming, one line, at most ``titleLimit`` characters.
    ///
    /// - Complexity: O(*n*) over the title's UTF-8 bytes; one pass without Foundation when they are
    ///   all printable ASCII, as most titles are.
    public static func failures(title: String) -> [ValidationFailure] {
        if let failures = printableASCIIFailures(title: title) { return failures }
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        var failures: [ValidationFailure] = []
        if trimmed.isEmpty { failures.append(.titleEmpty) }
        if trimmed.contains(where: \.isNewline) { failures.append(.titleHasLineBreak) }
        if trimmed.count > titleLimit { failures.append(.titleTooLong(limit: titleLimit)) }
        return failures
    }

    /// The rules `body` breaks: at most ``bodyLimit`` characters.
    ///
    /// - Complexity: O(1) when the body has at most ``bodyLimit`` UTF-8 bytes (a character is at
    ///   least one byte), else O(*n*) to count its characters.
    public static func failures(body: String) -> [ValidationFailure] {
        guard body.utf8.count > bodyLimit else { return [] }
        return body.count > bodyLimit ? [.bodyTooLong(limit: bodyLimit)] : []
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
    public static func failures(deadline: Day?) -> [ValidationFailure] {
        guard let deadline, !deadline.isValid else { return [] }
        return [.deadlineNotADay(deadline)]
    }
}
