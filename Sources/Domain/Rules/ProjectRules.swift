/// The rules a project's and a board's fields must follow.
public enum ProjectRules {
    /// The most characters a title may have, after trimming.
    public static let titleLimit = 100
    /// The most characters a body may have.
    public static let bodyLimit = 1_000

    /// The rules `title` breaks: required after trimming, one line, at most ``titleLimit`` characters.
    public static func failures(title: String) -> [ValidationFailure] {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        var failures: [ValidationFailure] = []
        if trimmed.isEmpty { failures.append(.titleEmpty) }
        if trimmed.contains(where: \.isNewline) { failures.append(.titleHasLineBreak) }
        if trimmed.count > titleLimit { failures.append(.titleTooLong(limit: titleLimit)) }
        return failures
    }

    /// The rules `body` breaks: at most ``bodyLimit`` characters.
    public static func failures(body: String) -> [ValidationFailure] {
        body.count > bodyLimit ? [.bodyTooLong(limit: bodyLimit)] : []
    }

    /// The rules `deadline` breaks: it must be a day of the calendar.
    public static func failures(deadline: Day?) -> [ValidationFailure] {
        guard let deadline, !deadline.isValid else { return [] }
        return [.deadlineNotADay(deadline)]
    }
}
