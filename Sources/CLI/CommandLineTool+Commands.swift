import Foundation
import ProjectManager

// MARK: - Commands over the store

extension CommandLineTool {
    /// `pm board`: draws the board.
    func showBoard(engine: ProjectManagerEngine) async throws(CommandLineError) {
        let lookup = try await fetchLookup(engine)
        print(renderer(for: lookup).lines())
    }

    /// `pm add`: validates the draft, creates the project, and prints its short id.
    func add(_ draft: ProjectDraft, engine: ProjectManagerEngine) async throws(CommandLineError) {
        try validate(draft)
        let project = try await attempt { () async throws(RepositoryError) in try await engine.createProject(draft) }
        let lookup = try await fetchLookup(engine)
        print(lookup.shortIDs(project.id))
    }

    /// `pm show`: prints one project's fields.
    func show(_ prefix: ProjectIDPrefix, engine: ProjectManagerEngine) async throws(CommandLineError) {
        let lookup = try await fetchLookup(engine)
        let project = try lookup.project(prefix)
        print(ProjectDetails(project: project, lookup: lookup, style: style, calendar: engineEnvironment.calendar).lines())
    }

    /// `pm edit`: applies the edit to the project's fields, validates them, and saves.
    func edit(_ prefix: ProjectIDPrefix, _ edit: ProjectEdit, engine: ProjectManagerEngine) async throws(CommandLineError) {
        let lookup = try await fetchLookup(engine)
        let project = try lookup.project(prefix)
        let draft = edit.applied(to: project.draft)
        try validate(draft)
        let saved = try await attempt { () async throws(RepositoryError) in
            try await engine.updateProject(project.id, with: draft)
        }
        print("edited \(lookup.shortIDs(saved.id)): \(TerminalText.sanitized(saved.title))")
    }

    /// `pm move`: moves the project; `position` counts from 1.
    func move(
        _ prefix: ProjectIDPrefix, to state: ProjectState, position: Int?, engine: ProjectManagerEngine
    ) async throws(CommandLineError) {
        let lookup = try await fetchLookup(engine)
        let project = try lookup.project(prefix)
        let index = position.map { $0 - 1 }
        let moved = try await attempt { () async throws(RepositoryError) in
            try await engine.moveProject(project.id, to: state, at: index)
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

    /// The board renderer for this tool's width and style.
    func renderer(for lookup: ProjectLookup) -> BoardRenderer {
        BoardRenderer(overview: lookup.overview, shortIDs: lookup.shortIDs, style: style, width: width)
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
