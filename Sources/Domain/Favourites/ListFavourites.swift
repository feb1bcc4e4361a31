import Foundation

/// Lists the favourites with what they star, or finds which projects of a board are starred.
public struct ListFavourites: Sendable {
    private let favourites: any FavouriteRepository
    private let boards: any BoardRepository
    private let projects: any ProjectRepository

    /// Reads the stars from `favourites`, and what they star from `boards` and `projects`.
    public init(favourites: any FavouriteRepository, boards: any BoardRepository, projects: any ProjectRepository) {
        self.favourites = favourites
        self.boards = boards
        self.projects = projects
    }

    /// Every favourite, in the order starred (oldest first), with its board and project.
    /// - Complexity: O(*f* log *f*) for *f* favourites, and one read of each.
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read,
    ///   ``RepositoryError/notFound(_:)`` when a starred project was deleted meanwhile.
    public func callAsFunction() async throws(RepositoryError) -> [FavouriteItem] {
        var boardsByID: [Board.ID: Board] = [:]
        for board in try await boards.boards() { boardsByID[board.id] = board }
        var items: [FavouriteItem] = []
        for favourite in try await favourites.favourites() {
            guard let board = boardsByID[favourite.boardID] else { continue }
            switch favourite.target {
            case .board:
                items.append(FavouriteItem(favourite: favourite, board: board, project: nil))
            case .project(let id):
                items.append(
                    FavouriteItem(favourite: favourite, board: board, project: try await projects.project(id: id)))
            }
        }
        return items
    }

    /// The starred projects of `board`.
    /// - Complexity: O(*k* log *k*) for *k* favourites on the board.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist or is not the
    ///   viewer's.
    public func starredProjects(onBoard board: Board.ID) async throws(RepositoryError) -> Set<Project.ID> {
        Set(try await favourites.favourites(onBoard: board).compactMap(\.target.projectID))
    }
}

extension Favourite.Target {
    /// The starred project, or `nil` for a board.
    public var projectID: Project.ID? {
        if case .project(let id) = self { id } else { nil }
    }
}
