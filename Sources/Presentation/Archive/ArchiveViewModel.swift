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
        let rows = OutputChannel<[Row]>()
        let errors = OutputChannel<String>()
        let work = AsyncStream<Work>.merging(input.events, Work.event, with: changes(), { _ in Work.storeChanged })
        Task {
            await reload(into: rows, errors: errors)
            for await item in work {
                if case .event(let event) = item {
                    do throws(RepositoryError) {
                        switch event {
                        case .restore(let id): _ = try await archiveProject(id, archived: false)
                        case .archive(let id): _ = try await archiveProject(id)
                        }
                    } catch {
                        errors.send(localizer(.failure(error)))
                    }
                }
                await reload(into: rows, errors: errors)
            }
            rows.finish()
            errors.finish()
        }
        return Output(rows: rows.stream, errors: errors.stream)
    }

    private enum Work: Sendable {
        case event(Event)
        case storeChanged
    }

    private func reload(into rows: OutputChannel<[Row]>, errors: OutputChannel<String>) async {
        do throws(RepositoryError) {
            let lists = try await fetchLists(board, archived: true).map(\.list)
            rows.update(
                try await fetchArchived(board).map { card in
                    let list = lists.first { $0.id == card.listID }
                    return Row(
                        id: card.id, title: card.title,
                        list: list.map { $0.isStandardAsMade ? localizer(.state($0.stage)) : $0.title }
                            ?? localizer(.state(card.state)))
                })
        } catch {
            errors.send(localizer(.failure(error)))
        }
    }
}
