import Foundation
import ProjectManagerDomain
import Synchronization

/// An edit form's scratch copy of a project: edits stay in it until ``commit()``, so a discarded
/// edit leaves no trace. The copy keeps the project's column and rank.
final class ScratchProjectEditing: ProjectEditing {
    let original: Project
    /// The scratch project and the draft last applied to it: the commit saves that draft, so the
    /// store works out the same schedule from the original project as the scratch copy did.
    private let scratch: Mutex<(project: Project, draft: ProjectDraft)>
    private let repository: ObjectGraphRepository
    private let environment: EngineEnvironment

    init(original: Project, repository: ObjectGraphRepository, environment: EngineEnvironment) {
        self.original = original
        self.scratch = Mutex((original, original.draft))
        self.repository = repository
        self.environment = environment
    }

    func current() async -> Project {
        scratch.withLock { $0.project }
    }

    func apply(_ draft: ProjectDraft) async throws(RepositoryError) -> Project {
        let draft = try ProjectDraft.validated(draft)
        let now = environment.now()
        let today = Day(containing: now, in: environment.calendar)
        let current = scratch.withLock { $0.project }
        guard current.draft != draft else { return current }
        var edited = try original.applying(draft, today: today)
        edited.updatedAt = now
        scratch.withLock { [edited] in $0 = (edited, draft) }
        return edited
    }

    func commit() async throws(RepositoryError) -> Project {
        let draft = scratch.withLock { $0.draft }
        let saved = try await repository.edit(original.id, to: draft, now: environment.now()).project
        scratch.withLock { $0 = (saved, saved.draft) }
        return saved
    }

    func discard() async {
        scratch.withLock { [original] in $0 = (original, original.draft) }
    }
}
