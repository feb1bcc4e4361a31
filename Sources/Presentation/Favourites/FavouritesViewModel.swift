import ProjectManagerDomain

/// The favourites screen: the starred projects and boards, in the order starred, kept up to date
/// with the store.
///
/// The list is read when the screen appears and again after every save the store reports, whoever
/// made it (a star put on elsewhere, a starred project renamed or deleted); it is delivered only
/// when it changed.
///
/// ```swift
/// let favourites = screens.makeFavourites()
/// let (events, send) = AsyncStream.makeStream(of: FavouritesViewModel.Event.self)
/// let output = favourites.transform(FavouritesViewModel.Input(events: events))
/// send.yield(.appear)
/// for await list in output.lists { render(list) }
/// ```
@MainActor
public final class FavouritesViewModel: ViewModelType {
    /// What the user does on the favourites screen.
    public enum Event: Hashable, Sendable {
        /// The screen appeared: read the favourites.
        case appear
        /// Open a starred project: show its form.
        case open(Project.ID)
        /// Take a star off, such as with a swipe action.
        case unstar(Favourite.Target)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the favourites screen shows: the favourites, in the order starred.
    public typealias List = RowList<FavouriteRow>

    /// What the favourites screen renders.
    public struct Output: Sendable {
        /// The screen's title.
        public let title: String
        /// The title of the control that takes a star off.
        public let unstarTitle: String
        /// The list after the first appearance, then after every visible change.
        public let lists: AsyncStream<List>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
        /// What went wrong, as the error itself, for a front end that chooses its own words; the
        /// same failures as ``errors``, in the same order.
        public let failures: AsyncStream<RepositoryError>
    }

    private let listFavourites: ListFavourites
    private let unstar: Unstar
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let today: @Sendable () -> Day
    private weak var navigator: (any Navigator)?
    private let localizer: Localizer

    /// A favourites view model.
    ///
    /// - Parameters:
    ///   - changes: The store's change stream, such as ``ProjectRepository/changes()``.
    ///   - today: The day it is for the user (``EngineEnvironment/today()``), for overdue flags.
    ///   - navigator: Opens projects; held weakly.
    public init(
        listFavourites: ListFavourites,
        unstar: Unstar,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        today: @escaping @Sendable () -> Day,
        navigator: (any Navigator)?,
        localizer: Localizer
    ) {
        self.listFavourites = listFavourites
        self.unstar = unstar
        self.changes = changes
        self.today = today
        self.navigator = navigator
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let lists = OutputChannel<List>()
        let errors = ErrorChannels<RepositoryError>()
        let work = AsyncStream<Work>.merging(input.events, Work.event, with: changes(), { _ in Work.storeChanged })
        Task {
            var appeared = false
            for await item in work {
                switch item {
                case .event(.appear):
                    appeared = true
                case .event(.open(let id)):
                    navigator?.showEditForm(for: id)
                    continue
                case .event(.unstar(let target)):
                    // The store's change stream brings the change to the list.
                    do throws(RepositoryError) {
                        try await unstar(target)
                    } catch {
                        errors.send(error, as: localizer(.failure(error)))
                    }
                    continue
                case .storeChanged:
                    guard appeared else { continue }
                }
                do throws(RepositoryError) {
                    lists.update(list(of: try await listFavourites()))
                } catch {
                    errors.send(error, as: localizer(.failure(error)))
                }
            }
            lists.finish()
            errors.finish()
        }
        return Output(
            title: localizer(.favourites(.title)), unstarTitle: localizer(.favourites(.unstar)),
            lists: lists.stream, errors: errors.texts.stream, failures: errors.failures.stream)
    }

    private enum Work: Sendable {
        case event(Event)
        case storeChanged
    }

    private func list(of items: [FavouriteItem]) -> List {
        let today = today()
        let rows = items.map { item in
            guard let project = item.project else {
                return FavouriteRow(
                    target: item.favourite.target, title: item.board.title, detail: localizer(.favourites(.board)),
                    deadline: nil, isOverdue: false, item: item)
            }
            return FavouriteRow(
                target: item.favourite.target, title: project.title,
                detail: "\(item.board.title) · \(localizer(.state(project.state)))",
                deadline: project.deadline.map(localizer.deadline), isOverdue: project.isOverdue(on: today), item: item)
        }
        return List(rows: rows, emptyText: localizer(.favourites(.empty)))
    }
}

/// One favourite as the favourites screen shows it.
public struct FavouriteRow: Hashable, Sendable, Identifiable {
    /// What is starred.
    public let target: Favourite.Target
    /// The project's or the board's title.
    public let title: String
    /// Under the title: the project's board and column ("Projects · To Do"), or "Board".
    public let detail: String
    /// The project's deadline as the locale writes it; `nil` for a board or a project without one.
    public let deadline: String?
    /// Whether the project's deadline has passed and it is not done.
    public let isOverdue: Bool
    /// The star, the board and the project as read: for a front end that shows more than the
    /// row's texts (a command line's JSON).
    public let item: FavouriteItem

    public var id: Favourite.ID { target.favouriteID }
}
