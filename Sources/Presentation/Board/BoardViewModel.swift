import ProjectManagerDomain

/// The main screen: the board's three sections, kept up to date with the store.
///
/// The board follows every save the store reports, whoever made it (this screen, a form, a use
/// case called elsewhere, a child context), but reads only what a save changed on its own board
/// (``FetchBoard/refresh(_:after:)``): a save on another board costs it nothing, a save on its board the changed
/// projects. It delivers a ``BoardSnapshot`` only when something visible changed, with each
/// section's difference for animation.
///
/// Given the favourites' use cases, each row says whether its project is starred, the rows'
/// stars follow every save that puts one on or takes one off, and ``Event/showStarredOnly(_:)``
/// filters the sections to the starred projects.
///
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: BoardViewModel.Event.self)
/// let output = board.transform(BoardViewModel.Input(events: events))
/// send.yield(.appear)
/// for await snapshot in output.snapshots {
///     print(snapshot.sections.map { "\($0.title) \($0.count)" })
/// }
/// ```
@MainActor
public final class BoardViewModel: ViewModelType {
    /// What the user does on the board.
    public enum Event: Hashable, Sendable {
        /// The screen appeared: load the board (and reload it on later appearances).
        case appear
        /// Add a project: show the create form.
        case add
        /// Open a project: show its form.
        case open(Project.ID)
        /// Delete a project.
        case delete(Project.ID)
        /// Choose where a project goes: show its state menu.
        case openStateMenu(Project.ID)
        /// Look back: show the history.
        case showHistory
        /// Show only the starred projects (`true`), or every project again (`false`).
        case showStarredOnly(Bool)
        /// Star a project.
        case star(Project.ID)
        /// Take a project's star off.
        case unstar(Project.ID)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the board screen renders.
    public struct Output: Sendable {
        /// The screen's title.
        public let title: String
        /// The title of the control that adds a project.
        public let addTitle: String
        /// The title of the control that shows the history.
        public let historyTitle: String
        /// The title of the control that deletes a project, such as a swipe action.
        public let deleteTitle: String
        /// The board after the first appearance, then after every visible change.
        public let snapshots: AsyncStream<BoardSnapshot>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let board: Board.ID
    private let fetchBoard: FetchBoard
    private let deleteProject: DeleteProject
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let favourites: Favourites?
    /// Whether the sections show only the starred projects.
    private var starredOnly = false
    private weak var navigator: (any Navigator)?
    private let localizer: Localizer

    /// A board view model.
    ///
    /// - Parameters:
    ///   - board: The board to show.
    ///   - fetchBoard: Reads the board when the screen appears, and what each save changed on it.
    ///   - changes: The store's change stream, such as ``ProjectRepository/changes()``; it is
    ///     subscribed to in ``transform(_:)``, before any event is handled.
    ///   - favourites: Reads which projects are starred, and stars and unstars them; without
    ///     them, no row is starred and the starred-only filter shows nothing.
    ///   - navigator: Shows the other screens; held weakly.
    public init(
        board: Board.ID = .default,
        fetchBoard: FetchBoard,
        deleteProject: DeleteProject,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        favourites: Favourites? = nil,
        navigator: (any Navigator)?,
        localizer: Localizer
    ) {
        self.board = board
        self.fetchBoard = fetchBoard
        self.deleteProject = deleteProject
        self.changes = changes
        self.favourites = favourites
        self.navigator = navigator
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let snapshots = OutputChannel<BoardSnapshot>()
        let errors = OutputChannel<String>()
        let storeChanges = changes()
        let work = AsyncStream<Work>.merging(
            input.events, Work.event, with: storeChanges, Work.storeChanged)
        Task {
            var shown: Shown?
            for await item in work {
                switch item {
                case .event(let event):
                    await handle(event, shown: &shown, snapshots: snapshots, errors: errors)
                case .storeChanged(let change):
                    guard let overview = shown?.overview else { continue }
                    await show(
                        { () async throws(RepositoryError) in try await fetchBoard.refresh(overview, after: change) },
                        starsChanged: !change.favourites.isEmpty, in: &shown, snapshots: snapshots, errors: errors)
                }
            }
            snapshots.finish()
            errors.finish()
        }
        return Output(
            title: localizer(.boardTitle), addTitle: localizer(.add), historyTitle: localizer(.history),
            deleteTitle: localizer(.delete), snapshots: snapshots.stream, errors: errors.stream)
    }

    // MARK: - Handling

    private enum Work: Sendable {
        case event(Event)
        case storeChanged(RepositoryChange)
    }

    /// The board as last read, its starred projects, and its sections as last delivered.
    private struct Shown {
        var overview: BoardOverview
        var starred: Set<Project.ID>
        var sections: [BoardSection]
    }

    /// The favourites' use cases a board screen calls.
    public struct Favourites: Sendable {
        let list: ListFavourites
        let star: Star
        let unstar: Unstar

        /// The use cases that list the stars, put one on and take one off.
        public init(list: ListFavourites, star: Star, unstar: Unstar) {
            self.list = list
            self.star = star
            self.unstar = unstar
        }
    }

    private func handle(
        _ event: Event, shown: inout Shown?,
        snapshots: OutputChannel<BoardSnapshot>, errors: OutputChannel<String>
    ) async {
        switch event {
        case .appear:
            await show(
                { () async throws(RepositoryError) in try await fetchBoard(board) },
                starsChanged: true, in: &shown, snapshots: snapshots, errors: errors)
        case .showStarredOnly(let starredOnly):
            self.starredOnly = starredOnly
            await show({ () async throws(RepositoryError) in nil }, in: &shown, snapshots: snapshots, errors: errors)
        case .star(let id), .unstar(let id):
            // The store's change stream brings the star to the screen.
            guard let favourites else { return }
            do throws(RepositoryError) {
                if case .star = event { try await favourites.star(.project(id)) } else { try await favourites.unstar(.project(id)) }
            } catch {
                errors.send(localizer(.failure(error)))
            }
        case .add:
            navigator?.showCreateForm()
        case .open(let id):
            navigator?.showEditForm(for: id)
        case .openStateMenu(let id):
            navigator?.showStateMenu(for: id)
        case .showHistory:
            navigator?.showHistory()
        case .delete(let id):
            // The store's change stream brings the deletion to the screen.
            do throws(RepositoryError) {
                try await deleteProject(id)
            } catch {
                errors.send(localizer(.failure(error)))
            }
        }
    }

    /// Reads the board with `read` (`nil`: it is as shown) and, when `starsChanged`, its starred
    /// projects, and delivers it when it differs from what is shown.
    private func show(
        _ read: () async throws(RepositoryError) -> BoardOverview?, starsChanged: Bool = false, in shown: inout Shown?,
        snapshots: OutputChannel<BoardSnapshot>, errors: OutputChannel<String>
    ) async {
        var overview = shown?.overview
        var starred = shown?.starred ?? []
        do throws(RepositoryError) {
            if let read = try await read() { overview = read }
            if starsChanged, let favourites { starred = try await favourites.list.starredProjects(onBoard: board) }
        } catch {
            errors.send(localizer(.failure(error)))
            return
        }
        guard let overview else { return }
        let sections = overview.columns.map { section(for: $0, starred: starred, starredOnly: starredOnly) }
        let previous = shown?.sections
        shown = Shown(overview: overview, starred: starred, sections: sections)
        if let previous, previous == sections { return }
        let before = previous ?? sections.map { BoardSection(state: $0.state, title: $0.title, rows: []) }
        let differences = zip(before, sections).map { old, new in
            new.rows.difference(from: old.rows).inferringMoves()
        }
        snapshots.send(BoardSnapshot(sections: sections, differences: differences))
    }

    private func section(for column: BoardOverview.Column, starred: Set<Project.ID>, starredOnly: Bool) -> BoardSection {
        BoardSection(
            state: column.state, title: localizer(.state(column.state)),
            rows: column.items.compactMap { item in
                let isStarred = starred.contains(item.project.id)
                guard isStarred || !starredOnly else { return nil }
                return BoardRow(
                    id: item.project.id, title: item.project.title,
                    preview: BoardRow.preview(of: item.project.body),
                    deadline: item.project.deadline.map(localizer.deadline),
                    repeatSummary: item.project.recurrence.map { localizer.summary(of: $0.rule) },
                    isOverdue: item.isOverdue, isStarred: isStarred)
            })
    }
}
