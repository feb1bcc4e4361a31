import ProjectManagerDomain

/// One opening of a project form: what it shows first, and how its draft is saved or dropped.
public protocol EditSession: Sendable {
    /// What the fields show when the form opens.
    var initialDraft: ProjectDraft { get }

    /// Saves the draft, as one user action.
    /// - Returns: The saved project.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
    ///   ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(_:)``.
    func commit(_ draft: ProjectDraft) async throws(RepositoryError) -> Project

    /// Leaves the store as if the form had never opened.
    func discard() async
}
