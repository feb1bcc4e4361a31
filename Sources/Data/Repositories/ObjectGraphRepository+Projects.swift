import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    public func project(id: Project.ID) throws(RepositoryError) -> Project {
        try reader.project(id: id)
    }

    public func place(of id: Project.ID) throws(RepositoryError) -> ProjectPlace {
        try reader.place(of: id)
    }

    public func column(
        _ state: ProjectState, onBoard board: Board.ID, offset: Int, limit: Int?
    ) throws(RepositoryError) -> ColumnWindow {
        try reader.column(state, onBoard: board, offset: offset, limit: limit)
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n*) for a column of *n* projects, through the column's ordered index.
    public func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap {
        try reader.gap(at: index, in: state, onBoard: board, moving: moving)
    }

    /// The board's lists in order, archived ones included; its standard lists until the board's
    /// lists first change.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(*l*) for *l* lists on the board.
    public func lists(onBoard board: Board.ID) async throws(RepositoryError) -> [BoardList] {
        try reader.lists(onBoard: board)
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n* + *k*) for *k* cards due by `day`, through the ordering by deadline.
    public func projects(dueThrough day: Day, onBoard board: Board.ID) async throws(RepositoryError) -> [Project] {
        try reader.projects(dueThrough: day, onBoard: board)
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    /// - Complexity: O(log *n* + *k*) for *k* projects of a list of *n*, through its ordered index.
    public func column(
        list: BoardList.ID, onBoard board: Board.ID, offset: Int, limit: Int?
    ) async throws(RepositoryError) -> ColumnWindow {
        try reader.column(list: list, onBoard: board, offset: offset, limit: limit)
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    public func labels(onBoard board: Board.ID) async throws(RepositoryError) -> [Label] {
        try reader.labels(onBoard: board)
    }

    /// - Throws: ``RepositoryError/notFound(_:)`` when the board or the list does not exist.
    public func archived(inList list: BoardList.ID, onBoard board: Board.ID) async throws(RepositoryError) -> [Project]
    {
        try reader.archived(inList: list, onBoard: board)
    }
}
