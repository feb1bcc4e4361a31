import ProjectManagerDomain

/// The search screen: results as the user types, kept up to date with the store.
///
/// Typing is debounced on an injected clock: a search runs once the query has stood still for
/// ``debounce`` (or at once on ``Event/submit``); an empty query shows the prompt at once. The
/// results shown are searched again whenever the store reports a save, whoever made it.
///
/// ```swift
/// let search = screens.makeSearch()
/// let (events, send) = AsyncStream.makeStream(of: SearchViewModel.Event.self)
/// let output = search.transform(SearchViewModel.Input(events: events))
/// send.yield(.appear)
/// send.yield(.queryChanged("ㅂㄱㅅ"))
/// for await state in output.states { render(state) }
/// ```
@MainActor
public final class SearchViewModel: ViewModelType {
    /// What the user does on the search screen.
    public enum Event: Hashable, Sendable {
        /// The screen appeared: show the prompt, or the results of the query typed so far.
        case appear
        /// The text of the search field changed.
        case queryChanged(String)
        /// Search now, without waiting for typing to stop (the return key).
        case submit
        /// Search one board, or every board (`nil`).
        case scope(Board.ID?)
        /// Search only the projects that carry this label, or every project (`nil`).
        case label(Label.ID?)
        /// Open a result: show its form.
        case open(Project.ID)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the search screen renders.
    public struct Output: Sendable {
        /// The screen's title.
        public let title: String
        /// The search field's placeholder.
        public let placeholder: String
        /// The prompt on appearing, then each change of what the screen shows.
        public let states: AsyncStream<SearchState>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    /// How long typing must stand still before a search runs.
    public let debounce: Duration

    private let board: Board.ID?
    private let limit: Int
    private let searchProjects: SearchProjects
    private let listBoards: ListBoards
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let clock: any Clock<Duration>
    private weak var navigator: (any Navigator)?
    private let localizer: Localizer

    /// A search view model.
    ///
    /// - Parameters:
    ///   - board: The board to search at first; `nil` searches every board.
    ///   - changes: The store's change stream, such as ``ProjectRepository/changes()``.
    ///   - clock: The clock typing is debounced on: `ContinuousClock()` in an app, a clock the
    ///     test moves in tests.
    ///   - navigator: Opens results; held weakly.
    public init(
        board: Board.ID? = nil,
        limit: Int = SearchProjects.defaultLimit,
        searchProjects: SearchProjects,
        listBoards: ListBoards,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        clock: any Clock<Duration>,
        debounce: Duration = .milliseconds(250),
        navigator: (any Navigator)?,
        localizer: Localizer
    ) {
        self.board = board
        self.limit = limit
        self.searchProjects = searchProjects
        self.listBoards = listBoards
        self.changes = changes
        self.clock = clock
        self.debounce = debounce
        self.navigator = navigator
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let states = OutputChannel<SearchState>()
        let errors = OutputChannel<String>()
        let work = TimedWork(events: input.events, Work.event, changes: changes(), .storeChanged)
        let timerContinuation = work.timers
        Task {
            var search = Search(scope: board)
            var timer: Task<Void, Never>?
            for await item in work.items {
                switch item {
                case .event(.queryChanged(let text)):
                    search.typed = text
                    search.generation += 1
                    timer?.cancel()
                    guard search.appeared else { continue }
                    if SearchQuery(text).isEmpty {
                        await run(&search, states: states, errors: errors)
                        continue
                    }
                    let generation = search.generation
                    let (clock, debounce) = (self.clock, self.debounce)
                    timer = Task {
                        do {
                            try await clock.sleep(for: debounce)
                        } catch {
                            return  // typing went on: a later timer searches
                        }
                        timerContinuation.yield(.typingStopped(generation))
                    }
                case .event(.appear), .event(.submit):
                    search.appeared = true
                    search.generation += 1
                    timer?.cancel()
                    await run(&search, states: states, errors: errors)
                case .event(.scope(let board)):
                    search.scope = board
                    search.generation += 1
                    timer?.cancel()
                    guard search.appeared else { continue }
                    await run(&search, states: states, errors: errors)
                case .event(.label(let label)):
                    search.label = label
                    search.generation += 1
                    timer?.cancel()
                    guard search.appeared else { continue }
                    await run(&search, states: states, errors: errors)
                case .event(.open(let id)):
                    navigator?.showEditForm(for: id)
                case .typingStopped(let generation):
                    guard generation == search.generation else { continue }
                    await run(&search, states: states, errors: errors)
                case .storeChanged:
                    guard let shown = search.shown else { continue }
                    await run(&search, query: shown, states: states, errors: errors)
                }
            }
            timer?.cancel()
            work.finish()
            states.finish()
            errors.finish()
        }
        return Output(
            title: localizer(.search(.title)), placeholder: localizer(.search(.placeholder)),
            states: states.stream, errors: errors.stream)
    }

    // MARK: - Searching

    private enum Work: Sendable {
        case event(Event)
        /// The query typed at this generation stood still for the debounce interval.
        case typingStopped(Int)
        case storeChanged
    }

    /// What one binding has typed and shown.
    private struct Search {
        var scope: Board.ID?
        var label: Label.ID?
        var typed = ""
        /// Counts the query's changes, so that a timer for an older query is ignored.
        var generation = 0
        var appeared = false
        /// The query whose results are on screen, searched again when the store changes.
        var shown: String?
    }

    private func run(
        _ search: inout Search, query: String? = nil, states: OutputChannel<SearchState>, errors: OutputChannel<String>
    ) async {
        let text = query ?? search.typed
        guard !SearchQuery(text).isEmpty else {
            search.shown = nil
            states.update(.prompt(localizer(.search(.prompt))))
            return
        }
        let results: SearchResults
        let boards: [Board.ID: String]
        do throws(RepositoryError) {
            results =
                if let label = search.label {
                    try await searchProjects(text, onBoard: search.scope, labelled: label, limit: limit)
                } else {
                    try await searchProjects(text, onBoard: search.scope, limit: limit)
                }
            boards =
                search.scope == nil
                ? Dictionary(try await listBoards().map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
                : [:]
        } catch {
            errors.send(localizer(.failure(error)))
            return
        }
        search.shown = text
        guard !results.items.isEmpty else {
            states.update(.noResults(localizer(.search(.noResults(query: text)))))
            return
        }
        let rows = results.items.map { result in
            let snippet = SearchRow.snippet(of: result.project.body, matches: result.bodyMatches)
            return SearchRow(
                id: result.project.id, title: result.project.title, titleMatches: result.titleMatches,
                snippet: snippet.text, snippetMatches: snippet.matches, board: boards[result.project.boardID],
                state: localizer(.state(result.project.state)),
                deadline: result.project.deadline.map(localizer.deadline),
                project: result.project)
        }
        let summary =
            results.totalCount > rows.count
            ? localizer(.search(.showing(rows.count, of: results.totalCount)))
            : localizer(.search(.resultCount(results.totalCount)))
        states.update(
            .results(SearchSnapshot(query: text, summary: summary, rows: rows, totalCount: results.totalCount)))
    }
}
