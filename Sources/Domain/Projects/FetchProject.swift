/// Reads one project.
public struct FetchProject: Sendable {
    private let projects: any ProjectRepository

    /// Reads projects from `projects`.
    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: O(1).
    public func callAsFunction(_ id: Project.ID) async throws(RepositoryError) -> Project {
        try await projects.project(id: id)
    }

    /// Where the project stands: its column, its index there, and the column's size.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    /// - Complexity: O(log *n*) for a column of *n* projects, through the column's ordered index.
    public func place(of id: Project.ID) async throws(RepositoryError) -> ProjectPlace {
        try await projects.place(of: id)
    }
}
