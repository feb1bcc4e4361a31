/// Opens an edit form's scratch copy of a project.
public struct BeginProjectEdit: Sendable {
    private let editing: any ProjectEditingRepository

    public init(editing: any ProjectEditingRepository) {
        self.editing = editing
    }

    /// - Throws: ``RepositoryError/notFound(_:)``.
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> any ProjectEditing {
        try await editing.beginEditing(id)
    }
}
