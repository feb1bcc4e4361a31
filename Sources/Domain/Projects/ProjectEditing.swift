/// A scratch copy of one project for an edit form: changes stay in it until ``commit()``, and
/// vanish on ``discard()``. Other saves go on meanwhile.
public protocol ProjectEditing: Sendable {
    /// The project as it was when editing began.
    var original: Project { get }

    /// The scratch project with the edits so far.
    func current() async -> Project

    /// Applies the draft to the scratch copy, after validating it; nothing is saved.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule.
    /// - Complexity: O(*t*) in the length of the draft's text.
    @discardableResult
    func apply(_ draft: ProjectDraft) async throws(RepositoryError) -> Project

    /// Saves the edits into the store, as one user action.
    /// - Returns: The saved project.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project was deleted meanwhile,
    ///   ``RepositoryError/storage(_:)``.
    /// - Complexity: One save of the project and its history entry.
    @discardableResult
    func commit() async throws(RepositoryError) -> Project

    /// Drops the edits; the store is as if editing never began.
    func discard() async
}
