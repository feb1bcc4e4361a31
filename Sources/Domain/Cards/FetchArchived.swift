/// Reads a board's archived cards, list by list: Trello's "Archived items".
public struct FetchArchived: Sendable {
    private let projects: any ProjectRepository

    /// A use case that reads `projects`.
    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// The board's archived projects, list by list in the board's order, each list's in order.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func callAsFunction(_ board: Board.ID = .default) async throws(RepositoryError) -> [Project] {
        var archived: [Project] = []
        for list in try await projects.lists(onBoard: board) {
            archived += try await projects.archived(inList: list.id, onBoard: board)
        }
        return archived
    }
}
