import Foundation
import ProjectManagerDomain

extension Favourite.ID: ManagedID {}

/// A ``Favourite`` as the store keeps it: its own entity, keyed by the starred project's or
/// board's UUID, so that a target has one star at most and is found in O(1).
///
/// It belongs to its board and, for a project's star, to its project: deleting either deletes the
/// star in the same save, and undoing that save brings it back.
struct FavouriteRecord: ManagedEntity, Hashable {
    static let entityName = "Favourite"

    static var relationships: [Relationship<FavouriteRecord>] {
        [
            .required(\.boardID, to: Board.self, onDelete: .cascade),
            .optional(\.projectID, to: Project.self, onDelete: .cascade),
        ]
    }

    /// A board's favourites are read by board.
    static var indexes: [EntityIndex<FavouriteRecord>] { [EntityIndex(\.boardID)] }

    let id: Favourite.ID
    let boardID: Board.ID
    /// The starred project; `nil` for a board's star.
    var projectID: Project.ID?
    let starredAt: Date

    init(_ favourite: Favourite) {
        id = favourite.id
        boardID = favourite.boardID
        projectID = favourite.target.projectID
        starredAt = favourite.starredAt
    }

    /// A star's id is its target's (the starred project's, or its board's), as a star's coding
    /// and the reads by target require; a star from another replica is checked too.
    func validationFailures() -> [String] {
        (projectID?.rawValue ?? boardID.rawValue) == id.rawValue ? [] : ["a favourite's id is not its target's"]
    }

    var favourite: Favourite {
        Favourite(projectID.map(Favourite.Target.project) ?? .board(boardID), onBoard: boardID, starredAt: starredAt)
    }

    /// Oldest first; ties by id, so the order is the same on every read.
    static func starredFirst(_ lhs: FavouriteRecord, _ rhs: FavouriteRecord) -> Bool {
        (lhs.starredAt, lhs.id.description) < (rhs.starredAt, rhs.id.description)
    }
}

extension ObjectGraphRepository: FavouriteRepository {
    public func favourites() throws(RepositoryError) -> [Favourite] {
        let records = try mapped { () throws(ContextError) in try context.fetch(FetchRequest<FavouriteRecord>()) }
        return records.sorted(by: FavouriteRecord.starredFirst).map(\.favourite)
    }

    public func favourites(onBoard board: Board.ID) throws(RepositoryError) -> [Favourite] {
        _ = try self.board(id: board)
        let records = try mapped { () throws(ContextError) in
            try context.fetch(FetchRequest<FavouriteRecord>(predicate: #Predicate { $0.boardID == board }))
        }
        return records.sorted(by: FavouriteRecord.starredFirst).map(\.favourite)
    }

    public func favourite(for target: Favourite.Target) throws(RepositoryError) -> Favourite? {
        try reader.favourite(for: target)
    }
}
