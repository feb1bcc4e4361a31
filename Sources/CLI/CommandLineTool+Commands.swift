import Foundation
import ProjectManager

// MARK: - Commands over the store

extension CommandLineTool {
    /// `pm board`: draws the board as the board screen shows it.
    @MainActor
    func showBoard(on screens: Screens) async throws(CommandLineError) {
        print(try await boardRenderer(on: screens).lines())
    }

    /// `pm add`: validates the draft, saves it through the create form, and prints its short id.
    @MainActor
    func add(_ draft: ProjectDraft, on screens: Screens) async throws(CommandLineError) {
        try validate(draft)
        let project = try await screens.create(draft)
        print(ShortIDs(try await screens.board())(project.id))
    }

    /// `pm show`: prints one project's fields.
    func show(_ prefix: ProjectIDPrefix, engine: ProjectManagerEngine) async throws(CommandLineError) {
        let lookup = try await fetchLookup(engine)
        let project = try lookup.project(prefix)
        print(ProjectDetails(project: project, lookup: lookup, style: style, calendar: engineEnvironment.calendar).lines())
    }

    /// `pm edit`: applies the edit to the project's fields, validates them, and saves them through
    /// the project's form.
    @MainActor
    func edit(_ prefix: ProjectIDPrefix, _ edit: ProjectEdit, on screens: Screens) async throws(CommandLineError) {
        let lookup = try await fetchLookup(screens.engine)
        let project = try lookup.project(prefix)
        try validate(edit.applied(to: project.draft))
        let saved = try await screens.update(project.id, with: edit)
        print("edited \(lookup.shortIDs(saved.id)): \(TerminalText.sanitized(saved.title))")
    }

    /// `pm move`: moves the project; `position` counts from 1.
    ///
    /// A move to another column, last, is the state menu's "Move to"; no screen places a project
    /// at a position or reorders a column, so `--at` and moves within a column call the use case.
    @MainActor
    func move(
        _ prefix: ProjectIDPrefix, to state: ProjectState, position: Int?, on screens: Screens
    ) async throws(CommandLineError) {
        let lookup = try await fetchLookup(screens.engine)
        let project = try lookup.project(prefix)
        let moved: Project
        if position == nil, state != project.state {
            moved = try await screens.changeState(of: project.id, to: state)
        } else {
            let index = position.map { $0 - 1 }
            moved = try await attempt { () async throws(RepositoryError) in
                try await screens.engine.moveProject(project.id, to: state, at: index)
            }
        }
        let count = lookup.overview.column(state).items.filter { $0.id != project.id }.count + 1
        print("moved \(lookup.shortIDs(moved.id)) to \(state.columnTitle) (\(moved.position + 1) of \(count))")
    }

    /// `pm delete`: deletes the project.
    func delete(_ prefix: ProjectIDPrefix, engine: ProjectManagerEngine) async throws(CommandLineError) {
        let lookup = try await fetchLookup(engine)
        let project = try lookup.project(prefix)
        try await attempt { () async throws(RepositoryError) in try await engine.deleteProject(project.id) }
        print("deleted \(lookup.shortIDs(project.id)): \(TerminalText.sanitized(project.title))")
    }

    // MARK: - Helpers

    /// The default board, ready for finding projects by id prefix.
    func fetchLookup(_ engine: ProjectManagerEngine) async throws(CommandLineError) -> ProjectLookup {
        ProjectLookup(try await attempt { () async throws(RepositoryError) in try await engine.fetchBoard() })
    }

    /// The board as the board screen shows it, ready to draw at this tool's width and style.
    @MainActor
    func boardRenderer(on screens: Screens) async throws(CommandLineError) -> BoardRenderer {
        let sections = try await screens.board()
        return BoardRenderer(
            boardTitle: try await screens.boardTitle(), today: engineEnvironment.today(), sections: sections,
            shortIDs: ShortIDs(sections), style: style, width: width)
    }

    /// Checks a draft against the rules before any use case runs.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` naming every broken rule.
    func validate(_ draft: ProjectDraft) throws(CommandLineError) {
        let failures = draft.failures
        guard failures.isEmpty else {
            throw .runtime(RepositoryError.invalid(ValidationError(failures)).description)
        }
    }
}
