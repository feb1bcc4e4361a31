import ProjectManagerDomain

/// A board's list menu: its lists in order with their counts and limits, and the list actions
/// (add, rename, restage, limit, move, archive, restore), reloaded after every event and every
/// save the store reports.
///
/// ```swift
/// input.send(.add("Review", stage: .doing, limit: 3))
/// for await rows in output.rows { render(rows) }
/// ```
@MainActor
public final class ListsViewModel: ViewModelType {
    /// What the user does in the list menu.
    public enum Event: Hashable, Sendable {
        /// Add a list, last.
        case add(String, stage: ProjectState, limit: Int?)
        /// Make a change to a list.
        case edit(BoardList.ID, ListEdit)
        /// Show the archived lists too, or not.
        case showArchived(Bool)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// One list as the menu shows it.
    public struct Row: Hashable, Sendable, Identifiable {
        /// The list's id.
        public let id: BoardList.ID
        /// Its name: a standard list as made in the reader's language.
        public let title: String
        /// Its stage's name in the reader's language.
        public let stage: String
        /// Its count, with its limit when it has one: "4 of 3".
        public let count: String
        /// What to say when it is over its limit; `nil` when it is not.
        public let overLimitNote: String?
        /// Whether it is archived.
        public let isArchived: Bool
    }

    /// What the list menu renders.
    public struct Output: Sendable {
        /// The lists, in the board's order, delivered when they change.
        public let rows: AsyncStream<[Row]>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let board: Board.ID
    private let fetchLists: FetchLists
    private let addList: AddList
    private let editList: EditList
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let localizer: Localizer

    /// A list menu of `board`.
    /// - Parameter changes: The store's change stream; it is subscribed to in ``transform(_:)``.
    public init(
        board: Board.ID, fetchLists: FetchLists, addList: AddList, editList: EditList,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>, localizer: Localizer
    ) {
        self.board = board
        self.fetchLists = fetchLists
        self.addList = addList
        self.editList = editList
        self.changes = changes
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        var archived = false
        let (rows, errors) = ReloadingScreen.run(
            events: input.events, changes: changes(), localizer: localizer,
            handle: { [board, addList, editList] event throws(RepositoryError) in
                switch event {
                case .add(let title, let stage, let limit):
                    _ = try await addList(title, on: board, stage: stage, limit: limit)
                case .edit(let id, let edit): _ = try await editList(id, on: board, edit)
                case .showArchived(let shown): archived = shown
                }
            },
            read: { () throws(RepositoryError) in try await self.rows(archived: archived) })
        return Output(rows: rows, errors: errors)
    }

    private func rows(archived: Bool) async throws(RepositoryError) -> [Row] {
        try await fetchLists(board, archived: archived).map { entry in
            let list = entry.list
            return Row(
                id: list.id, title: list.isStandardAsMade ? localizer(.state(list.stage)) : list.title,
                stage: localizer(.state(list.stage)),
                count: list.limit.map { localizer(.card(.countOfLimit(count: entry.count, limit: $0))) }
                    ?? "\(entry.count)",
                overLimitNote: entry.isOverLimit ? list.limit.map { localizer(.card(.overLimit($0))) } : nil,
                isArchived: list.isArchived)
        }
    }
}
