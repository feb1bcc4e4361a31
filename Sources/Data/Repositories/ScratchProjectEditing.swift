import Foundation
import ProjectManagerDomain
import Synchronization

/// An edit form's scratch copy of a project: edits stay in it until ``commit()``, so a discarded
/// edit leaves no trace. The copy keeps the project's column and rank.
final class ScratchProjectEditing: ProjectEditing {
    let original: Project
    private let scratch: Mutex<Project>
    private let repository: ObjectGraphRepository
    private let environment: EngineEnvironment

    init(original: Project, repository: ObjectGraphRepository, environment: EngineEnvironment) {
        self.original = original
        self.scratch = Mutex(original)
        self.repository = repository
        self.environment = environment
    }

    func current() async -> Project {
        scratch.withLock { $0 }
    }

    func apply(_ draft: ProjectDraft) async throws(RepositoryError) -> Project {
        let draft = try ProjectDraft.validated(draft)
        let now = environment.now()
        return scratch.withLock { project in
            guard project.draft != draft else { return project }
            (project.title, project.body, project.deadline, project.updatedAt) = (draft.title, draft.body, draft.deadline, now)
            return project
        }
    }

    func commit() async throws(RepositoryError) -> Project {
        let edited = await current()
        let saved = try await repository.edit(original.id, to: edited.draft, now: environment.now()).project
        scratch.withLock { $0 = saved }
        return saved
    }

    func discard() async {
        scratch.withLock { $0 = original }
    }
}
