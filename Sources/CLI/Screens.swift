import Foundation
import ProjectManager

/// The app's screens as `pm` drives them: each command opens a screen's view model, yields the
/// events the command stands for, finishes the input, and reads every output to its end.
///
/// `pm` is a front end like a UIKit or SwiftUI app, only shorter-lived: the same view models, the
/// same `Input` and `Output`, no navigator (each command is one screen), text in English and dates
/// in numbers so that they line up in a terminal.
/// ```swift
/// let screens = Screens(engine: engine)
/// let project = try await screens.create(ProjectDraft(title: "Write report"))
/// let sections = try await screens.board()
/// ```
/// Because every output stream finishes when the input does, reading them to their end waits for
/// the view model to finish its work: when a method returns, the view model has let the engine go.
@MainActor
struct Screens {
    /// The locale of every text `pm` prints: `pm` speaks English.
    static let locale = Locale(identifier: "en_US_POSIX")

    /// The composition root's view models over the command's engine.
    let factory: ViewModelFactory

    /// The screens of `board` over `engine`.
    init(engine: ProjectManagerEngine, board: Board.ID = .default) {
        factory = engine.viewModels(navigator: nil, locale: Self.locale, board: board, dateStyle: .numeric)
    }

    /// The engine the screens work on, for what no screen does.
    var engine: ProjectManagerEngine { factory.engine }

    /// The board the screens show.
    var board: Board.ID { factory.board }

    /// The same engine's screens of another board.
    func on(_ board: Board.ID) -> Screens {
        Screens(engine: engine, board: board)
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

    /// The board's name.
    ///
    /// The board screen's title is the app's ("Project Manager"), not the board's, so the name is
    /// read from the board repository.
    func boardTitle() async throws(CommandLineError) -> String {
        let board = factory.board
        let boards = engine.boards
        return try await attempt { () async throws(RepositoryError) in try await boards.board(id: board) }.title
    }

    // MARK: - Forms

    /// Fills in the create form with `draft` and saves it.
    ///
    /// - Returns: The project the form saved.
    /// - Throws: ``CommandLineError/runtime(_:)`` when the form saved nothing.
    func create(_ draft: ProjectDraft) async throws(CommandLineError) -> Project {
        var events: [CreateProjectViewModel.Event] = [.title(draft.title)]
        if !draft.body.isEmpty { events.append(.body(draft.body)) }
        if let deadline = draft.deadline { events.append(.deadline(deadline)) }
        if let rule = draft.repeatRule { events.append(.repeatRule(rule.description)) }
        events.append(.save)
        return try await save(factory.makeCreateProject(), events: events)
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
        let output = open(factory.makeChangeState(of: project), ChangeStateViewModel.Input.init, events: [.select(state)])
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
        let wasEnabled = switch event {
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
    func search(_ query: String, onBoard board: Board.ID?) async throws(CommandLineError) -> SearchState {
        let output = open(
            factory.makeSearch(), SearchViewModel.Input.init, events: [.scope(board), .queryChanged(query), .appear])
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
