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
