extension FetchBoard {
    /// Brings a board a screen shows up to date after a save, reading only what the save changed on
    /// that board: nothing for a save on another board, the changed projects for a save on this
    /// one. Returns `nil` when the change leaves the board as it was.
    ///
    /// ```swift
    /// var overview = try await fetchBoard(board)
    /// for await change in projects.changes() {
    ///     guard let refreshed = try await fetchBoard.refresh(overview, after: change) else { continue }
    ///     overview = refreshed   // render it
    /// }
    /// ```
    ///
    /// A project the change inserted or updated on the board is read again; one it deleted, moved
    /// to another board, or one that is gone by the time it is read, leaves the board; the board itself is read again only
    /// when the change touched it. The overview is laid out again for today.
    /// - Parameter overview: The board as last read, with every project of each column.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board itself was deleted,
    ///   ``RepositoryError/storage(_:)``.
    /// - Complexity: O(*k*) reads for *k* projects of the board the change touched (none for a
    ///   change on another board), then O(*n* log *n*) in memory for *n* projects on the board.
    public func refresh(
        _ overview: BoardOverview, after change: RepositoryChange
    ) async throws(RepositoryError) -> BoardOverview? {
        let id = overview.board.id
        var shown = Dictionary(uniqueKeysWithValues: overview.projects.map { ($0.id, $0) })
        var gone = change.deleted.compactMap(\.projectID).filter { shown[$0] != nil }
        var changed: [Project.ID] = []
        for project in change.inserted.union(change.updated).compactMap(\.projectID) {
            switch change.projectBoards[project] {
            case id?: changed.append(project)
            // Moved to another board: it leaves this one, and nothing needs reading.
            case _? where shown[project] != nil: gone.append(project)
            case nil where shown[project] != nil: changed.append(project)
            default: break
            }
        }
        let boardChanged = change.all.contains(.board(id))
        guard boardChanged || !gone.isEmpty || !changed.isEmpty else { return nil }
        let board = boardChanged ? try await boards.board(id: id) : overview.board
        for project in gone { shown[project] = nil }
        for project in changed {
            do throws(RepositoryError) {
                let current = try await projects.project(id: project)
                shown[project] = current.boardID == id ? current : nil
            } catch .notFound(.project) {
                shown[project] = nil
            }
        }
        return BoardOverview(board: board, projects: Array(shown.values), today: environment.today())
    }
}

extension EntityReference {
    /// The project this refers to, or `nil` for a board.
    var projectID: Project.ID? {
        if case .project(let id) = self { id } else { nil }
    }
}
