import ProjectManagerDomain

/// What differs between the project forms; ``EditProjectViewModel`` writes everything else once.
///
/// A mode says whether the form opens editable, what it is called, and how it begins an
/// ``EditSession`` that saves or drops the user's draft:
/// ```swift
/// public typealias CreateProjectViewModel = EditProjectViewModel<CreateMode>
/// public typealias UpdateProjectViewModel = EditProjectViewModel<UpdateMode>
/// ```
public protocol EditMode: Sendable {
    /// The session a form of this mode works in.
    associatedtype Session: EditSession

    /// Whether the fields are editable as soon as the form opens. When `false` the form opens
    /// read-only and its left bar button, Edit, makes it editable.
    var isInitiallyEditable: Bool { get }

    /// The form's title.
    var title: Phrase { get }

    /// Opens the form's session.
    /// - Throws: ``RepositoryError/notFound(_:)`` when there is nothing to edit.
    func begin() async throws(RepositoryError) -> Session
}

/// One opening of a project form: what it shows first, and how its draft is saved or dropped.
public protocol EditSession: Sendable {
    /// What the fields show when the form opens.
    var initialDraft: ProjectDraft { get }

    /// Saves the draft, as one user action.
    /// - Returns: The saved project.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
    ///   ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(reason:)``.
    func commit(_ draft: ProjectDraft) async throws(RepositoryError) -> Project

    /// Leaves the store as if the form had never opened.
    func discard() async
}
