import Foundation
import ProjectManagerDomain

/// The today screen (and a widget's content): what is overdue, what is due today and the
/// favourites' deadlines of the next 7 days, kept up to date.
///
/// The screen reads ``FetchTodaySummary`` when it appears, again after every save the store
/// reports (whoever made it), and again at the summary's ``TodaySummary/nextChange`` (the next
/// midnight), waited for on an injected clock, so a screen left open overnight moves tomorrow's
/// deadlines into today. It delivers a ``TodaySnapshot`` only when what it shows changed.
///
/// ```swift
/// let today = screens.makeToday()
/// let (events, send) = AsyncStream.makeStream(of: TodayViewModel.Event.self)
/// let output = today.transform(TodayViewModel.Input(events: events))
/// send.yield(.appear)
/// for await snapshot in output.snapshots { render(snapshot) }
/// ```
@MainActor
public final class TodayViewModel: ViewModelType {
    /// What the user does on the today screen.
    public enum Event: Hashable, Sendable {
        /// The screen appeared: read the summary (and read it again on later appearances).
        case appear
        /// Open a project: show its form.
        case open(Project.ID)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the today screen renders.
    public struct Output: Sendable {
        /// The screen's title.
        public let title: String
        /// The screen after it first appears, then after every visible change.
        public let snapshots: AsyncStream<TodaySnapshot>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
        /// What went wrong, as the error itself, for a front end that chooses its own words; the
        /// same failures as ``errors``, in the same order.
        public let failures: AsyncStream<RepositoryError>
    }

    private let fetchTodaySummary: FetchTodaySummary
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let now: @Sendable () -> Date
    private let clock: any Clock<Duration>
    private weak var navigator: (any Navigator)?
    private let localizer: Localizer

    /// A today view model.
    ///
    /// - Parameters:
    ///   - changes: The store's change stream, such as ``ProjectRepository/changes()``.
    ///   - now: The instant now, the one the summary is read for (``EngineEnvironment/now``), to
    ///     tell how long it is until the summary's next change.
    ///   - clock: The clock that wait is slept on: `ContinuousClock()` in an app, a clock the test
    ///     moves in tests.
    ///   - navigator: Opens projects; held weakly.
    public init(
        fetchTodaySummary: FetchTodaySummary,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        now: @escaping @Sendable () -> Date,
        clock: any Clock<Duration>,
        navigator: (any Navigator)?,
        localizer: Localizer
    ) {
        self.fetchTodaySummary = fetchTodaySummary
        self.changes = changes
        self.now = now
        self.clock = clock
        self.navigator = navigator
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let snapshots = OutputChannel<TodaySnapshot>()
        let errors = ErrorChannels<RepositoryError>()
        let work = TimedWork(events: input.events, Work.event, changes: changes(), .storeChanged)
        let timerContinuation = work.timers
        Task {
            var appeared = false
            var timer: Task<Void, Never>?
            for await item in work.items {
                switch item {
                case .event(.open(let id)):
                    navigator?.showEditForm(for: id)
                    continue
                case .event(.appear):
                    appeared = true
                case .storeChanged, .nextChangeReached:
                    guard appeared else { continue }
                }
                guard let summary = await read(errors: errors) else { continue }
                snapshots.update(snapshot(of: summary))
                timer?.cancel()
                let wait = Duration.seconds(max(summary.nextChange.timeIntervalSince(now()), 0))
                let clock = self.clock
                timer = Task {
                    do {
                        try await clock.sleep(for: wait)
                    } catch {
                        return  // a later read set a new timer
                    }
                    timerContinuation.yield(.nextChangeReached)
                }
            }
            timer?.cancel()
            work.finish()
            snapshots.finish()
            errors.finish()
        }
        return Output(
            title: localizer(.today(.title)), snapshots: snapshots.stream, errors: errors.texts.stream,
            failures: errors.failures.stream)
    }

    // MARK: - Reading

    private enum Work: Sendable {
        case event(Event)
        case storeChanged
        /// The summary's next change came.
        case nextChangeReached
    }

    private func read(errors: ErrorChannels<RepositoryError>) async -> TodaySummary? {
        do throws(RepositoryError) {
            return try await fetchTodaySummary()
        } catch {
            errors.send(error, as: localizer(.failure(error)))
            return nil
        }
    }

    private func snapshot(of summary: TodaySummary) -> TodaySnapshot {
        let boards = Dictionary(summary.boards.map { ($0.boardID, $0.title) }, uniquingKeysWith: { first, _ in first })
        let days = TodaySummary.upcomingDays
        func section(
            _ kind: TodaySnapshot.Section.Kind, _ items: [TodaySummary.Item], _ title: TodayPhrase, _ empty: TodayPhrase
        ) -> TodaySnapshot.Section {
            TodaySnapshot.Section(
                kind: kind, title: localizer(.today(title)),
                rows: items.map { item in
                    TodaySnapshot.Row(
                        id: item.id, title: item.title, board: boards[item.boardID] ?? "",
                        deadline: localizer.deadline(item.deadline), state: localizer(.state(item.state)),
                        isOverdue: item.deadline < summary.today)
                },
                emptyText: localizer(.today(empty)))
        }
        return TodaySnapshot(
            sections: [
                section(.overdue, summary.overdue, .overdue, .nothingOverdue),
                section(.dueToday, summary.dueToday, .dueToday, .nothingDueToday),
                section(.upcoming, summary.upcoming, .upcoming(days: days), .nothingUpcoming(days: days)),
            ],
            boards: summary.boards.map { count in
                TodaySnapshot.BoardCount(
                    id: count.boardID, title: count.title,
                    text: localizer(
                        .today(
                            .boardCounts(
                                overdue: count.overdue, dueToday: count.dueToday, upcoming: count.upcoming, days: days))
                    ))
            },
            summary: summary)
    }
}
