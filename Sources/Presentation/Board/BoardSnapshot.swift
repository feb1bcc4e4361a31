import ProjectManagerDomain

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
