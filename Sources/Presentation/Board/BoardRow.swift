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
    /// The labels on the project, in the order they were put on.
    public let labels: [Badge]
    /// How much of its checklist is done ("2/5"); `nil` when it has none.
    public let checklist: String?

    /// A label as a row shows it: its name (or its colour's, for a label without one) and colour.
    public struct Badge: Hashable, Sendable {
        /// The label's name, or its colour's.
        public let name: String
        /// The label's colour.
        public let colour: LabelColour

        /// A badge of `name` in `colour`.
        public init(name: String, colour: LabelColour) {
            self.name = name
            self.colour = colour
        }
    }

    /// Makes a row value; the board view model makes rows from projects.
    public init(
        id: Project.ID, title: String, preview: String, deadline: String?, repeatSummary: String? = nil,
        isOverdue: Bool, isStarred: Bool = false, labels: [Badge] = [], checklist: String? = nil
    ) {
        self.id = id
        self.title = title
        self.preview = preview
        self.deadline = deadline
        self.repeatSummary = repeatSummary
        self.isOverdue = isOverdue
        self.isStarred = isStarred
        self.labels = labels
        self.checklist = checklist
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
