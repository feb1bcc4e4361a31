import Foundation
import ProjectManagerDomain

/// An edit form's scratch copy of a project, held in a child context of the repository's context:
/// edits stay there until ``commit()``, so a discarded edit leaves no trace.
final class ContextProjectEditing: ProjectEditing {
    let original: Project
    private let scratch: ObjectContext
    private let repository: ObjectGraphRepository
    private let environment: EngineEnvironment

    init(original: Project, scratch: ObjectContext, repository: ObjectGraphRepository, environment: EngineEnvironment) {
        self.original = original
        self.scratch = scratch
        self.repository = repository
        self.environment = environment
    }

    func current() async -> Project {
        scratch.object(Project.self, id: original.id) ?? original
    }

    func apply(_ draft: ProjectDraft) async throws(RepositoryError) -> Project {
        var board = BoardProjects(boardID: original.boardID, projects: [await current()])
        let project = try board.edit(original.id, with: draft, now: environment.now())
        do {
            try scratch.update(project)
        } catch {
            throw ObjectGraphRepository.repositoryError(error)
        }
        return project
    }

    func commit() async throws(RepositoryError) -> Project {
        let edited = await current()
        let now = environment.now()
        let id = original.id
        let saved = try await repository.updateProjects(onBoard: original.boardID) { board throws(RepositoryError) in
            try board.edit(id, with: edited.draft, now: now)
        }
        scratch.rollback()
        return saved
    }

    func discard() async {
        scratch.rollback()
    }
}
