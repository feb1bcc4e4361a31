import ProjectManagerDomain

/// A board's archive: its archived cards, list by list, each restorable, reloaded after every event
/// and every save the store reports (Trello's "Archived items").
@MainActor
public final class ArchiveViewModel: ViewModelType {
    /// What the user does in the archive.
    public enum Event: Hashable, Sendable {
        /// Put a card back, last in its list.
        case restore(Project.ID)
        /// Archive a card (from the board's card menu).
        case archive(Project.ID)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// One archived card as the archive shows it.
    public struct Row: Hashable, Sendable, Identifiable {
        /// The card's id.
        public let id: Project.ID
        /// Its title.
        public let title: String
        /// The name of the list it stood in.
        public let list: String
    }

    /// What the archive renders.
    public struct Output: Sendable {
        /// The archived cards, delivered when they change.
        public let rows: AsyncStream<[Row]>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let board: Board.ID
    private let fetchArchived: FetchArchived
    private let fetchLists: FetchLists
    private let archiveProject: ArchiveProject
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let localizer: Localizer

    /// The archive of `board`.
    /// - Parameter changes: The store's change stream; it is subscribed to in ``transform(_:)``.
    public init(
        board: Board.ID, fetchArchived: FetchArchived, fetchLists: FetchLists, archiveProject: ArchiveProject,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>, localizer: Localizer
    ) {
        self.board = board
        self.fetchArchived = fetchArchived
        self.fetchLists = fetchLists
        self.archiveProject = archiveProject
        self.changes = changes
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let (rows, errors) = ReloadingScreen.run(
            events: input.events, changes: changes(), localizer: localizer,
            handle: { [archiveProject] event throws(RepositoryError) in
                switch event {
                case .restore(let id): _ = try await archiveProject(id, archived: false)
                case .archive(let id): _ = try await archiveProject(id)
                }
            },
            read: { () throws(RepositoryError) in try await self.rows() })
        return Output(rows: rows, errors: errors)
    }

    private func rows() async throws(RepositoryError) -> [Row] {
        let lists = try await fetchLists(board, archived: true).map(\.list)
        return try await fetchArchived(board).map { card in
            let list = lists.first { $0.id == card.listID }
            return Row(
                id: card.id, title: card.title,
                list: list.map { $0.isStandardAsMade ? localizer(.state($0.stage)) : $0.title }
                    ?? localizer(.state(card.state)))
        }
    }
}
