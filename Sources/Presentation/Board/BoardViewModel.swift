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
/// Given the cards' use cases (``CardActions``), a card is moved as a drag and drop moves it
/// (``Event/move(_:to:at:)``, ``Event/moveToBoard(_:_:in:at:)``), and a repeating card's occurrence
/// is skipped (``Event/skipOccurrence(_:)``); ``Output/moved`` says where a moved card landed.
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
        /// Star the board itself.
        case starBoard
        /// Take the board's star off.
        case unstarBoard
        /// Drop a project in the column of `state`, at `index` counted without it (last when `nil`
        /// or past the end): a drag and drop, a reorder, or a move to another column.
        case move(Project.ID, to: ProjectState, at: Int?)
        /// Drop a project in one of the board's lists, at `index` counted without it (last when
        /// `nil` or past the end): a drag and drop onto a list of the user's own.
        case moveToList(Project.ID, BoardList.ID, at: Int?)
        /// Drop a project on another board, in the column of `state` there (the column it stands
        /// in when `nil`), at `index` (last when `nil`).
        case moveToBoard(Project.ID, Board.ID, in: ProjectState?, at: Int?)
        /// "Not this one": skip the occurrence a repeating project waits for.
        case skipOccurrence(Project.ID)
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
        /// The board as read, each time the screen read it: every project with all its fields,
        /// for a front end that shows more than a row holds (a detail pane, a command line).
        public let overviews: AsyncStream<BoardOverview>
        /// Each move, once saved, with where the project landed: for an announcement ("Moved to
        /// Doing, 2 of 3") or a command's report.
        public let moved: AsyncStream<MovedProject>
        /// Each skipped occurrence, once saved: the project, due on its next occurrence (or done).
        public let skipped: AsyncStream<ProjectChange>
        /// Each star put on or taken off, or found already so.
        public let starred: AsyncStream<StarChange>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
        /// What went wrong, as the error itself, for a front end that chooses its own words; the
        /// same failures as ``errors``, in the same order.
        public let failures: AsyncStream<RepositoryError>
    }

    private let board: Board.ID
    private let fetchBoard: FetchBoard
    private let deleteProject: DeleteProject
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let favourites: Favourites?
    private let cards: CardActions?
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
    ///   - cards: Moves projects and skips their occurrences; without them, those events are
    ///     ignored.
    ///   - navigator: Shows the other screens; held weakly.
    public init(
        board: Board.ID = .default,
        fetchBoard: FetchBoard,
        deleteProject: DeleteProject,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        favourites: Favourites? = nil,
        cards: CardActions? = nil,
        navigator: (any Navigator)?,
        localizer: Localizer
    ) {
        self.board = board
        self.fetchBoard = fetchBoard
        self.deleteProject = deleteProject
        self.changes = changes
        self.favourites = favourites
        self.cards = cards
        self.navigator = navigator
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let outputs = Outputs()
        let storeChanges = changes()
        let work = AsyncStream<Work>.merging(
            input.events, Work.event, with: storeChanges, Work.storeChanged)
        Task {
            var shown: Shown?
            for await item in work {
                switch item {
                case .event(let event):
                    await handle(event, shown: &shown, outputs: outputs)
                case .storeChanged(let change):
                    guard let overview = shown?.overview else { continue }
                    await show(
                        { () async throws(RepositoryError) in try await fetchBoard.refresh(overview, after: change) },
                        starsChanged: !change.favourites.isEmpty, in: &shown, outputs: outputs)
                }
            }
            outputs.finish()
        }
        return Output(
            title: localizer(.boardTitle), addTitle: localizer(.add), historyTitle: localizer(.history),
            deleteTitle: localizer(.delete), snapshots: outputs.snapshots.stream, overviews: outputs.overviews.stream,
            moved: outputs.moved.stream, skipped: outputs.skipped.stream, starred: outputs.starred.stream,
            errors: outputs.errors.texts.stream, failures: outputs.errors.failures.stream)
    }

    // MARK: - Handling

    private enum Work: Sendable {
        case event(Event)
        case storeChanged(RepositoryChange)
    }

    @MainActor
    private final class Outputs {
        let snapshots = OutputChannel<BoardSnapshot>()
        let overviews = OutputChannel<BoardOverview>()
        let moved = OutputChannel<MovedProject>()
        let skipped = OutputChannel<ProjectChange>()
        let starred = OutputChannel<StarChange>()
        let errors = ErrorChannels<RepositoryError>()

        func finish() {
            snapshots.finish()
            overviews.finish()
            moved.finish()
            skipped.finish()
            starred.finish()
            errors.finish()
        }
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

    /// The cards' use cases a board screen calls to move a card, and to skip an occurrence.
    public struct CardActions: Sendable {
        let moveProject: MoveProject
        let fetchProject: FetchProject
        let skipOccurrence: SkipOccurrence

        /// - Parameter fetchProject: Reads where a moved project landed.
        public init(moveProject: MoveProject, fetchProject: FetchProject, skipOccurrence: SkipOccurrence) {
            self.moveProject = moveProject
            self.fetchProject = fetchProject
            self.skipOccurrence = skipOccurrence
        }
    }

    private func handle(_ event: Event, shown: inout Shown?, outputs: Outputs) async {
        switch event {
        case .appear:
            await show(
                { () async throws(RepositoryError) in try await fetchBoard(board) },
                starsChanged: true, in: &shown, outputs: outputs)
        case .showStarredOnly(let starredOnly):
            self.starredOnly = starredOnly
            await show({ () async throws(RepositoryError) in nil }, in: &shown, outputs: outputs)
        case .star(let id):
            await star(.project(id), on: true, outputs: outputs)
        case .unstar(let id):
            await star(.project(id), on: false, outputs: outputs)
        case .starBoard:
            await star(.board(board), on: true, outputs: outputs)
        case .unstarBoard:
            await star(.board(board), on: false, outputs: outputs)
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
            await attempt(outputs) { () async throws(RepositoryError) in try await deleteProject(id) }
        case .move(let id, let state, let index):
            guard let cards else { return }
            await move(id, outputs: outputs) { () async throws(RepositoryError) in
                try await cards.moveProject(id, to: state, at: index)
            }
        case .moveToList(let id, let list, let index):
            guard let cards else { return }
            await move(id, outputs: outputs) { () async throws(RepositoryError) in
                try await cards.moveProject(id, toList: list, at: index)
            }
        case .moveToBoard(let id, let target, let state, let index):
            guard let cards else { return }
            await move(id, outputs: outputs) { () async throws(RepositoryError) in
                try await cards.moveProject(id, toBoard: target, in: state, at: index)
            }
        case .skipOccurrence(let id):
            guard let cards else { return }
            await attempt(outputs) { () async throws(RepositoryError) in
                outputs.skipped.send(try await cards.skipOccurrence(id))
            }
        }
    }

    /// Puts a star on `target` (`on`) or takes it off, and says what changed; the store's change
    /// stream brings the star to the rows.
    private func star(_ target: Favourite.Target, on: Bool, outputs: Outputs) async {
        guard let favourites else { return }
        await attempt(outputs) { () async throws(RepositoryError) in
            let changed = on ? try await favourites.star(target) : try await favourites.unstar(target)
            outputs.starred.send(StarChange(target: target, isStarred: on, isChanged: changed))
        }
    }

    /// Runs `move`, then reads where the project landed and delivers both; the store's change
    /// stream brings the move to the sections.
    private func move(
        _ id: Project.ID, outputs: Outputs, _ move: () async throws(RepositoryError) -> ProjectChange
    ) async {
        guard let cards else { return }
        await attempt(outputs) { () async throws(RepositoryError) in
            let change = try await move()
            let place: Result<ProjectPlace, RepositoryError>
            do throws(RepositoryError) {
                place = .success(try await cards.fetchProject.place(of: id))
            } catch {
                place = .failure(error)  // the move is saved all the same
            }
            outputs.moved.send(MovedProject(change: change, place: place))
        }
    }

    /// Runs `work`, delivering its failure.
    private func attempt(_ outputs: Outputs, _ work: () async throws(RepositoryError) -> Void) async {
        do throws(RepositoryError) {
            try await work()
        } catch {
            outputs.errors.send(error, as: localizer(.failure(error)))
        }
    }

    /// Reads the board with `read` (`nil`: it is as shown) and, when `starsChanged`, its starred
    /// projects, and delivers it when it differs from what is shown.
    private func show(
        _ read: () async throws(RepositoryError) -> BoardOverview?, starsChanged: Bool = false, in shown: inout Shown?,
        outputs: Outputs
    ) async {
        var overview = shown?.overview
        var starred = shown?.starred ?? []
        do throws(RepositoryError) {
            if let read = try await read() {
                overview = read
                outputs.overviews.update(read)
            }
            if starsChanged, let favourites { starred = try await favourites.list.starredProjects(onBoard: board) }
        } catch {
            outputs.errors.send(error, as: localizer(.failure(error)))
            return
        }
        guard let overview else { return }
        let labels = Dictionary(overview.labels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sections = overview.columns.map {
            section(for: $0, labels: labels, starred: starred, starredOnly: starredOnly)
        }
        let previous = shown?.sections
        shown = Shown(overview: overview, starred: starred, sections: sections)
        if let previous, previous == sections { return }
        // Each list's rows against what it showed before; a list new to the screen from none.
        let before = Dictionary((previous ?? []).map { ($0.id, $0.rows) }, uniquingKeysWith: { first, _ in first })
        let differences = sections.map { new in
            let old = before[new.id] ?? []
            // From no rows (a list's first screen) every row is inserted: no search for what
            // stayed, which costs the square of the rows (47 s for a first screen of 100,000).
            guard !old.isEmpty, !new.rows.isEmpty else {
                let changes: [CollectionDifference<BoardRow>.Change] =
                    old.enumerated().map { .remove(offset: $0.offset, element: $0.element, associatedWith: nil) }
                    + new.rows.enumerated().map { .insert(offset: $0.offset, element: $0.element, associatedWith: nil) }
                return CollectionDifference(changes) ?? new.rows.difference(from: old)
            }
            return new.rows.difference(from: old).inferringMoves()
        }
        outputs.snapshots.send(BoardSnapshot(sections: sections, differences: differences))
    }

    private func section(
        for column: BoardOverview.Column, labels: [Label.ID: Label], starred: Set<Project.ID>, starredOnly: Bool
    ) -> BoardSection {
        BoardSection(
            list: column.list.id, state: column.state,
            title: column.list.isStandardAsMade ? localizer(.state(column.state)) : column.list.title,
            rows: column.items.compactMap { item in
                let isStarred = starred.contains(item.project.id)
                guard isStarred || !starredOnly else { return nil }
                let deadline = item.project.deadline.map { day in
                    localizer.deadline(day) + (item.project.dueTime.map { " \($0)" } ?? "")
                }
                return BoardRow(
                    id: item.project.id, title: item.project.title,
                    preview: BoardRow.preview(of: item.project.body), deadline: deadline,
                    repeatSummary: item.project.recurrence.map { localizer.summary(of: $0.rule) },
                    isOverdue: item.isOverdue, isStarred: isStarred,
                    labels: item.project.labels.compactMap { labels[$0] }.map {
                        BoardRow.Badge(name: $0.displayName, colour: $0.colour)
                    },
                    checklist: item.checklist.map(\.description))
            }, total: column.count, limit: column.list.limit,
            overLimitNote: column.isOverLimit ? column.list.limit.map { localizer(.card(.overLimit($0))) } : nil)
    }
}

/// A project a board screen moved, and where it landed.
public struct MovedProject: Hashable, Sendable {
    /// The project as moved, and whether it moved at all (a drop where it stands saves nothing).
    public let change: ProjectChange
    /// Where it stands now: its column, its index there and the column's size; or why that could
    /// not be read, the move being saved all the same.
    public let place: Result<ProjectPlace, RepositoryError>

    /// A move of `change`, whose project now stands at `place`.
    public init(change: ProjectChange, place: Result<ProjectPlace, RepositoryError>) {
        self.change = change
        self.place = place
    }
}

/// A star a board screen put on or took off.
public struct StarChange: Hashable, Sendable {
    /// The project or the board.
    public let target: Favourite.Target
    /// Whether it is starred now.
    public let isStarred: Bool
    /// `false` when it already was as asked, and nothing was saved.
    public let isChanged: Bool

    /// A star on `target`, on or off as `isStarred` says, saved unless `isChanged` is `false`.
    public init(target: Favourite.Target, isStarred: Bool, isChanged: Bool) {
        self.target = target
        self.isStarred = isStarred
        self.isChanged = isChanged
    }
}
