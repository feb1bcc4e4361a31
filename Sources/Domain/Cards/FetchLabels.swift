/// Reads a board's labels.
public struct FetchLabels: Sendable {
    private let projects: any ProjectRepository

    /// A use case that reads `projects`.
    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// The board's labels, by name.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func callAsFunction(_ board: Board.ID = .default) async throws(RepositoryError) -> [Label] {
        try await projects.labels(onBoard: board)
    }
}
