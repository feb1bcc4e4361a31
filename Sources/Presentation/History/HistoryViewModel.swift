import ProjectManagerDomain

/// The history screen: what happened on the board, newest first, with Undo and Redo.
///
/// The entries and the enabled state of Undo and Redo are reloaded after each undo or redo and
/// after every save the store reports, and delivered only when they change.
@MainActor
public final class HistoryViewModel: ViewModelType {
    /// What the user does on the history screen.
    public enum Event: Hashable, Sendable {
        /// Revert the last action. Ignored when there is nothing to undo.
        case undo
        /// Repeat the last undone action. Ignored when there is nothing to redo.
        case redo
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the history screen renders.
    public struct Output: Sendable {
        /// The screen's title.
        public let title: String
        /// The undo button's title.
        public let undoTitle: String
        /// The redo button's title.
        public let redoTitle: String
        /// The text to show when there are no entries.
        public let emptyText: String
        /// The entries, newest first.
        public let entries: AsyncStream<[HistoryEntry]>
        /// Whether Undo is enabled.
        public let canUndo: AsyncStream<Bool>
        /// Whether Redo is enabled.
        public let canRedo: AsyncStream<Bool>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let board: Board.ID
    private let limit: Int?
    private let fetchHistory: FetchHistory
    private let undoRedo: UndoRedo
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let localizer: Localizer

    /// A history view model.
    ///
    /// - Parameters:
    ///   - board: The board whose history to show.
    ///   - limit: The most entries to show; `nil` shows them all.
    ///   - changes: The store's change stream, such as ``ProjectRepository/changes()``; it is
    ///     subscribed to in ``transform(_:)``.
    public init(
        board: Board.ID = .default,
        limit: Int? = nil,
        fetchHistory: FetchHistory,
        undoRedo: UndoRedo,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        localizer: Localizer
    ) {
        self.board = board
        self.limit = limit
        self.fetchHistory = fetchHistory
        self.undoRedo = undoRedo
        self.changes = changes
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let outputs = Outputs()
        let work = AsyncStream<Work>.merging(
            input.events, Work.event, with: changes(), { _ in Work.storeChanged })
        Task {
            await reload(outputs)
            for await item in work {
                if case .event(let event) = item { await handle(event, outputs: outputs) }
                await reload(outputs, afterStep: true)
            }
            outputs.finish()
        }
        return Output(
            title: localizer(.historyTitle), undoTitle: localizer(.undo), redoTitle: localizer(.redo),
            emptyText: localizer(.noActivity), entries: outputs.entries.stream,
            canUndo: outputs.canUndo.stream, canRedo: outputs.canRedo.stream, errors: outputs.errors.stream)
    }

    // MARK: - Handling

    private enum Work: Sendable {
        case event(Event)
        case storeChanged
    }

    @MainActor
    private final class Outputs {
        let entries = OutputChannel<[HistoryEntry]>()
        let canUndo = OutputChannel<Bool>()
        let canRedo = OutputChannel<Bool>()
        let errors = OutputChannel<String>()

        func finish() {
            entries.finish()
            canUndo.finish()
            canRedo.finish()
            errors.finish()
        }
    }

    private func handle(_ event: Event, outputs: Outputs) async {
        let status = await undoRedo.status(onBoard: board)
        do throws(RepositoryError) {
            switch event {
            case .undo where status.canUndo: try await undoRedo.undo(onBoard: board)
            case .redo where status.canRedo: try await undoRedo.redo(onBoard: board)
            case .undo, .redo: break
            }
        } catch {
            outputs.errors.send(localizer(.failure(error)))
        }
    }

    /// Reads the history and the undo status, and delivers what changed.
    ///
    /// - Parameter afterStep: Whether an undo, a redo or another save came first: a board gone
    ///   then (its creation undone) has no history left, which is no failure.
    private func reload(_ outputs: Outputs, afterStep: Bool = false) async {
        let status = await undoRedo.status(onBoard: board)
        outputs.canUndo.update(status.canUndo)
        outputs.canRedo.update(status.canRedo)
        do throws(RepositoryError) {
            let activities = try await fetchHistory(onBoard: board, limit: limit)
            outputs.entries.update(
                activities.map { activity in
                    HistoryEntry(
                        id: activity.id,
                        text: localizer(.activity(activity.kind, projectTitle: activity.projectTitle)),
                        time: localizer.time(activity.date), date: activity.date, author: activity.author)
                })
        } catch .notFound(.board(let gone)) where afterStep && gone == board {
            outputs.entries.update([])
        } catch {
            outputs.errors.send(localizer(.failure(error)))
        }
    }
}
