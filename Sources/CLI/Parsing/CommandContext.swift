import ProjectManager

/// What a command runs with: the tool's streams and settings, and the app's screens over the store
/// the command line names, opened when the command first asks for them.
@MainActor
struct CommandContext {
    /// The tool running the command: its output, errors, environment and terminal.
    let tool: CommandLineTool
    private let source: Source
    /// The stores this command opened, to report their warnings and close when it ends.
    private let opened = OpenedStores()

    private enum Source {
        /// The store `--store` names (or the environment's), opened on demand.
        case store(path: StorePath?)
        /// Screens already open, as the demo's.
        case screens(Screens)
    }

    /// A context over the store `storePath` names, or the environment's when it is `nil`.
    init(tool: CommandLineTool, storePath: StorePath?) {
        self.tool = tool
        self.source = .store(path: storePath)
    }

    /// A context over screens that are already open.
    init(tool: CommandLineTool, screens: Screens) {
        self.tool = tool
        self.source = .screens(screens)
    }

    /// The app's screens over the command's store, opening the store.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with the store's own description when it cannot
    ///   be read; the file is left untouched.
    func screens() throws(CommandLineError) -> Screens {
        try openScreens(readOnly: false)
    }

    /// The app's screens over the command's store, read once and never written: for commands
    /// that only show. No lock is taken, so they run while another process writes the store,
    /// and on a store the user may read but not write.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` with the store's own description when it cannot
    ///   be read; the file is left untouched.
    func readingScreens() throws(CommandLineError) -> Screens {
        try openScreens(readOnly: true)
    }

    private func openScreens(readOnly: Bool) throws(CommandLineError) -> Screens {
        switch source {
        case .screens(let screens):
            return screens
        case .store(let path):
            let store = try StoreLocation.path(
                flag: path, environment: tool.processEnvironment, environmentBytes: tool.environmentBytes)
            let session = opened.session {
                SessionSnapshot(tool.accountsBeside(store.fileURL, tool.engineEnvironment, tool.accounts))
            }
            return opened.keep(
                try Screens.open(
                    at: store.fileURL, environment: tool.engineEnvironment, session: session, readOnly: readOnly))
        }
    }

    // MARK: - Boards

    /// The screens of the board `name` finds, or of the current board when `name` is `nil`,
    /// opening the store.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` when the store cannot be read or no board of the
    ///   viewer's has that name.
    func screens(onBoard name: String?) async throws(CommandLineError) -> Screens {
        try await open(board: name, readOnly: false).screens
    }

    /// The screens of the board `name` finds, or of the current board, reading the store only.
    func readingScreens(onBoard name: String?) async throws(CommandLineError) -> Screens {
        try await open(board: name, readOnly: true).screens
    }

    /// The board `name` finds, or the current board when `name` is `nil`, and its screens, opening
    /// the store for writing or, when `readOnly`, for reading only.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` when the store cannot be read or no board of the
    ///   viewer's has that name.
    func open(board name: String?, readOnly: Bool) async throws(CommandLineError) -> (screens: Screens, board: Board) {
        let screens = try openScreens(readOnly: readOnly)
        let board = try await directory(on: screens).board(name)
        return (screens.on(board.id), board)
    }

    /// The viewer's boards with their counts, and which is current: who is signed in as the
    /// account screen says, the boards as the board list shows them.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` when the store, the accounts or the settings file
    ///   cannot be read.
    func directory(on screens: Screens) async throws(CommandLineError) -> BoardDirectory {
        let viewer = try await screens.session()?.account.id
        let summaries = try await screens.boardList()
        let chosen = try currentBoardFile()?.currentBoard(for: viewer)
        return BoardDirectory(viewer: viewer, summaries: summaries, chosen: chosen)
    }

    /// The file that keeps the current board beside the store; `nil` for screens opened
    /// elsewhere (the demo's).
    func currentBoardFile() throws(CommandLineError) -> CurrentBoardFile? {
        guard case .store(let path) = source else { return nil }
        return CurrentBoardFile(
            besideStoreAt: try StoreLocation.path(
                flag: path, environment: tool.processEnvironment, environmentBytes: tool.environmentBytes))
    }

    /// Writes the warnings of every store the command opened to the error stream, one line each
    /// (`pm: warning: …`), and closes those stores.
    func finish() {
        let reported = opened.warningsReported
        for screens in opened.takeAll() {
            for warning in screens.warnings where !reported {
                warn(warning.commandLineMessage)
            }
            screens.close()
        }
    }

    /// The store file the command line names (or the environment's); `nil` for screens opened
    /// elsewhere (the demo's).
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` when no path is given and none can be made.
    func storePath() throws(CommandLineError) -> StorePath? {
        guard case .store(let path) = source else { return nil }
        return try StoreLocation.path(
            flag: path, environment: tool.processEnvironment, environmentBytes: tool.environmentBytes)
    }

    // MARK: - Output

    /// How output is decorated.
    var style: OutputStyle { tool.style }

    /// Writes lines to the output.
    func print(_ lines: [String]) { tool.print(lines) }

    /// Writes one line to the output.
    func print(_ line: String = "") { tool.print(line) }

    /// Writes `body` as a `--json` document, with its `"version"`, as `format` asks.
    ///
    /// A document read from a store whose objects cannot all be read carries `"warnings"`: what
    /// it lacks is not left for standard error alone.
    func printJSON(_ body: some Encodable, _ format: JSONFormat) throws(CommandLineError) {
        print(try CommandJSON.document(body, format, warnings: damageWarnings.map(\.commandLineMessage)))
    }

    /// The damage the stores opened met so far: objects a read could not read.
    var damageWarnings: [StoreWarning] {
        opened.current.flatMap(\.warnings).filter { if case .damagedObjects = $0 { true } else { false } }
    }

    /// Says that the command reported the stores' warnings itself (`pm doctor`, or an error that
    /// quotes them), so that ``finish()`` does not repeat them on the error stream.
    func reportedWarnings() {
        opened.warningsReported = true
    }

    /// The objects of a command's JSON over the viewer's boards (as the board list reads them),
    /// with the projects' ids shown as `projectIDs` shows them.
    func jsonObjects(on screens: Screens, projectIDs: ShortIDs) async throws(CommandLineError) -> JSONObjects {
        JSONObjects(
            projectIDs: projectIDs, boards: try await directory(on: screens).boards,
            today: tool.engineEnvironment.today(), now: tool.engineEnvironment.now())
    }

    /// Runs `work`, and when it takes more than `delay` says `notice` on standard error, if that is
    /// a terminal: so that a slow step (hashing a password) is not taken for a hang.
    func saying<Result>(
        _ notice: String, after delay: Duration = .milliseconds(500),
        while work: () async throws(CommandLineError) -> Result
    ) async throws(CommandLineError) -> Result {
        guard tool.errorsAreTerminal, !tool.quiet else { return try await work() }
        let (sleep, errors) = (tool.sleep, tool.errors)
        let announcement = Task {
            await sleep(delay)
            guard !Task.isCancelled else { return }
            errors.write(notice + "\n")
        }
        defer { announcement.cancel() }
        return try await work()
    }

    /// Writes `pm: warning: …` to the error stream: for what failed after the change was saved,
    /// which must not turn a saved change into a reported failure.
    func warn(_ message: String) {
        tool.errors.write("pm: warning: \(CommandLineTool.oneLine(message))\n")
    }

    // MARK: - Helpers

    /// The screens' board as the board screen read it, ready for finding projects by id prefix.
    func lookup(on screens: Screens) async throws(CommandLineError) -> ProjectLookup {
        ProjectLookup(try await screens.overview())
    }

    /// The screens' board and its archived projects, ready for finding either by id prefix.
    func lookupWithArchived(on screens: Screens) async throws(CommandLineError) -> ProjectLookup {
        ProjectLookup(try await screens.overview(), archived: try await screens.archivedProjects())
    }

    /// The board as the board screen shows it, ready to draw at the tool's width and style under
    /// `title` (the board's name; read from the board list when `nil`); only the cards with the
    /// label `labelled` when it is given. Each card's checklist is read for its progress: one read
    /// for each card shown.
    func boardRenderer(
        on screens: Screens, title: String? = nil, labelled label: Label.ID? = nil, items: BoardItems? = nil
    ) async throws(CommandLineError) -> BoardRenderer {
        let overview =
            if let label { try await screens.overview(labelled: label) } else { try await screens.overview() }
        let boardTitle = if let title { title } else { try await screens.boardTitle() }
        let items = if let items { items } else { try await BoardItems(of: screens) }
        let checklists = try await screens.checklistProgress(of: overview.projects.map(\.id))
        return BoardRenderer(
            boardTitle: boardTitle, today: tool.engineEnvironment.today(), overview: overview, items: items,
            checklists: checklists, style: style, width: tool.width)
    }

    /// Checks a draft against the rules before any use case runs.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` naming every broken rule.
    func validate(_ draft: ProjectDraft) throws(CommandLineError) {
        let failures = draft.failures
        guard failures.isEmpty else {
            throw .runtime(RepositoryError.invalid(ValidationError(failures)).commandLineMessage)
        }
    }
}

// MARK: - Undo and redo

extension CommandContext {
    /// Sends `event` (undo or redo) to the history screen of the board `board` names (the current
    /// board when `nil`) and prints each entry it took out of the history or put back, after `done`.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` "nothing to `command`" when the screen had
    ///   nothing to do; nothing is saved then.
    func step(
        _ event: HistoryViewModel.Event, onBoard board: String?, command: String, done: String, json: JSONFormat? = nil
    ) async throws(CommandLineError) {
        guard let entries = try await screens(onBoard: board).step(event) else {
            throw .runtime("nothing to \(command)")
        }
        if let json {
            try printJSON(StepOutput(entries: entries.map(EntryObject.init)), json)
            return
        }
        guard !entries.isEmpty else {
            print("\(done) a change that has no history entry")
            return
        }
        print(entries.map { "\(done): \(TerminalText.sanitized($0.text))" })
    }
}

/// What `pm undo --json` and `pm redo --json` print: the history entries the step took out or put
/// back, newest first.
private struct StepOutput: Encodable {
    var entries: [EntryObject]
}

/// The stores a command opened, in order, and who is signed in, read once for all of them.
@MainActor
private final class OpenedStores {
    private var stores: [Screens] = []
    private var snapshot: SessionSnapshot?
    /// Whether the command reported the stores' warnings itself.
    var warningsReported = false

    /// The command's one snapshot of who is signed in, made by `make` the first time.
    func session(_ make: () -> SessionSnapshot) -> SessionSnapshot {
        if let snapshot { return snapshot }
        let made = make()
        snapshot = made
        return made
    }

    /// Remembers the screens of a store just opened, and hands them back.
    func keep(_ screens: Screens) -> Screens {
        stores.append(screens)
        return screens
    }

    /// The screens of every store kept so far.
    var current: [Screens] { stores }

    /// The screens of every store kept, forgotten here.
    func takeAll() -> [Screens] {
        defer { stores = [] }
        return stores
    }
}
