import ProjectManagerDomain

/// The update form: read-only until `beginEditing`; edits stay in a ``ProjectEditing`` scratch copy until
/// `save` commits them, and `cancel` discards them without a trace.
public struct UpdateMode: EditMode {
    private let project: Project.ID
    private let beginProjectEdit: BeginProjectEdit

    /// An update form on `project`.
    public init(project: Project.ID, beginProjectEdit: BeginProjectEdit) {
        self.project = project
        self.beginProjectEdit = beginProjectEdit
    }

    public var isInitiallyEditable: Bool { false }

    public var title: Phrase { .projectTitle }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the project does not exist.
    public func begin() async throws(RepositoryError) -> Session {
        Session(editing: try await beginProjectEdit(project))
    }

    /// An update form's session over the project's scratch copy.
    public struct Session: EditSession {
        let editing: any ProjectEditing

        public var initialDraft: ProjectDraft { editing.original.draft }

        /// Applies the draft to the scratch copy and commits it.
        /// - Throws: ``RepositoryError/invalid(_:)`` with every broken rule,
        ///   ``RepositoryError/notFound(_:)`` when the project was deleted meanwhile,
        ///   ``RepositoryError/storage(_:)``.
        public func commit(_ draft: ProjectDraft) async throws(RepositoryError) -> Project {
            try await editing.apply(draft)
            return try await editing.commit()
        }

        public func discard() async {
            await editing.discard()
        }
    }
}
