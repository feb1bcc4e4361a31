import Foundation
import Synchronization

/// Opens an edit form's scratch copy of a project.
public struct BeginProjectEdit: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// Opens edit sessions over `store`, whose saves are dated by the clock of `environment`.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: One read; the session's commit is one save.
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> any ProjectEditing {
        ScratchProjectEdit(
            original: try await store.project(id: id), update: UpdateProject(store: store, environment: environment),
            environment: environment)
    }
}

/// An edit form's scratch copy of a project: edits stay in it until ``commit()``, so a discarded
/// edit leaves no trace. The copy keeps the project's column and rank.
final class ScratchProjectEdit: ProjectEditing {
    let original: Project
    /// The scratch project and the draft last applied to it: the commit saves that draft, so the
    /// update works out the same schedule from the stored project as the scratch copy did.
    private let scratch: Mutex<(project: Project, draft: ProjectDraft)>
    private let update: UpdateProject
    private let environment: EngineEnvironment

    init(original: Project, update: UpdateProject, environment: EngineEnvironment) {
        self.original = original
        self.scratch = Mutex((original, original.draft))
        self.update = update
        self.environment = environment
    }

    func current() async -> Project {
        scratch.withLock { $0.project }
    }

    func apply(_ draft: ProjectDraft) async throws(RepositoryError) -> Project {
        let draft = try ProjectDraft.validated(draft)
        let now = environment.now()
        let current = scratch.withLock { $0.project }
        guard current.draft != draft else { return current }
        var edited = try original.applying(draft, today: Day(containing: now, in: environment.calendar))
        edited.updatedAt = now
        scratch.withLock { [edited] in $0 = (edited, draft) }
        return edited
    }

    func commit() async throws(RepositoryError) -> Project {
        let draft = scratch.withLock { $0.draft }
        let saved = try await update(original.id, with: draft).project
        scratch.withLock { $0 = (saved, saved.draft) }
        return saved
    }

    func discard() async {
        scratch.withLock { [original] in $0 = (original, original.draft) }
    }
}
