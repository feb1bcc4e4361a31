import ProjectManagerDomain

/// The board list: the viewer's boards with how many projects each holds, to create, rename,
/// delete and open; Krello's home screen once signed in.
///
/// The list is read when the screen appears and again after every save the store reports
/// (a board made, renamed or deleted, a project added, moved between boards or deleted), and
/// delivered only when it changed. Its counts come from each column's ordered index: no project is
/// read. Signed in with no board yet, appearing makes the account's first board (``HomeBoard``).
///
/// ```swift
/// let boards = screens.makeBoardList()
/// let (events, send) = AsyncStream.makeStream(of: BoardListViewModel.Event.self)
/// let output = boards.transform(BoardListViewModel.Input(events: events))
/// send.yield(.appear)
/// for await list in output.lists { render(list.rows) }   // "Work", "3 projects"
/// send.yield(.create(title: "Groceries"))
/// ```
@MainActor
public final class BoardListViewModel: ViewModelType {
    /// What the user does on the board list.
    public enum Event: Hashable, Sendable {
        /// The screen appeared: read the boards.
        case appear
        /// Make a board with this name.
        case create(title: String)
        /// Give a board a new name.
        case rename(Board.ID, to: String)
        /// Delete a board and its projects (ask first: each row has ``BoardListRow/deleteConfirmation``).
        case delete(Board.ID)
        /// Open a board: the navigator shows it.
        case open(Board.ID)
        /// Put back the boards of a backup as they were (an import into a new store).
        case restore(Backup)
        /// Put back the projects of a backup, with new ids, on a new board of this name.
        case restoreIntoNewBoard(Backup, title: String)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the board list shows: the boards, oldest first.
    public typealias List = RowList<BoardListRow>

    /// What the board list renders.
    public struct Output: Sendable {
        /// The screen's title.
        public let title: String
        /// The title of the button that makes a board.
        public let createTitle: String
        /// The title of the control that renames a board.
        public let renameTitle: String
        /// The title of the control that deletes a board.
        public let deleteTitle: String
        /// The label of the field where a board's name is typed.
        public let nameFieldTitle: String
        /// The list after the first appearance, then after every visible change.
        public let lists: AsyncStream<List>
        /// Each board the screen made, once saved, so that a front end can open it.
        public let created: AsyncStream<Board>
        /// Each board the screen renamed, once saved, with its name as saved (trimmed).
        public let renamed: AsyncStream<Board>
        /// The boards each restore put back, once saved (one new board for a restore into one).
        public let restored: AsyncStream<[Board]>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
        /// What went wrong, as the error itself, for a front end that chooses its own words; the
        /// same failures as ``errors``, in the same order.
        public let failures: AsyncStream<RepositoryError>
    }

    private let fetchBoardList: FetchBoardList
    private let homeBoard: HomeBoard
    private let createBoard: CreateBoard
    private let renameBoard: RenameBoard
    private let deleteBoard: DeleteBoard
    private let restoreBoards: RestoreBoards?
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let makesFirstBoard: Bool
    private weak var navigator: (any Navigator)?
    private let localizer: Localizer

    /// A board list view model.
    ///
    /// - Parameters:
    ///   - restoreBoards: Puts back a backup's boards; without it, the restore events are ignored.
    ///   - changes: The store's change stream, such as ``ProjectRepository/changes()``.
    ///   - makesFirstBoard: Whether appearing signed in with no board makes the account's first;
    ///     `false` for a list that only reads, such as one over a read-only store.
    ///   - navigator: Opens boards; held weakly.
    public init(
        fetchBoardList: FetchBoardList,
        homeBoard: HomeBoard,
        createBoard: CreateBoard,
        renameBoard: RenameBoard,
        deleteBoard: DeleteBoard,
        restoreBoards: RestoreBoards? = nil,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        makesFirstBoard: Bool = true,
        navigator: (any Navigator)?,
        localizer: Localizer
    ) {
        self.makesFirstBoard = makesFirstBoard
        self.fetchBoardList = fetchBoardList
        self.homeBoard = homeBoard
        self.createBoard = createBoard
        self.renameBoard = renameBoard
        self.deleteBoard = deleteBoard
        self.restoreBoards = restoreBoards
        self.changes = changes
        self.navigator = navigator
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let outputs = Outputs()
        let work = AsyncStream<Work>.merging(input.events, Work.event, with: changes(), { _ in Work.storeChanged })
        Task {
            var appeared = false
            for await item in work {
                switch item {
                case .event(.appear):
                    appeared = true
                case .event(.open(let id)):
                    navigator?.showBoard(id)
                    continue
                case .event(let event):
                    // The store's change stream brings the change to the list.
                    await change(event, outputs: outputs)
                    continue
                case .storeChanged:
                    guard appeared else { continue }
                }
                await reload(outputs, makingFirstBoard: makesFirstBoard && item == .event(.appear))
            }
            outputs.finish()
        }
        return Output(
            title: localizer(.boardList(.title)), createTitle: localizer(.boardList(.create)),
            renameTitle: localizer(.boardList(.rename)), deleteTitle: localizer(.delete),
            nameFieldTitle: localizer(.boardList(.nameField)), lists: outputs.lists.stream,
            created: outputs.created.stream, renamed: outputs.renamed.stream, restored: outputs.restored.stream,
            errors: outputs.errors.texts.stream,
            failures: outputs.errors.failures.stream)
    }

    // MARK: - Handling

    private enum Work: Sendable, Equatable {
        case event(Event)
        case storeChanged
    }

    @MainActor
    private final class Outputs {
        let lists = OutputChannel<List>()
        let created = OutputChannel<Board>()
        let renamed = OutputChannel<Board>()
        let restored = OutputChannel<[Board]>()
        let errors = ErrorChannels<RepositoryError>()

        func finish() {
            lists.finish()
            created.finish()
            renamed.finish()
            restored.finish()
            errors.finish()
        }
    }

    private func change(_ event: Event, outputs: Outputs) async {
        do throws(RepositoryError) {
            switch event {
            case .create(let title): outputs.created.send(try await createBoard(title: title))
            case .rename(let id, let title): outputs.renamed.send(try await renameBoard(id, to: title))
            case .delete(let id): try await deleteBoard(id)
            case .restore(let backup):
                if let restoreBoards { outputs.restored.send(try await restoreBoards(backup)) }
            case .restoreIntoNewBoard(let backup, let title):
                if let restoreBoards {
                    outputs.restored.send([try await restoreBoards(backup, intoNewBoardTitled: title)])
                }
            case .appear, .open: break
            }
        } catch {
            outputs.errors.send(error, as: message(for: error))
        }
    }

    /// Reads the list and delivers it when it changed; on the first appearance of an account
    /// with no board, makes its first.
    private func reload(_ outputs: Outputs, makingFirstBoard: Bool) async {
        do throws(RepositoryError) {
            var summaries = try await fetchBoardList()
            if summaries.isEmpty, makingFirstBoard {
                _ = try await homeBoard()
                summaries = try await fetchBoardList()
            }
            let rows = summaries.map(row)
            outputs.lists.update(List(rows: rows, emptyText: localizer(.boardList(.empty))))
        } catch {
            outputs.errors.send(error, as: message(for: error))
        }
    }

    private func row(_ summary: BoardSummary) -> BoardListRow {
        BoardListRow(
            id: summary.id, title: summary.board.title, summary: summary, count: summary.count,
            countText: localizer(.boardList(.projectCount(summary.count))),
            columnsText: localizer(
                .boardList(
                    .columnCounts(
                        todo: summary.count(in: .todo), doing: summary.count(in: .doing), done: summary.count(in: .done)
                    ))),
            canDelete: summary.id != .default,
            deleteConfirmation: localizer(
                .boardList(.confirmDelete(board: summary.board.title, projects: summary.count))))
    }

    /// A broken name rule in the board's words; any other failure as every screen says it.
    private func message(for error: RepositoryError) -> String {
        guard case .invalid(let validation) = error, let first = validation.failures.first else {
            return localizer(.failure(error))
        }
        return localizer(.boardList(.invalidName(first)))
    }
}

/// One board as the board list shows it.
public struct BoardListRow: Hashable, Sendable, Identifiable {
    public let id: Board.ID
    /// The board's name.
    public let title: String
    /// The board, with when it was made and whose it is, and each column's count: for a front end
    /// that shows more than the row's texts (a command line's JSON).
    public let summary: BoardSummary
    /// How many projects it holds.
    public let count: Int
    /// The count in words: "3 projects".
    public let countText: String
    /// Each column's count: "To Do 1 · Doing 0 · Done 2".
    public let columnsText: String
    /// Whether it can be deleted (the default board cannot).
    public let canDelete: Bool
    /// The question to ask before deleting it: "Delete the board 'Work' and its 3 projects?"
    public let deleteConfirmation: String
}
