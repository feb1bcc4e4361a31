import ProjectManagerDomain

/// One project as a board row shows it.
public struct BoardRow: Hashable, Sendable, Identifiable {
    /// The most characters of the body a row previews.
    public static let previewLimit = 60

    /// The project.
    public let id: Project.ID
    /// The project's title.
    public let title: String
    /// The start of the body on one line, at most ``previewLimit`` characters and an ellipsis.
    public let preview: String
    /// The deadline written for the locale, or `nil` when the project has none; for a repeating
    /// project, its next occurrence.
    public let deadline: String?
    /// A repeating project's rule in words ("every 2nd and 4th Sunday"), or `nil` when it does not
    /// repeat.
    public let repeatSummary: String?
    /// Whether the deadline has passed and the project is not done: show the deadline in red.
    public let isOverdue: Bool
    /// Whether the project is starred: one of the user's favourites.
    public let isStarred: Bool

    /// Makes a row value; the board view model makes rows from projects.
    public init(
        id: Project.ID, title: String, preview: String, deadline: String?, repeatSummary: String? = nil,
        isOverdue: Bool, isStarred: Bool = false
    ) {
        self.id = id
        self.title = title
        self.preview = preview
        self.deadline = deadline
        self.repeatSummary = repeatSummary
        self.isOverdue = isOverdue
        self.isStarred = isStarred
    }

    /// `body` on one line, cut to ``previewLimit`` characters.
    ///
    /// - Complexity: O(*n*) for a body of *n* characters.
    static func preview(of body: String) -> String {
        let words = body.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let line = words.joined(separator: " ")
        guard line.count > previewLimit else { return line }
        let cut = line.prefix(previewLimit).trimmingSuffix(while: \.isWhitespace)
        return cut + "…"
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
