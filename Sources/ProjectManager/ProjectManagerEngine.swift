import Foundation
import ProjectManagerData
@_exported import ProjectManagerDomain
@_exported import ProjectManagerPresentation

/// The whole engine, wired: every use case over one store.
///
/// This is the composition root, the one place where the Domain's ports meet the Data layer's
/// implementations.
/// ```swift
/// import ProjectManager
///
/// let engine = try ProjectManagerEngine.persistent(at: URL(filePath: "/tmp/projects.pmstore"))
/// let report = try await engine.createProject(ProjectDraft(title: "Write report"))
/// try await engine.moveProject(report.id, to: .doing)
/// let board = try await engine.fetchBoard()
/// print(board.column(.doing).count) // 1
/// ```
///
/// ## Who sees which boards
/// Every use case goes through an ``AccountScopedRepository`` over the store: signed in (see
/// ``signIn``), an account sees and changes only the boards it owns, and a board it makes is its
/// own (``homeBoard`` makes its first); signed out, one sees only the boards of no account, the
/// default board among them, so that an app without accounts works as before. Another account's
/// board, or a project or history on it, reads as `RepositoryError.notFound`, as an id that never
/// existed does.
public struct ProjectManagerEngine: Sendable {
    /// The clock, calendar, time zone and id generator the use cases read.
    public let environment: EngineEnvironment

    /// Creates a project in a column of a board, last or at an index.
    public let createProject: CreateProject
    /// Many projects in one save and one undo step (an import).
    public let importProjects: ImportProjects
    /// Changes a project's title, body, deadline and repeat rule.
    public let updateProject: UpdateProject
    /// Deletes a project, and its star.
    public let deleteProject: DeleteProject
    /// Moves a project within its board, or to another of the viewer's (`toBoard:`).
    public let moveProject: MoveProject
    /// "Not this one" for a repeating project: its next occurrence becomes an exception.
    public let skipOccurrence: SkipOccurrence
    /// Reads one project.
    public let fetchProject: FetchProject
    /// Reads a board as its screen shows it: its lists, counts and overdue flags.
    public let fetchBoard: FetchBoard
    /// Reads a board's lists with their card counts.
    public let fetchLists: FetchLists
    /// Adds a list to a board.
    public let addList: AddList
    /// Renames, restages, limits, moves, archives or restores a list.
    public let editList: EditList
    /// Reads a board's labels.
    public let fetchLabels: FetchLabels
    /// Makes a label on a board.
    public let createLabel: CreateLabel
    /// Renames, recolours or deletes a label.
    public let editLabel: EditLabel
    /// Puts a label on a card, or takes it off.
    public let labelProject: LabelProject
    /// Archives a card, or restores it.
    public let archiveProject: ArchiveProject
    /// Reads a board's archived cards.
    public let fetchArchived: FetchArchived
    /// Makes an account a member of a board, or no longer one (by the board's owner).
    public let setBoardMember: SetBoardMember
    /// Assigns a card to its board's owner or a member, or takes that off.
    public let assignProject: AssignProject
    /// Brings a board exported from Trello into a new board.
    public let importTrelloBoard: ImportTrelloBoard
    /// Reads a card's checklist in order, and how much of it is ticked.
    public let fetchChecklist: FetchChecklist
    /// Adds an item to a card's checklist, last or at an index.
    public let addChecklistItem: AddChecklistItem
    /// Changes a checklist item's text, ticks or unticks it, moves it, or deletes it.
    public let editChecklistItem: EditChecklistItem
    /// Reads a card's comments, newest first.
    public let fetchComments: FetchComments
    /// Posts a comment on a card, by the account signed in (by nobody when signed out).
    public let postComment: PostComment
    /// Gives a comment new text: only its author may.
    public let editComment: EditComment
    /// Deletes a comment: only its author may.
    public let deleteComment: DeleteComment
    /// Makes a board: the signed-in account's, or no account's when signed out.
    public let createBoard: CreateBoard
    /// Gives a board a new title.
    public let renameBoard: RenameBoard
    /// Deletes a board and everything on it.
    public let deleteBoard: DeleteBoard
    /// Lists the viewer's boards, oldest first.
    public let listBoards: ListBoards
    /// Puts back boards and projects from a backup, as one save (`pm import`).
    public let restoreBoards: RestoreBoards
    /// Reads boards whole, lists, labels, projects, checklists and comments: a backup
    /// (`pm export --json`).
    public let backUpBoards: BackUpBoards
    /// The viewer's boards with each column's count, for a board list.
    public let fetchBoardList: FetchBoardList
    /// The board a viewer starts on (an account's first board is made on its first call).
    public let homeBoard: HomeBoard
    /// Reads a board's history, newest first.
    public let fetchHistory: FetchHistory
    /// Undoes a board's last action, or redoes its last undone one.
    public let undoRedo: UndoRedo
    /// Opens an edit form's scratch copy of a project.
    public let beginProjectEdit: BeginProjectEdit
    /// Search over every board's titles and bodies, through an index that every save updates.
    public let searchProjects: SearchProjects
    /// What is overdue, due today and due in the next 7 days (the favourites'), for a home
    /// screen or a widget.
    public let fetchTodaySummary: FetchTodaySummary
    /// Stars a project or a board: one save, one history entry and one undo step of its board.
    public let star: Star
    /// Takes a project's or a board's star off.
    public let unstar: Unstar
    /// The favourites, with what they star.
    public let listFavourites: ListFavourites
    /// Links a board to a GitHub repository, whose issues ``syncWithGitHub(over:)`` then syncs.
    public let linkBoardToGitHub: LinkBoardToGitHub

    // The ports under the use cases, scoped to the viewer's boards: the composition root's own,
    // and tests', never a front end's (they go through the use cases and the view models).
    let projects: any ProjectRepository
    let boards: any BoardRepository
    let favourites: any FavouriteRepository
    let gitHubLinks: any GitHubLinkRepository

    /// The object graph under the repositories, for the store's own operations.
    let context: ObjectContext
    /// The repository over it, which a sync reads and writes as a whole.
    let graph: ObjectGraphRepository
    /// What the store keeps about sync beside it; `nil` for a store that is not a file.
    let syncFolder: SyncFolder?
    /// The remotes the store shares boards on, kept in its sync folder; `nil` for a store that is
    /// not a file.
    let syncFolderRemotes: SyncFolderRemotes?
    /// The remotes under the sync use cases: a store that is not a file has none, and says so.
    var remoteRepository: any RemoteRepository { syncFolderRemotes ?? StoreWithoutRemotes() }
    /// The ports every write use case goes through, scoped to the viewer.
    private let store: AccountScopedRepository

    /// Who is signed in: the local accounts beside the store, or the provider the app plugged in.
    public let authentication: any AuthenticationProvider
    /// Makes an account and signs it in.
    public let signUp: SignUp
    /// Signs an account in; its session is restored when the engine opens again.
    public let signIn: SignIn
    /// Signs out: the engine then shows the boards of no account.
    public let signOut: SignOut
    /// The session signed in now, if any.
    public let currentSession: CurrentSession

    /// An engine whose store lives in memory only: for tests and previews.
    /// - Parameters:
    ///   - environment: The clock, calendar, time zone and id generator the use cases read.
    ///   - accounts: How the engine's own accounts, kept in memory too, work.
    ///   - authentication: Another provider to use instead, such as Firebase Auth.
    public static func inMemory(
        environment: EngineEnvironment = .live, accounts: LocalAccountSettings = LocalAccountSettings(),
        authentication: (any AuthenticationProvider)? = nil
    ) -> ProjectManagerEngine {
        let provider =
            authentication
            ?? LocalAuthenticationProvider.inMemory(
                environment: environment, rounds: accounts.passwordHashRounds,
                sessionLifetime: accounts.sessionLifetime, backoff: accounts.backoff)
        do {
            return try ProjectManagerEngine(store: .inMemory, environment: environment, authentication: provider)
        } catch {
            preconditionFailure("an in-memory store cannot fail to open: \(error)")
        }
    }

    /// An engine over the store file at `url`, made on the first save when missing, with its
    /// accounts in the folder ``LocalAccountSettings/folder(besideStoreAt:)`` names: a session
    /// signed in there is restored.
    ///
    /// - Parameters:
    ///   - url: The store file, such as `projects.pmstore`; its accounts go in `projects.accounts/`.
    ///   - environment: The clock, calendar, time zone and id generator the use cases read.
    ///   - accounts: How the engine's own accounts work.
    ///   - authentication: Another provider to use instead, such as Firebase Auth.
    /// - Throws: ``StoreError`` when the file cannot be read (it is left untouched) or another
    ///   process holds it.
    /// - Complexity: O(*r*) for the *r* saves after its snapshot: a table of 512 objects or more
    ///   is read in place from the file as it is asked for, not when it opens.
    public static func persistent(
        at url: URL, environment: EngineEnvironment = .live, accounts: LocalAccountSettings = LocalAccountSettings(),
        authentication: (any AuthenticationProvider)? = nil
    ) throws(StoreError) -> ProjectManagerEngine {
        let provider: any AuthenticationProvider
        if let authentication {
            provider = authentication
        } else {
            provider = LocalAuthenticationProvider(
                folder: LocalAccountSettings.folder(besideStoreAt: url), environment: environment,
                rounds: accounts.passwordHashRounds, sessionLifetime: accounts.sessionLifetime,
                backoff: accounts.backoff)
        }
        return try ProjectManagerEngine(store: .file(url), environment: environment, authentication: provider)
    }

    /// An engine over the store file at `path`, its bytes as they are: a name that is not UTF-8
    /// (`caf\xE9.pmstore`) opens that name, and its lock, the files written beside it and its
    /// accounts folder keep those bytes. Otherwise as ``persistent(at:environment:accounts:authentication:)-(URL,_,_,_)``.
    /// ```swift
    /// let engine = try ProjectManagerEngine.persistent(at: StorePath(cString: argument))
    /// ```
    /// - Throws: ``StoreError`` when the file cannot be read (it is left untouched) or another
    ///   process holds it.
    /// - Complexity: O(*r*) for the *r* saves after its snapshot: a table of 512 objects or more
    ///   is read in place from the file as it is asked for, not when it opens.
    public static func persistent(
        at path: StorePath, environment: EngineEnvironment = .live,
        accounts: LocalAccountSettings = LocalAccountSettings(),
        authentication: (any AuthenticationProvider)? = nil
    ) throws(StoreError) -> ProjectManagerEngine {
        // The file URL keeps bytes that are not UTF-8 percent-encoded, and the store reads them back.
        try persistent(at: path.fileURL, environment: environment, accounts: accounts, authentication: authentication)
    }

    /// An engine that reads the store file at `path`, its bytes as they are, once and never
    /// writes it; as ``readOnly(at:environment:accounts:authentication:)-(URL,_,_,_)``.
    /// - Throws: ``StoreError`` when the file cannot be read; it is left untouched.
    /// - Complexity: O(*r*) for the *r* saves after its snapshot: a table of 512 objects or more
    ///   is read in place from the file as it is asked for, not when it opens.
    public static func readOnly(
        at path: StorePath, environment: EngineEnvironment = .live,
        accounts: LocalAccountSettings = LocalAccountSettings(),
        authentication: (any AuthenticationProvider)? = nil
    ) throws(StoreError) -> ProjectManagerEngine {
        try readOnly(at: path.fileURL, environment: environment, accounts: accounts, authentication: authentication)
    }

    /// An engine that reads the store file at `url` once and never writes it: no lock is taken
    /// or created, so it opens while another process writes the store, and when this process may
    /// read the file but not write it. A missing file reads as an empty board.
    ///
    /// Use it to show a board, a project or the history. Every change throws
    /// `RepositoryError.storage(.readOnly(file:))`.
    /// ```swift
    /// let reader = try ProjectManagerEngine.readOnly(at: storeURL)
    /// let board = try await reader.fetchBoard()
    /// for warning in reader.warnings { print("warning:", warning) }
    /// ```
    /// - Throws: ``StoreError`` when the file cannot be read; it is left untouched.
    /// - Complexity: O(*r*) for the *r* saves after its snapshot: a table of 512 objects or more
    ///   is read in place from the file as it is asked for, not when it opens.
    public static func readOnly(
        at url: URL, environment: EngineEnvironment = .live, accounts: LocalAccountSettings = LocalAccountSettings(),
        authentication: (any AuthenticationProvider)? = nil
    ) throws(StoreError) -> ProjectManagerEngine {
        try ProjectManagerEngine(
            store: .readOnlyFile(url), environment: environment,
            authentication: authentication
                ?? LocalAuthenticationProvider(
                    folder: LocalAccountSettings.folder(besideStoreAt: url), environment: environment,
                    rounds: accounts.passwordHashRounds, sessionLifetime: accounts.sessionLifetime,
                    backoff: accounts.backoff))
    }

    init(
        store: StoreDescription, environment: EngineEnvironment, authentication: any AuthenticationProvider,
        syncFolder: SyncFolder? = nil
    ) throws(StoreError) {
        let storeDescription = store
        let context: ObjectContext
        do {
            context = try ObjectContext(schema: .projectManager, store: store)
        } catch {
            guard case .store(let storeError) = error else {
                preconditionFailure("opening a context fails only in its store: \(error)")
            }
            throw storeError
        }
        let syncFolder =
            syncFolder
            ?? {
                guard case .file(let url) = storeDescription else { return nil }
                return SyncFolder(besideStoreAt: url, makeID: environment.makeID)
            }()
        // What is done signed out is this device's in the history: its replica, once it has one.
        let store = ObjectGraphRepository(
            context: context, deviceName: { syncFolder?.existingReplica().map { "replica \($0)" } },
            now: environment.now)
        // Every use case goes through the viewer's scope, so that no front end can skip the check.
        let repository = AccountScopedRepository(
            store: store, search: ProjectSearchIndex(context: context), sessions: authentication)
        self.context = context
        self.graph = store
        self.syncFolder = syncFolder
        self.environment = environment
        self.projects = repository
        self.boards = repository
        self.favourites = repository
        self.gitHubLinks = repository
        self.store = repository
        createProject = CreateProject(store: repository, environment: environment)
        importProjects = ImportProjects(store: repository, environment: environment)
        updateProject = UpdateProject(store: repository, environment: environment)
        deleteProject = DeleteProject(store: repository, environment: environment)
        moveProject = MoveProject(store: repository, environment: environment)
        skipOccurrence = SkipOccurrence(store: repository, environment: environment)
        fetchProject = FetchProject(projects: repository)
        fetchBoard = FetchBoard(boards: repository, projects: repository, environment: environment)
        fetchLists = FetchLists(projects: repository)
        addList = AddList(store: repository, environment: environment)
        editList = EditList(store: repository, environment: environment)
        fetchLabels = FetchLabels(projects: repository)
        createLabel = CreateLabel(store: repository, environment: environment)
        editLabel = EditLabel(store: repository, environment: environment)
        labelProject = LabelProject(store: repository, environment: environment)
        archiveProject = ArchiveProject(store: repository, environment: environment)
        fetchArchived = FetchArchived(projects: repository)
        importTrelloBoard = ImportTrelloBoard(store: repository, environment: environment)
        setBoardMember = SetBoardMember(store: repository, environment: environment)
        assignProject = AssignProject(store: repository, environment: environment)
        fetchChecklist = FetchChecklist(projects: repository)
        addChecklistItem = AddChecklistItem(store: repository, environment: environment)
        editChecklistItem = EditChecklistItem(store: repository, environment: environment)
        fetchComments = FetchComments(projects: repository)
        postComment = PostComment(store: repository, environment: environment)
        editComment = EditComment(store: repository, environment: environment)
        deleteComment = DeleteComment(store: repository, environment: environment)
        createBoard = CreateBoard(store: repository, environment: environment)
        renameBoard = RenameBoard(store: repository, environment: environment)
        deleteBoard = DeleteBoard(store: repository, environment: environment)
        listBoards = ListBoards(boards: repository)
        restoreBoards = RestoreBoards(store: repository, environment: environment)
        backUpBoards = BackUpBoards(boards: repository, projects: repository)
        fetchBoardList = FetchBoardList(boards: repository, projects: repository)
        homeBoard = HomeBoard(store: repository, environment: environment)
        fetchHistory = FetchHistory(history: repository)
        undoRedo = UndoRedo(history: repository)
        beginProjectEdit = BeginProjectEdit(store: repository, environment: environment)
        searchProjects = SearchProjects(search: repository)
        fetchTodaySummary = FetchTodaySummary(
            boards: repository, projects: repository, favourites: repository, environment: environment)
        star = Star(store: repository, environment: environment)
        unstar = Unstar(store: repository, environment: environment)
        listFavourites = ListFavourites(favourites: repository, boards: repository, projects: repository)
        linkBoardToGitHub = LinkBoardToGitHub(links: repository)
        self.authentication = authentication
        signUp = SignUp(provider: authentication)
        signIn = SignIn(provider: authentication)
        signOut = SignOut(provider: authentication)
        currentSession = CurrentSession(provider: authentication)
        let currentSession = currentSession
        syncFolderRemotes = syncFolder.map { folder in
            SyncFolderRemotes(
                folder: folder, repository: store, context: context, now: environment.now,
                // A session that cannot be read counts as none: the sync is this device's.
                session: { (try? await currentSession()) ?? nil })
        }
    }
}

// MARK: - Changes

extension ProjectManagerEngine {
    /// A stream of every save from now on, whoever made it (this engine, an undo, a sync): what it
    /// inserted, updated and deleted, by id, and each changed project's board. A screen reads what
    /// concerns it (``FetchBoard/refresh(_:after:)``). It ends when the engine goes away.
    public func changes() -> AsyncStream<RepositoryChange> {
        projects.changes()
    }
}

// MARK: - Reminders

extension ProjectManagerEngine {
    /// Keeps `scheduler` (the platform's local notifications) in line with the viewer's dated
    /// projects: reconciled now, as the engine opens, and after every save, until the returned
    /// sync is stopped or released. See ``ReminderSync``.
    ///
    /// ```swift
    /// let reminders = engine.keepReminders(with: notificationCenter)
    /// // later, after a sign-in or a time-zone change:
    /// reminders.refresh()
    /// ```
    /// - Parameter scheduler: The platform's pending notifications, which the app implements.
    /// - Parameter rule: Each project's reminder rule: by default the day before each due day at
    ///   09:00 in the engine's time zone.
    public func keepReminders(
        with scheduler: any ReminderScheduler,
        rule: @escaping @Sendable (Project) -> ReminderRule = { _ in .standard }
    ) -> ReminderSync {
        ReminderSync(projects: projects, boards: boards, scheduler: scheduler, environment: environment, rule: rule)
    }
}

// MARK: - The store

extension ProjectManagerEngine {
    /// What the store asks the user to know about now; empty when all is well. Show it.
    ///
    /// Nothing acknowledged is lost in silence: a save that a crash cut short, or a damaged last
    /// record, is left out so that the store opens, and reported here
    /// (``StoreWarning/droppedTornTail(offset:bytes:)``); the next save copies its bytes beside
    /// the store file before it drops them, and that copy is reported
    /// (``StoreWarning/keptDroppedBytes(file:)``) by every engine that opens the store until
    /// ``acknowledgeWarnings()``. A save that succeeded while the compaction after it failed adds
    /// ``StoreWarning/compactionFailed(reason:)``, until a later save compacts. A read that met
    /// stored objects whose checksum fails adds ``StoreWarning/damagedObjects(file:reason:)``:
    /// what it read lacks them. It stays while the engine is open; acknowledging does not take it.
    ///
    /// - Complexity: The first read lists the store file's folder for the kept copies, O(*n*) in
    ///   the names it holds (opening does not); later reads, O(1).
    public var warnings: [StoreWarning] { context.storeWarnings }

    /// Marks every warning seen: a torn last record is dropped now (its bytes kept beside the
    /// store file), and the kept copies stop being reported; ``warnings`` then holds only damage
    /// met in the stored objects, if any.
    ///
    /// - Throws: ``StoreError/readOnly(file:)`` for a read-only engine, ``StoreError/closed(file:)``,
    ///   or ``StoreError/ioFailure(file:operation:reason:)``.
    public func acknowledgeWarnings() throws(StoreError) {
        try storeCall { () throws(ContextError) in try context.acknowledgeStoreWarnings() }
    }

    /// Rewrites the store file now, as one snapshot with an empty journal (the store also does
    /// this on its own when the journal outgrows the snapshot).
    ///
    /// - Throws: ``StoreError/readOnly(file:)``, ``StoreError/closed(file:)``, or the failure of a
    ///   step, the old file then as it was.
    /// - Complexity: O(*n*) for *n* objects.
    public func compact() throws(StoreError) {
        try storeCall { () throws(ContextError) in try context.compactStore() }
    }

    /// Reads the store file again and checks it whole: every checksum, every object against the
    /// rules, every relationship, index and uniqueness constraint.
    ///
    /// - Complexity: O(*n* log *n*) for *n* objects.
    public func checkStore() -> StoreCheck {
        context.checkStore()
    }

    /// Releases the store file and its lock, so that another engine or process can open it, once
    /// a compaction running beside the saves is in place. Every later call (a use case, a save, ``compact()``) throws: use cases
    /// `RepositoryError.storage(.closed(file:))`.
    /// Every save that returned is already on disk; closing twice does nothing more.
    public func close() {
        context.close()
    }

    private func storeCall(_ work: () throws(ContextError) -> Void) throws(StoreError) {
        do {
            try work()
        } catch {
            guard case .store(let storeError) = error else {
                // Changes pending in the context: a unit of work is under way on another task.
                throw .ioFailure(file: context.checkStore().file, operation: "work on", reason: "\(error)")
            }
            throw storeError
        }
    }
}

extension ProjectManagerEngine {
    /// Syncs a linked board with its repository's issues, over `issues`.
    public func syncWithGitHub(over issues: any GitHubIssueRepository) -> SyncBoardWithGitHub {
        SyncBoardWithGitHub(links: gitHubLinks, issues: issues, store: store, environment: environment)
    }
}
