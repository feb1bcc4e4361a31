import Foundation
import ProjectManager

/// The app's screens as `pm` drives them: each command opens a screen's view model, yields the
/// events the command stands for, finishes the input, and reads every output to its end.
///
/// `pm` is a front end like a UIKit or SwiftUI app, only shorter-lived: the same view models, the
/// same `Input` and `Output`, no navigator (each command is one screen), text in English and dates
/// in numbers so that they line up in a terminal. This is the one place in `pm` that holds the
/// engine: it opens the store, makes the view models over it (``ViewModelFactory``) and closes it;
/// every command reads and changes the store through the screens here, as an app's views do.
/// ```swift
/// let screens = try Screens.open(at: storeURL, environment: .live, session: session)
/// let project = try await screens.create(ProjectDraft(title: "Write report"))
/// let moved = try await screens.move(project.id, to: .doing, at: 0)
/// ```
/// Because every output stream finishes when the input does, reading them to their end waits for
/// the view model to finish its work: when a method returns, the view model has let the engine go.
///
/// The screens `pm` drove before it chose its own words keep saying what their `errors` say; the
/// others give their `failures`, which `pm` words as it always has (``CommandLineMessage``).
@MainActor
struct Screens {
    /// The locale of every text `pm` prints: `pm` speaks English.
    static let locale = Locale(identifier: "en_US_POSIX")

    /// The composition root's view models over the command's engine.
    let factory: ViewModelFactory
    private let engine: ProjectManagerEngine

    /// The screens of `board` over `engine`.
    init(engine: ProjectManagerEngine, board: Board.ID = .default) {
        self.engine = engine
        factory = engine.viewModels(navigator: nil, locale: Self.locale, board: board, dateStyle: .numeric)
    }

    /// The board the screens show.
    var board: Board.ID { factory.board }

    /// The same engine's screens of another board.
    func on(_ board: Board.ID) -> Screens {
        Screens(engine: engine, board: board)
    }

    // MARK: - The store

    /// Opens the store at `url`, for writing or, when `readOnly`, for reading only, with who is
    /// signed in asked of `session`.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with the store's error in `pm`'s words when it cannot
    ///   be read; the file is left untouched.
    static func open(
        at url: URL, environment: EngineEnvironment, session: SessionSnapshot, readOnly: Bool = false
    ) throws(CommandLineError) -> Screens {
        do {
            return Screens(
                engine: readOnly
                    ? try ProjectManagerEngine.readOnly(at: url, environment: environment, authentication: session)
                    : try ProjectManagerEngine.persistent(at: url, environment: environment, authentication: session))
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }

    /// Whether a store file is at `path` (the target of a link, when it is one).
    static func storeExists(at path: StorePath) -> Bool {
        path.withCString { access($0, F_OK) == 0 }
    }

    /// What the store asks the user to know about now.
    var warnings: [StoreWarning] { engine.warnings }

    /// Releases the store file and its lock.
    func close() {
        engine.close()
    }

    /// Marks every warning of the store seen (`pm doctor --ack`).
    func acknowledgeWarnings() throws(CommandLineError) {
        do {
            try engine.acknowledgeWarnings()
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }

    /// Rewrites the store file now, as one snapshot (`pm compact`).
    func compact() throws(CommandLineError) {
        do {
            try engine.compact()
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }

    /// The boards `boards`, whole, as a backup holds them: their lists, labels, projects list by
    /// list (archived ones too), checklists and comments (`pm export --json`).
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with the engine's error in `pm`'s words.
    func backup(of boards: [Board.ID]) async throws(CommandLineError) -> Backup {
        do {
            return try await engine.backUpBoards(boards)
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }

    /// Reads the store file again and checks it whole (`pm doctor`).
    func checkStore() -> StoreCheck {
        engine.checkStore()
    }

    // MARK: - Board

    /// The board's sections, as the board screen shows them when it appears.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with the screen's error.
    func board() async throws(CommandLineError) -> [BoardSection] {
        let output = open(factory.makeBoard(), BoardViewModel.Input.init, events: [.appear])
        let snapshots = await output.snapshots.collected()
        try Self.check(await output.errors.collected())
        guard let snapshot = snapshots.last else { throw .runtime("the board did not appear") }
        return snapshot.sections
    }

    /// The board as the board screen read it when it appeared: every project with all its fields,
    /// column by column, to find projects by the ids users type.
    ///
    /// There is no narrower way to find a project by the start of its id than reading the board's
    /// projects (the search index finds words, not ids), and the short ids shown need every id on
    /// the board anyway.
    /// - Throws: ``CommandLineError/runtime(_:)`` with the failure's description.
    func overview() async throws(CommandLineError) -> BoardOverview {
        let output = open(factory.makeBoard(), BoardViewModel.Input.init, events: [.appear])
        let overviews = await output.overviews.collected()
        try Self.check(await output.failures.collected())
        guard let overview = overviews.last else { throw .runtime("the board did not appear") }
        return overview
    }

    /// Drops `project` in the column of `state` at `index` (last when `nil`), as a drag and drop on
    /// the board screen does.
    ///
    /// - Returns: The move, and where the project landed.
    /// - Throws: ``CommandLineError/runtime(_:)`` with the failure's description; nothing is saved.
    func move(_ project: Project.ID, to state: ProjectState, at index: Int?) async throws(CommandLineError)
        -> MovedProject
    {
        try await moved(by: .move(project, to: state, at: index))
    }

    /// Drops `project` in the board's list `list` at `index` (last when `nil`), as a drag and drop
    /// onto a list on the board screen does.
    ///
    /// - Returns: The move, and where the project landed.
    /// - Throws: ``CommandLineError/runtime(_:)`` with the failure's description; nothing is saved.
    func move(_ project: Project.ID, toList list: BoardList.ID, at index: Int?) async throws(CommandLineError)
        -> MovedProject
    {
        try await moved(by: .moveToList(project, list, at: index))
    }

    /// Drops `project` on the board `target`, in the column of `state` (its own when `nil`) at
    /// `index`.
    func move(
        _ project: Project.ID, toBoard target: Board.ID, in state: ProjectState?, at index: Int?
    ) async throws(CommandLineError) -> MovedProject {
        try await moved(by: .moveToBoard(project, target, in: state, at: index))
    }

    private func moved(by event: BoardViewModel.Event) async throws(CommandLineError) -> MovedProject {
        let output = open(factory.makeBoard(), BoardViewModel.Input.init, events: [event])
        let moves = await output.moved.collected()
        try Self.check(await output.failures.collected())
        guard let move = moves.last else { throw .runtime("the board did not move the project") }
        return move
    }

    /// Deletes `project` from the board screen.
    func delete(_ project: Project.ID) async throws(CommandLineError) {
        let output = open(factory.makeBoard(), BoardViewModel.Input.init, events: [.delete(project)])
        try Self.check(await output.failures.collected())
    }

    /// Skips the occurrence the repeating `project` waits for.
    ///
    /// - Returns: The project as saved, due on its next occurrence or done.
    func skipOccurrence(of project: Project.ID) async throws(CommandLineError) -> ProjectChange {
        let output = open(factory.makeBoard(), BoardViewModel.Input.init, events: [.skipOccurrence(project)])
        let skipped = await output.skipped.collected()
        try Self.check(await output.failures.collected())
        guard let change = skipped.last else { throw .runtime("the board did not skip the occurrence") }
        return change
    }

    /// Puts a star on `project`, or on the board itself when `nil` (`starring`), or takes it off.
    ///
    /// - Returns: What changed.
    func star(_ project: Project.ID?, starring: Bool) async throws(CommandLineError) -> StarChange {
        let event: BoardViewModel.Event =
            switch (project, starring) {
            case (let project?, true): .star(project)
            case (let project?, false): .unstar(project)
            case (nil, true): .starBoard
            case (nil, false): .unstarBoard
            }
        let output = open(factory.makeBoard(), BoardViewModel.Input.init, events: [event])
        let changes = await output.starred.collected()
        try Self.check(await output.failures.collected())
        guard let change = changes.last else { throw .runtime("the board did not change the star") }
        return change
    }

    // MARK: - Boards

    /// The viewer's boards with their counts, oldest first, as the board list shows them; it makes
    /// no first board for an account that has none unless `makingFirstBoard`.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with the failure's description.
    func boardList(makingFirstBoard: Bool = false) async throws(CommandLineError) -> [BoardSummary] {
        let output = open(
            factory.makeBoardList(makingFirstBoard: makingFirstBoard), BoardListViewModel.Input.init, events: [.appear])
        let lists = await output.lists.collected()
        try Self.check(await output.failures.collected())
        return lists.last?.rows.map(\.summary) ?? []
    }

    /// The board list's first appearance for a signed-in account: it makes the account's first
    /// board when it has none.
    ///
    /// - Returns: Why that failed, if it did.
    func makeFirstBoard() async -> RepositoryError? {
        let output = open(factory.makeBoardList(), BoardListViewModel.Input.init, events: [.appear])
        return await output.failures.collected().first
    }

    /// Makes a board titled `title` from the board list.
    ///
    /// - Returns: The board as saved.
    func createBoard(_ title: String) async throws(CommandLineError) -> Board {
        let output = open(factory.makeBoardList(), BoardListViewModel.Input.init, events: [.create(title: title)])
        let created = await output.created.collected()
        try Self.check(await output.failures.collected())
        guard let board = created.last else { throw .runtime("the board list made no board") }
        return board
    }

    /// Renames `board` to `title` from the board list.
    ///
    /// - Returns: The board as saved.
    func renameBoard(_ board: Board.ID, to title: String) async throws(CommandLineError) -> Board {
        let output = open(factory.makeBoardList(), BoardListViewModel.Input.init, events: [.rename(board, to: title)])
        let renamed = await output.renamed.collected()
        try Self.check(await output.failures.collected())
        guard let board = renamed.last else { throw .runtime("the board list renamed no board") }
        return board
    }

    /// Deletes `board` and its projects from the board list.
    func deleteBoard(_ board: Board.ID) async throws(CommandLineError) {
        let output = open(factory.makeBoardList(), BoardListViewModel.Input.init, events: [.delete(board)])
        try Self.check(await output.failures.collected())
    }

    /// Puts back the boards of `backup` as they were, from the board list.
    ///
    /// - Returns: The boards as saved.
    func restore(_ backup: Backup) async throws(CommandLineError) -> [Board] {
        try await restored(by: .restore(backup))
    }

    /// Puts back every project of `backup`, with new ids, on a new board titled `title`.
    ///
    /// - Returns: The new board.
    func restore(_ backup: Backup, intoNewBoardTitled title: String) async throws(CommandLineError) -> Board {
        guard let board = try await restored(by: .restoreIntoNewBoard(backup, title: title)).first else {
            throw .runtime("the board list made no board")
        }
        return board
    }

    private func restored(by event: BoardListViewModel.Event) async throws(CommandLineError) -> [Board] {
        let output = open(
            factory.makeBoardList(makingFirstBoard: false), BoardListViewModel.Input.init, events: [event])
        let restored = await output.restored.collected()
        try Self.check(await output.failures.collected())
        guard let boards = restored.last else { throw .runtime("the board list restored nothing") }
        return boards
    }

    /// The name of the board the screens show, as the board list has it.
    func boardTitle() async throws(CommandLineError) -> String {
        let board = board
        return try await boardList().first { $0.id == board }?.board.title ?? Board.defaultTitle
    }

    // MARK: - Lists, labels and the archive

    // No screen shows a board's lists, labels or archive yet: `pm` calls the use cases a list
    // menu, a label editor and an archive screen would call.

    /// The board's lists in order with their counts; archived ones too when `archived`.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with the failure, worded as `pm` words it.
    func lists(archived: Bool = false) async throws(CommandLineError) -> [FetchLists.Entry] {
        try await Self.attempt { () async throws(RepositoryError) in
            try await engine.fetchLists(board, archived: archived)
        }
    }

    /// Adds a list named `title` of `stage` at `index` among the open lists (last when `nil`).
    ///
    /// - Returns: The list as saved.
    func addList(
        _ title: String, stage: ProjectState, at index: Int?, limit: Int?
    ) async throws(CommandLineError) -> BoardList {
        let board = board
        return try await Self.attempt { () async throws(RepositoryError) in
            try await engine.addList(title, on: board, stage: stage, at: index, limit: limit)
        }
    }

    /// Makes `edit` to the board's list `list`, as one undo step.
    ///
    /// - Returns: The list as saved.
    func editList(_ list: BoardList.ID, _ edit: ListEdit) async throws(CommandLineError) -> BoardList {
        let board = board
        return try await Self.attempt { () async throws(RepositoryError) in
            try await engine.editList(list, on: board, edit)
        }
    }

    /// The board's labels, by name.
    func labels() async throws(CommandLineError) -> [Label] {
        let board = board
        return try await Self.attempt { () async throws(RepositoryError) in try await engine.fetchLabels(board) }
    }

    /// Makes a label named `name` of `colour` on the board.
    ///
    /// - Returns: The label as saved.
    func createLabel(_ name: String, colour: LabelColour) async throws(CommandLineError) -> Label {
        let board = board
        return try await Self.attempt { () async throws(RepositoryError) in
            try await engine.createLabel(name, colour: colour, on: board)
        }
    }

    /// Makes `edit` to the board's label `label`: a new name or colour, or its deletion from
    /// every card.
    ///
    /// - Returns: The label as saved, or as it was before its deletion.
    func editLabel(_ label: Label.ID, _ edit: LabelEdit) async throws(CommandLineError) -> Label {
        let board = board
        return try await Self.attempt { () async throws(RepositoryError) in
            try await engine.editLabel(label, on: board, edit)
        }
    }

    /// Puts `label` on `project` (`on`), or takes it off.
    ///
    /// - Returns: The project, and whether it changed.
    func label(_ project: Project.ID, with label: Label.ID, on: Bool) async throws(CommandLineError) -> ProjectChange {
        try await Self.attempt { () async throws(RepositoryError) in
            try await engine.labelProject(project, label: label, on: on)
        }
    }

    /// The board as the board screen shows it, with only the projects that carry `label`.
    func overview(labelled label: Label.ID) async throws(CommandLineError) -> BoardOverview {
        let board = board
        return try await Self.attempt { () async throws(RepositoryError) in
            try await engine.fetchBoard(board, labelled: label)
        }
    }

    /// Archives `project` (`archived`), or restores it last in its list.
    ///
    /// - Returns: The project, and whether it changed.
    func archive(_ project: Project.ID, archived: Bool) async throws(CommandLineError) -> ProjectChange {
        try await Self.attempt { () async throws(RepositoryError) in
            try await engine.archiveProject(project, archived: archived)
        }
    }

    /// The board's archived projects, list by list.
    func archivedProjects() async throws(CommandLineError) -> [Project] {
        let board = board
        return try await Self.attempt { () async throws(RepositoryError) in try await engine.fetchArchived(board) }
    }

    // MARK: - Checklists, comments and members

    // No screen shows a card's back yet: `pm` calls the use cases a card's checklist, its
    // comments and a board's members sheet would call.

    /// `project`'s checklist, in order.
    ///
    /// - Complexity: O(*n*) for *n* items.
    func checklist(of project: Project.ID) async throws(CommandLineError) -> [ChecklistItem] {
        try await Self.attempt { () async throws(RepositoryError) in try await engine.fetchChecklist(project) }
    }

    /// How much of each of `projects`' checklists is ticked, by project: the board's `☐ 2/5`.
    ///
    /// - Complexity: One read per project, O(*n*) for *n* items in all.
    func checklistProgress(of projects: [Project.ID]) async throws(CommandLineError) -> [Project.ID: ChecklistProgress]
    {
        var progress: [Project.ID: ChecklistProgress] = [:]
        for project in projects {
            progress[project] = try await Self.attempt { () async throws(RepositoryError) in
                try await engine.fetchChecklist.progress(of: project)
            }
        }
        return progress
    }

    /// Adds an item of `text` to `project`'s checklist at `index` (last when `nil`), as one undo
    /// step.
    ///
    /// - Returns: The item as saved.
    func addChecklistItem(_ text: String, to project: Project.ID, at index: Int?) async throws(CommandLineError)
        -> ChecklistItem
    {
        try await Self.attempt { () async throws(RepositoryError) in
            try await engine.addChecklistItem(text, to: project, at: index)
        }
    }

    /// Makes `edit` to the checklist item `item`, as one undo step; an edit that changes nothing
    /// saves nothing.
    ///
    /// - Returns: The item as it is now, or as it was before its deletion.
    func editChecklistItem(_ item: ChecklistItem.ID, _ edit: ChecklistEdit) async throws(CommandLineError)
        -> ChecklistItem
    {
        try await Self.attempt { () async throws(RepositoryError) in try await engine.editChecklistItem(item, edit) }
    }

    /// `project`'s comments, newest first.
    func comments(of project: Project.ID) async throws(CommandLineError) -> [Comment] {
        try await Self.attempt { () async throws(RepositoryError) in try await engine.fetchComments(project) }
    }

    /// Posts `text` on `project`, by the account signed in (by nobody when signed out).
    ///
    /// - Returns: The comment as saved.
    func postComment(_ text: String, on project: Project.ID) async throws(CommandLineError) -> Comment {
        try await Self.attempt { () async throws(RepositoryError) in try await engine.postComment(text, on: project) }
    }

    /// Gives the comment `comment` new text; only its author may.
    ///
    /// - Returns: The comment as it is now.
    func editComment(_ comment: Comment.ID, to text: String) async throws(CommandLineError) -> Comment {
        try await Self.attempt { () async throws(RepositoryError) in try await engine.editComment(comment, to: text) }
    }

    /// Deletes the comment `comment`; only its author may.
    func deleteComment(_ comment: Comment.ID) async throws(CommandLineError) {
        _ = try await Self.attempt { () async throws(RepositoryError) in try await engine.deleteComment(comment) }
    }

    /// Makes `account` a member of the board (`member`), or no longer one; only its owner may.
    ///
    /// - Returns: The board as saved.
    func setMember(_ account: Account.ID, member: Bool) async throws(CommandLineError) -> Board {
        let board = board
        return try await Self.attempt { () async throws(RepositoryError) in
            try await engine.setBoardMember(board, account: account, member: member)
        }
    }

    /// Assigns `project` to `account` (`assigned`), or takes the assignment off.
    ///
    /// - Returns: The project, and whether it changed.
    func assign(_ project: Project.ID, to account: Account.ID, assigned: Bool) async throws(CommandLineError)
        -> ProjectChange
    {
        try await Self.attempt { () async throws(RepositoryError) in
            try await engine.assignProject(project, to: account, assigned: assigned)
        }
    }

    /// The account of `email` among the store's accounts, or `nil`.
    func account(email: EmailAddress) async throws(CommandLineError) -> Account? {
        do {
            return try await engine.authentication.account(email: email)
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }

    /// The account of `id` among the store's accounts, or `nil`.
    func account(id: Account.ID) async throws(CommandLineError) -> Account? {
        do {
            return try await engine.authentication.account(id: id)
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }

    /// Imports the Trello board export `export` as a new board titled `title`, in one save.
    ///
    /// - Returns: What the import brought, and what it could not carry.
    /// - Throws: ``CommandLineError/runtime(_:)`` with the failure's description; nothing is saved.
    func importTrello(_ export: TrelloBoard, named title: String?) async throws(CommandLineError)
        -> TrelloImportReport
    {
        do {
            return try await engine.importTrelloBoard(export, named: title)
        } catch {
            switch error {
            case .export(let reason): throw .runtime(reason.description)
            case .store(let reason): throw .runtime(reason.commandLineMessage)
            }
        }
    }

    /// Runs a use case, its failure worded as `pm` words it.
    private static func attempt<Value>(
        _ work: () async throws(RepositoryError) -> Value
    ) async throws(CommandLineError) -> Value {
        do {
            return try await work()
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }

    // MARK: - Who is signed in

    /// The session, as the account screen shows it when it appears; `nil` when no one is signed in.
    func session() async throws(CommandLineError) -> Session? {
        let output = open(factory.makeSession(), SessionViewModel.Input.init, events: [.appear])
        let sessions = await output.sessions.collected()
        try Self.check(await output.failures.collected())
        return sessions.last ?? nil
    }

    /// Signs out from the account screen.
    ///
    /// - Returns: The session that was signed in, or `nil` when no one was.
    func signOut() async throws(CommandLineError) -> Session? {
        let output = open(factory.makeSession(), SessionViewModel.Input.init, events: [.appear, .signOut])
        let sessions = await output.sessions.collected()
        try Self.check(await output.failures.collected())
        return sessions.first ?? nil
    }

    // MARK: - Today and favourites

    /// The today screen as it appears: its summary is what `pm today --json` prints.
    func today() async throws(CommandLineError) -> TodaySnapshot {
        let output = open(factory.makeToday(), TodayViewModel.Input.init, events: [.appear])
        let snapshots = await output.snapshots.collected()
        try Self.check(await output.failures.collected())
        guard let snapshot = snapshots.last else { throw .runtime("the today screen did not appear") }
        return snapshot
    }

    /// The favourites screen's rows as it appears, in the order starred.
    func favourites() async throws(CommandLineError) -> [FavouriteRow] {
        let output = open(factory.makeFavourites(), FavouritesViewModel.Input.init, events: [.appear])
        let lists = await output.lists.collected()
        try Self.check(await output.failures.collected())
        return lists.last?.rows ?? []
    }

    // MARK: - GitHub

    /// Links the board to `repository` from its GitHub settings.
    func link(
        to repository: GitHubRepositoryName, createsIssues: Bool = false, closesDeletedIssues: Bool = false
    ) async throws(CommandLineError) {
        let event = GitHubBoardViewModel.Event.link(
            repository, createsIssues: createsIssues, closesDeletedIssues: closesDeletedIssues)
        let output = open(factory.makeGitHubBoard(issues: nil), GitHubBoardViewModel.Input.init, events: [event])
        try Self.check(await output.failures.collected())
    }

    /// Syncs the board with its repository's issues, read and changed through `issues`.
    ///
    /// - Returns: What the sync did.
    func sync(over issues: any GitHubIssueRepository) async throws(CommandLineError) -> GitHubSyncReport {
        let output = open(factory.makeGitHubBoard(issues: issues), GitHubBoardViewModel.Input.init, events: [.sync])
        let reports = await output.synced.collected()
        try Self.check(await output.failures.collected())
        guard let report = reports.last else { throw .runtime("the board did not sync") }
        return report
    }

    // MARK: - Sync

    /// Adds the remote `name` at `address` (a git URL, a repository's path, a shared folder's).
    ///
    /// - Returns: The remote as listed once added.
    /// - Throws: ``CommandLineError/runtime(_:)`` with the ``SyncError`` in `pm`'s words.
    @discardableResult
    func addRemote(named name: String, address: String) async throws(CommandLineError) -> SyncRemote? {
        try await remotes(after: .addRemote(name: name, address: address)).first { $0.name == name }
    }

    /// Removes the remote `name`; its boards stay, no longer shared.
    func removeRemote(named name: String) async throws(CommandLineError) {
        _ = try await remotes(after: .removeRemote(name))
    }

    /// The remotes, in name order, each with its address (no credential), boards, last sync and
    /// what waits to be sent.
    func remotes() async throws(CommandLineError) -> [SyncRemote] {
        try await remotes(after: .appear)
    }

    /// Shares `board` on the remote `remote` and syncs that remote.
    ///
    /// - Returns: What the sync did; a failure of the sync itself is the report's.
    func share(_ board: Board.ID, on remote: String) async throws(CommandLineError) -> SyncReport.Remote {
        try await report(of: .share(board, on: remote))
    }

    /// Brings `board` (every board when `nil`) shared on `remote` here, and keeps it shared.
    func join(_ remote: String, board: Board.ID?) async throws(CommandLineError) -> SyncReport.Remote {
        try await report(of: .join(remote: remote, board: board))
    }

    /// Syncs every remote that shares a board; one that fails is the report's, the others sync.
    func sync() async -> SyncReport {
        let output = open(factory.makeSync(), SyncViewModel.Input.init, events: [.syncNow])
        return await output.synced.collected().last ?? SyncReport(remotes: [])
    }

    /// The sync screen's remotes as it lists them after `event`.
    private func remotes(after event: SyncViewModel.Event) async throws(CommandLineError) -> [SyncRemote] {
        let output = open(factory.makeSync(), SyncViewModel.Input.init, events: [event])
        let remotes = await output.remotes.collected()
        try Self.check(await output.failures.collected())
        return remotes.last ?? []
    }

    /// What the sync screen's `event` (a share or a join) did: its report, whose failure is the
    /// sync's; a refusal before any sync is thrown.
    private func report(of event: SyncViewModel.Event) async throws(CommandLineError) -> SyncReport.Remote {
        let output = open(factory.makeSync(), SyncViewModel.Input.init, events: [event])
        let reports = await output.synced.collected()
        let failures = await output.failures.collected()
        if let remote = reports.last?.remotes.first { return remote }
        try Self.check(failures)
        throw .runtime("nothing was synced")
    }

    // MARK: - Forms

    /// Fills in the create form with `draft` and saves it, last in `list` when given, else in
    /// To Do.
    ///
    /// - Returns: The project the form saved.
    /// - Throws: ``CommandLineError/runtime(_:)`` when the form saved nothing.
    func create(_ draft: ProjectDraft, inList list: BoardList.ID? = nil) async throws(CommandLineError) -> Project {
        var events: [CreateProjectViewModel.Event] = [.title(draft.title)]
        if !draft.body.isEmpty { events.append(.body(draft.body)) }
        if let deadline = draft.deadline { events.append(.deadline(deadline)) }
        if let time = draft.dueTime { events.append(.dueTime(time)) }
        if let rule = draft.repeatRule { events.append(.repeatRule(rule.description)) }
        events.append(.save)
        let form = list.map { factory.makeCreateProject(inList: $0) } ?? factory.makeCreateProject()
        return try await save(form, events: events)
    }

    /// Opens `project`'s form, begins editing, changes the fields `edit` names, and saves.
    ///
    /// - Returns: The project the form saved.
    /// - Throws: ``CommandLineError/runtime(_:)`` when the form saved nothing.
    func update(_ project: Project.ID, with edit: ProjectEdit) async throws(CommandLineError) -> Project {
        var events: [UpdateProjectViewModel.Event] = [.beginEditing]
        if let title = edit.title { events.append(.title(title)) }
        if let body = edit.body { events.append(.body(body)) }
        if let deadline = edit.deadline { events.append(.deadline(deadline)) }
        if let time = edit.dueTime { events.append(.dueTime(time)) }
        if let rule = edit.repeatRule { events.append(.repeatRule(rule?.description ?? "none")) }
        events.append(.save)
        return try await save(factory.makeUpdateProject(project), events: events)
    }

    /// Runs a project form on `events` and returns what it saved.
    private func save<Mode: EditMode>(
        _ form: EditProjectViewModel<Mode>, events: [EditProjectViewModel<Mode>.Event]
    ) async throws(CommandLineError) -> Project {
        let output = open(form, EditProjectViewModel<Mode>.Input.init, events: events)
        let saved = await output.saveCompleted.collected()
        let messages = await output.validationMessages.collected()
        let errors = await output.errors.collected()
        guard let project = saved.last else {
            // The fields' messages say more than the form's "fix the fields marked below".
            let shown = ValidationFailure.Field.allCases.flatMap { messages.last?[$0] ?? [] }
            if shown.isEmpty { try Self.check(errors) }
            throw .runtime(shown.isEmpty ? "not saved" : "not saved: \(shown.joined(separator: " "))")
        }
        try Self.check(errors)
        return project
    }

    // MARK: - State menu

    /// Opens `project`'s state menu and chooses "Move to" `state`: the project goes last in that
    /// column.
    ///
    /// - Returns: The moved project.
    /// - Throws: ``CommandLineError/runtime(_:)`` when the menu does not offer `state`, which is the
    ///   project's own, or the move failed.
    func changeState(of project: Project.ID, to state: ProjectState) async throws(CommandLineError) -> Project {
        let output = open(
            factory.makeChangeState(of: project), ChangeStateViewModel.Input.init, events: [.select(state)])
        let moved = await output.moved.collected()
        let options = await output.options.collected()
        try Self.check(await output.errors.collected())
        guard let project = moved.last else {
            let offered = options.last?.map(\.title).joined(separator: ", ") ?? "nothing"
            throw .runtime("not moved: the menu offers \(offered)")
        }
        return project
    }

    // MARK: - History

    /// What the history screen shows.
    struct History {
        /// What happened, newest first.
        var entries: [HistoryEntry]
        /// What the screen says when nothing has happened.
        var emptyText: String
        /// Whether Undo is enabled.
        var canUndo: Bool
        /// Whether Redo is enabled.
        var canRedo: Bool
    }

    /// The history screen as it opens: at most `limit` entries, newest first.
    func history(limit: Int?) async throws(CommandLineError) -> History {
        let output = open(factory.makeHistory(limit: limit), HistoryViewModel.Input.init, events: [])
        let entries = await output.entries.collected()
        let canUndo = await output.canUndo.collected()
        let canRedo = await output.canRedo.collected()
        try Self.check(await output.errors.collected())
        return History(
            entries: entries.last ?? [], emptyText: output.emptyText,
            canUndo: canUndo.last ?? false, canRedo: canRedo.last ?? false)
    }

    /// Sends undo or redo to the history screen.
    ///
    /// - Returns: The entries the step took out of the history (undo) or put back (redo), newest
    ///   first, or `nil` when there was nothing to undo or redo and nothing happened.
    /// - Throws: ``CommandLineError/runtime(_:)`` when the store could not undo or redo.
    func step(_ event: HistoryViewModel.Event) async throws(CommandLineError) -> [HistoryEntry]? {
        let output = open(factory.makeHistory(), HistoryViewModel.Input.init, events: [event])
        let entries = await output.entries.collected()
        let canUndo = await output.canUndo.collected()
        let canRedo = await output.canRedo.collected()
        try Self.check(await output.errors.collected())
        // The first value of each stream is the screen as it opened, before the step.
        let wasEnabled =
            switch event {
            case .undo: canUndo.first ?? false
            case .redo: canRedo.first ?? false
            }
        guard wasEnabled else { return nil }
        let before = entries.first ?? []
        let after = entries.last ?? []
        switch event {
        case .undo:
            let kept = Set(after.map(\.id))
            return before.filter { !kept.contains($0.id) }
        case .redo:
            let had = Set(before.map(\.id))
            return after.filter { !had.contains($0.id) }
        }
    }

    // MARK: - Search

    /// Types `query` into the search screen, scoped to `board` (every board when `nil`), and
    /// presses return: what the screen then shows.
    func search(_ query: String, onBoard board: Board.ID?, labelled label: Label.ID? = nil)
        async throws(CommandLineError) -> SearchState
    {
        let output = open(
            factory.makeSearch(), SearchViewModel.Input.init,
            events: [.scope(board), .label(label), .queryChanged(query), .appear])
        let states = await output.states.collected()
        try Self.check(await output.errors.collected())
        guard let state = states.last else { throw .runtime("the search screen did not appear") }
        return state
    }

    // MARK: - Driving

    /// Binds `viewModel` to an input that holds `events` and is already finished, as a screen that
    /// the user opened, used and closed.
    func open<ViewModel: ViewModelType, Event: Sendable>(
        _ viewModel: ViewModel, _ makeInput: (AsyncStream<Event>) -> ViewModel.Input, events: [Event]
    ) -> ViewModel.Output {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let output = viewModel.transform(makeInput(stream))
        for event in events { continuation.yield(event) }
        continuation.finish()
        return output
    }

    /// Turns the first error a screen showed into a runtime error.
    static func check(_ errors: [String]) throws(CommandLineError) {
        if let error = errors.first { throw .runtime(error) }
    }

    /// Turns the first failure a screen gave into a runtime error, worded as `pm` words it: the
    /// Localizer's English message, with `pm`'s own hints.
    static func check<Failure: Error & CommandLineMessage>(_ failures: [Failure]) throws(CommandLineError) {
        if let failure = failures.first { throw .runtime(failure.commandLineMessage) }
    }
}

extension AsyncStream {
    /// Every element, once the stream has finished.
    ///
    /// - Complexity: O(*n*) for *n* elements, and as long as the stream runs.
    func collected(isolation: isolated (any Actor)? = #isolation) async -> [Element] {
        var elements: [Element] = []
        var iterator = makeAsyncIterator()
        while let element = await iterator.next(isolation: isolation) { elements.append(element) }
        return elements
    }
}
