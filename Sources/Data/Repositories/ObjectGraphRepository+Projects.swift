import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    public func project(id: Project.ID) throws(RepositoryError) -> Project {
        try requireOpen()
        guard let project = context.object(Project.self, id: id) else { throw .notFound(.project(id)) }
        return project
    }

    public func place(of id: Project.ID) throws(RepositoryError) -> ProjectPlace {
        let project = try project(id: id)
        let column = ProjectColumn(project.boardID, project.state)
        return ProjectPlace(
            state: project.state, index: context.position(of: project, ordering: ProjectColumn.ordering) ?? 0,
            count: count(of: column))
    }

    public func column(
        _ state: ProjectState, onBoard board: Board.ID, offset: Int, limit: Int?
    ) throws(RepositoryError) -> ColumnWindow {
        _ = try self.board(id: board)
        let column = ProjectColumn(board, state)
        let start = max(offset, 0)
        let projects = context.objects(Project.self, ordering: ProjectColumn.ordering, group: column, offset: start, limit: limit)
        return ColumnWindow(state: state, offset: start, projects: projects, count: count(of: column))
    }

    /// - Complexity: O(log *n*) for a column of *n* projects: the moving project's position and
    ///   two neighbours, through the column's ordered index.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap {
        _ = try self.board(id: board)
        let column = ProjectColumn(board, state)
        let current = moving.flatMap { id -> Int? in
            guard let moving = context.object(Project.self, id: id), ProjectColumn(moving.boardID, moving.state) == column
            else { return nil }
            return context.position(of: moving, ordering: ProjectColumn.ordering)
        }
        let count = count(of: column) - (current == nil ? 0 : 1)
        let gap = min(max(index ?? count, 0), count)
        // Indexes in the column without `moving`, as indexes in the column.
        func stored(_ index: Int) -> Int { if let current, index >= current { index + 1 } else { index } }
        let before = gap > 0 ? project(at: stored(gap - 1), in: column) : nil
        let after = gap < count ? project(at: stored(gap), in: column) : nil
        return ColumnGap(index: gap, before: before?.rank, after: after?.rank, current: current)
    }

    private func count(of column: ProjectColumn) -> Int {
        context.count(Project.self, ordering: ProjectColumn.ordering, group: column)
    }

    /// The project at `index` of a column, if any.
    private func project(at index: Int, in column: ProjectColumn) -> Project? {
        guard index >= 0 else { return nil }
        return context.objects(Project.self, ordering: ProjectColumn.ordering, group: column, offset: index, limit: 1).first
    }
}
