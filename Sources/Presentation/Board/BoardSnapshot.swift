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
    /// The deadline written for the locale, or `nil` when the project has none.
    public let deadline: String?
    /// Whether the deadline has passed and the project is not done: show the deadline in red.
    public let isOverdue: Bool

    /// Makes a row value; the board view model makes rows from projects.
    public init(id: Project.ID, title: String, preview: String, deadline: String?, isOverdue: Bool) {
        self.id = id
        self.title = title
        self.preview = preview
        self.deadline = deadline
        self.isOverdue = isOverdue
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

/// One column of the board as a table section: its title, its count and its rows.
public struct BoardSection: Hashable, Sendable, Identifiable {
    /// The column's state.
    public let state: ProjectState
    /// The state's name for the locale: "To Do", "할 일".
    public let title: String
    /// The projects of the column, in order.
    public let rows: [BoardRow]

    /// Makes a section value; the board view model makes sections from a board.
    public init(state: ProjectState, title: String, rows: [BoardRow]) {
        self.state = state
        self.title = title
        self.rows = rows
    }

    /// The number of projects in the column.
    public var count: Int { rows.count }

    /// The column's state.
    public var id: ProjectState { state }
}

/// The board to render, and what changed in each section since the last snapshot.
///
/// Apply the differences to animate a table or a collection view:
/// ```swift
/// for (section, difference) in zip(snapshot.sections.indices, snapshot.differences) {
///     for change in difference {
///         switch change {
///         case .remove(let offset, _, _): deletes.append(IndexPath(row: offset, section: section))
///         case .insert(let offset, _, _): inserts.append(IndexPath(row: offset, section: section))
///         }
///     }
/// }
/// ```
/// A row whose content changed comes as a removal and an insertion at its offset; a row that only
/// moved has its `associatedWith` set.
public struct BoardSnapshot: Hashable, Sendable {
    /// To Do, Doing and Done, in that order.
    public let sections: [BoardSection]
    /// For each of ``sections``, the change from the previous snapshot's rows to these; the first
    /// snapshot inserts every row.
    public let differences: [CollectionDifference<BoardRow>]

    /// Makes a snapshot; `differences` has one entry per section.
    public init(sections: [BoardSection], differences: [CollectionDifference<BoardRow>]) {
        self.sections = sections
        self.differences = differences
    }

    /// The section of a state.
    public func section(_ state: ProjectState) -> BoardSection? {
        sections.first { $0.state == state }
    }

    /// The change in the section of a state; empty when it did not change.
    public func difference(in state: ProjectState) -> CollectionDifference<BoardRow> {
        guard let index = sections.firstIndex(where: { $0.state == state }), differences.indices.contains(index)
        else { return [BoardRow]().difference(from: []) }
        return differences[index]
    }

    /// Whether any section changed.
    public var hasChanges: Bool { differences.contains { !$0.isEmpty } }
}

extension Substring {
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
