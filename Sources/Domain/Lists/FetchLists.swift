/// Reads a board's lists with how many cards each holds: the list menu, `pm lists`.
public struct FetchLists: Sendable {
    private let projects: any ProjectRepository

    /// A use case that reads `projects`.
    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// One list and its card count.
    public struct Entry: Hashable, Sendable, Identifiable {
        /// The list.
        public let list: BoardList
        /// The number of cards in it.
        public let count: Int
        /// The list's id.
        public var id: BoardList.ID { list.id }
        /// Whether it holds more cards than its limit.
        public var isOverLimit: Bool { list.isOver(count: count) }

        /// `list`, holding `count` cards.
        public init(list: BoardList, count: Int) {
            self.list = list
            self.count = count
        }
    }

    /// The board's lists in order with their counts; archived ones too when `archived`.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*l* log *n*) for *l* lists.
    public func callAsFunction(_ board: Board.ID = .default, archived: Bool = false) async throws(RepositoryError)
        -> [Entry]
    {
        var entries: [Entry] = []
        for list in try await projects.lists(onBoard: board) where archived || !list.isArchived {
            let window = try await projects.column(list: list.id, onBoard: board, offset: 0, limit: 0)
            entries.append(Entry(list: list, count: window.count))
        }
        return entries
    }
}
