/// The column a project stands in.
public enum ProjectState: String, CaseIterable, Hashable, Sendable, Codable, Comparable {
    /// Not started.
    case todo
    /// In progress.
    case doing
    /// Finished.
    case done

    /// The two states a project in this state can be moved to, in column order.
    ///
    /// This is what the long-press menu offers.
    public var alternatives: [ProjectState] {
        Self.allCases.filter { $0 != self }
    }

    public static func < (lhs: ProjectState, rhs: ProjectState) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .todo: 0
        case .doing: 1
        case .done: 2
        }
    }
}
