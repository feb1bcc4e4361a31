import Foundation
import ProjectManagerPresentation

/// Builds every screen's view model over one engine, with its use cases, a localizer for the
/// user's locale, and a navigator.
///
/// A front end makes one factory and asks it for a view model each time its navigator shows a
/// screen:
/// ```swift
/// @MainActor final class AppCoordinator: Navigator {
///     lazy var screens = engine.viewModels(navigator: self)
///     func showCreateForm() { present(screens.makeCreateProject()) }
///     func showEditForm(for project: Project.ID) { present(screens.makeUpdateProject(project)) }
///     // …
/// }
/// ```
@MainActor
public struct ViewModelFactory {
    /// The engine whose use cases the view models call.
    public let engine: ProjectManagerEngine
    /// The board the screens show.
    public let board: Board.ID
    /// The text, dates and times of every screen.
    public let localizer: Localizer
    /// Shows the screens the view models ask for; held weakly, as the view models hold it.
    public private(set) weak var navigator: (any Navigator)?

    /// A factory for the screens of `board`.
    public init(
        engine: ProjectManagerEngine, board: Board.ID = .default, localizer: Localizer, navigator: (any Navigator)?
    ) {
        self.engine = engine
        self.board = board
        self.localizer = localizer
        self.navigator = navigator
    }

    /// The main screen: its cards are moved as a drag and drop moves them, and starred, and their
    /// occurrences skipped.
    public func makeBoard() -> BoardViewModel {
        let projects = engine.projects
        return BoardViewModel(
            board: board, fetchBoard: engine.fetchBoard, deleteProject: engine.deleteProject,
            changes: { projects.changes() },
            favourites: BoardViewModel.Favourites(
                list: engine.listFavourites, star: engine.star, unstar: engine.unstar),
            cards: BoardViewModel.CardActions(
                moveProject: engine.moveProject, fetchProject: engine.fetchProject,
                skipOccurrence: engine.skipOccurrence),
            navigator: navigator, localizer: localizer)
    }

    /// The form that creates a project, last in `state`'s column.
    public func makeCreateProject(in state: ProjectState = .todo) -> CreateProjectViewModel {
        CreateProjectViewModel(
            mode: CreateMode(createProject: engine.createProject, board: board, state: state),
            navigator: navigator, localizer: localizer)
    }

    /// The form that creates a project, last in `list`, one of the board's lists.
    public func makeCreateProject(inList list: BoardList.ID) -> CreateProjectViewModel {
        CreateProjectViewModel(
            mode: CreateMode(createProject: engine.createProject, board: board, list: list),
            navigator: navigator, localizer: localizer)
    }

    /// The form that shows `project` and, on Edit, changes it in an edit session.
    public func makeUpdateProject(_ project: Project.ID) -> UpdateProjectViewModel {
        UpdateProjectViewModel(
            mode: UpdateMode(project: project, beginProjectEdit: engine.beginProjectEdit),
            navigator: navigator, localizer: localizer)
    }

    /// The long-press menu of `project`.
    public func makeChangeState(of project: Project.ID) -> ChangeStateViewModel {
        ChangeStateViewModel(
            project: project, fetchProject: engine.fetchProject, moveProject: engine.moveProject,
            navigator: navigator, localizer: localizer)
    }

    /// The search screen, over every board at first, with typing debounced on `clock`.
    public func makeSearch(
        clock: any Clock<Duration> = ContinuousClock(), debounce: Duration = .milliseconds(250)
    ) -> SearchViewModel {
        let projects = engine.projects
        return SearchViewModel(
            searchProjects: engine.searchProjects, listBoards: engine.listBoards, changes: { projects.changes() },
            clock: clock, debounce: debounce, navigator: navigator, localizer: localizer)
    }

    /// The today screen, read again after every save and at each next midnight, waited for on
    /// `clock`.
    public func makeToday(clock: any Clock<Duration> = ContinuousClock()) -> TodayViewModel {
        let projects = engine.projects
        return TodayViewModel(
            fetchTodaySummary: engine.fetchTodaySummary, changes: { projects.changes() }, now: engine.environment.now,
            clock: clock, navigator: navigator, localizer: localizer)
    }

    /// The favourites screen: the starred projects and boards of every board.
    public func makeFavourites() -> FavouritesViewModel {
        let projects = engine.projects
        let environment = engine.environment
        return FavouritesViewModel(
            listFavourites: engine.listFavourites, unstar: engine.unstar, changes: { projects.changes() },
            today: { environment.today() }, navigator: navigator, localizer: localizer)
    }

    /// The sign-up form; once signed up, the navigator shows the board list.
    public func makeSignUp() -> SignUpViewModel {
        SignUpViewModel(mode: SignUpMode(signUp: engine.signUp), navigator: navigator, localizer: localizer)
    }

    /// The sign-in form; once signed in, the navigator shows the board list.
    public func makeSignIn() -> SignInViewModel {
        SignInViewModel(mode: SignInMode(signIn: engine.signIn), navigator: navigator, localizer: localizer)
    }

    /// The board list: the viewer's boards with their counts, to create, rename, delete and open
    /// (``Navigator/showBoard(_:)``); signed in with no board yet, it makes the account's first
    /// unless `makingFirstBoard` is `false` (a list that only reads).
    public func makeBoardList(makingFirstBoard: Bool = true) -> BoardListViewModel {
        let projects = engine.projects
        return BoardListViewModel(
            fetchBoardList: engine.fetchBoardList, homeBoard: engine.homeBoard, createBoard: engine.createBoard,
            renameBoard: engine.renameBoard, deleteBoard: engine.deleteBoard, restoreBoards: engine.restoreBoards,
            changes: { projects.changes() }, makesFirstBoard: makingFirstBoard, navigator: navigator,
            localizer: localizer)
    }

    /// The board's list menu: its lists, counts and limits, and the list actions.
    public func makeLists() -> ListsViewModel {
        let projects = engine.projects
        return ListsViewModel(
            board: board, fetchLists: engine.fetchLists, addList: engine.addList, editList: engine.editList,
            changes: { projects.changes() }, localizer: localizer)
    }

    /// The board's label editor: its labels, the cards that carry each, and the label actions.
    public func makeLabels() -> LabelsViewModel {
        let projects = engine.projects
        return LabelsViewModel(
            board: board, fetchLabels: engine.fetchLabels, fetchBoard: engine.fetchBoard,
            fetchArchived: engine.fetchArchived, createLabel: engine.createLabel, editLabel: engine.editLabel,
            changes: { projects.changes() }, localizer: localizer)
    }

    /// The board's archive: its archived cards, each restorable.
    public func makeArchive() -> ArchiveViewModel {
        let projects = engine.projects
        return ArchiveViewModel(
            board: board, fetchArchived: engine.fetchArchived, fetchLists: engine.fetchLists,
            archiveProject: engine.archiveProject, changes: { projects.changes() }, localizer: localizer)
    }

    /// A card's detail screen: its checklist and comments, read and changed through the engine.
    public func makeCardDetail(_ card: Project.ID) -> CardDetailViewModel {
        let projects = engine.projects
        let session = engine.currentSession
        return CardDetailViewModel(
            card: card,
            actions: CardDetailViewModel.Actions(
                fetchProject: engine.fetchProject, fetchLists: engine.fetchLists, fetchLabels: engine.fetchLabels,
                fetchChecklist: engine.fetchChecklist, addChecklistItem: engine.addChecklistItem,
                editChecklistItem: engine.editChecklistItem, fetchComments: engine.fetchComments,
                postComment: engine.postComment, editComment: engine.editComment, deleteComment: engine.deleteComment),
            viewer: { try? await session()?.account.id }, environment: engine.environment,
            changes: { projects.changes() }, localizer: localizer)
    }

    /// Who is signed in, with the button that signs out.
    public func makeSession() -> SessionViewModel {
        SessionViewModel(currentSession: engine.currentSession, signOut: engine.signOut, localizer: localizer)
    }

    /// The same factory for the screens of `board`, such as the one the board list opened.
    public func onBoard(_ board: Board.ID) -> ViewModelFactory {
        ViewModelFactory(engine: engine, board: board, localizer: localizer, navigator: navigator)
    }

    /// The board's history, with Undo and Redo.
    /// - Parameter limit: The most entries to show; `nil` shows them all.
    public func makeHistory(limit: Int? = nil) -> HistoryViewModel {
        let projects = engine.projects
        return HistoryViewModel(
            board: board, limit: limit, fetchHistory: engine.fetchHistory, undoRedo: engine.undoRedo,
            changes: { projects.changes() }, localizer: localizer)
    }

    /// The sync screen: the remotes, each shared board's status and devices, sharing, joining,
    /// and "sync now".
    public func makeSync() -> SyncViewModel {
        let remotes = engine.remoteRepository
        return SyncViewModel(
            remotes: remotes, shareBoard: ShareBoard(remotes: remotes, boards: engine.boards),
            joinBoard: JoinBoard(remotes: remotes), syncBoards: SyncBoards(remotes: remotes), localizer: localizer)
    }
}

extension ProjectManagerEngine {
    /// A factory of view models over this engine, with text for `locale` and dates in the engine's
    /// calendar and time zone.
    ///
    /// ```swift
    /// let screens = engine.viewModels(navigator: coordinator, locale: Locale(identifier: "ko_KR"))
    /// let board = screens.makeBoard()
    /// ```
    /// - Parameter navigator: Shows the screens the view models ask for; held weakly.
    /// - Parameter locale: The language of every text (English or Korean) and how dates are written.
    /// - Parameter board: The board the screens show; the default board unless another is given.
    /// - Parameter dateStyle: How deadlines and times are written: the locale's way, or
    ///   ``Localizer/DateStyle/numeric`` for a front end that lines them up in columns.
    @MainActor
    public func viewModels(
        navigator: (any Navigator)?, locale: Locale = .current, board: Board.ID = .default,
        dateStyle: Localizer.DateStyle = .locale
    ) -> ViewModelFactory {
        ViewModelFactory(
            engine: self, board: board,
            localizer: Localizer(
                locale: locale, calendar: environment.calendar, timeZone: environment.timeZone,
                dateStyle: dateStyle),
            navigator: navigator)
    }
}
