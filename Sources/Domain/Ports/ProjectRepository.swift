/// Where projects are kept: the port the use cases read and write projects through.
///
/// Implementations live in the Data layer. Every method is safe to call from any task.
public protocol ProjectRepository: Sendable {
    /// The project with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``, ``RepositoryError/storage(reason:)``.
    func project(id: Project.ID) async throws(RepositoryError) -> Project

    /// The board's projects, in no particular order.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    func projects(onBoard board: Board.ID) async throws(RepositoryError) -> [Project]

    /// Runs `change` on the board's projects and saves what it changed as one atomic save.
    ///
    /// Nothing is saved when `change` throws. No other change to the board runs in between.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist, what `change`
    ///   throws, ``RepositoryError/invalid(_:)`` and ``RepositoryError/storage(reason:)``.
    func updateProjects<Result: Sendable>(
        onBoard board: Board.ID,
        _ change: @Sendable (inout BoardProjects) throws(RepositoryError) -> Result
    ) async throws(RepositoryError) -> Result

    /// A stream of every save from now on, whoever made it; it ends when the repository goes away.
    func changes() -> AsyncStream<RepositoryChange>
}
