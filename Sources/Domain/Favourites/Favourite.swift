import Foundation

/// A star on a project or a board: what the user pinned, to find it again at once and to see its
/// deadlines on the today screen.
///
/// A target has at most one star; starring it again changes nothing. Deleting the project or the
/// board takes its star with it (and undoing the deletion brings the star back).
public struct Favourite: Identifiable, Hashable, Sendable, Codable {
    /// A favourite's identifier: the UUID of the project or board it stars.
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The starred project's or board's UUID.
        public let rawValue: UUID
        /// Wraps a UUID.
        public init(rawValue: UUID) { self.rawValue = rawValue }

        public var description: String { rawValue.uuidString.lowercased() }

        public init(from decoder: any Decoder) throws {
            rawValue = try UUIDCoding.decode(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            try UUIDCoding.encode(rawValue, to: encoder)
        }
    }

    /// Whether a favourite stars a project or a board.
    public enum Kind: Hashable, Sendable, Codable {
        /// The favourite stars a project.
        case project
        /// The favourite stars a board.
        case board
    }

    /// What a favourite stars.
    public enum Target: Hashable, Sendable, Codable, CustomStringConvertible {
        /// A project, by its id.
        case project(Project.ID)
        /// A board, by its id.
        case board(Board.ID)

        /// The favourite's identifier for this target.
        public var favouriteID: Favourite.ID {
            switch self {
            case .project(let id): Favourite.ID(rawValue: id.rawValue)
            case .board(let id): Favourite.ID(rawValue: id.rawValue)
            }
        }

        /// Whether the target is a project or a board.
        public var kind: Kind {
            switch self {
            case .project: .project
            case .board: .board
            }
        }

        public var description: String {
            switch self {
            case .project(let id): "project \(id)"
            case .board(let id): "board \(id)"
            }
        }
    }

    /// What is starred.
    public let target: Target
    /// The board the target is on: the project's board, or the starred board itself.
    public let boardID: Board.ID
    /// When it was starred.
    public let starredAt: Date

    public var id: ID { target.favouriteID }

    /// A star on `target`, which is on `board`, put on at `starredAt`.
    public init(_ target: Target, onBoard board: Board.ID, starredAt: Date) {
        self.target = target
        self.boardID = board
        self.starredAt = starredAt
    }

    private enum CodingKeys: String, CodingKey {
        case target
        case boardID = "board"
        case starredAt
    }
}

/// A favourite with what it stars, as a favourites list shows it.
public struct FavouriteItem: Hashable, Sendable {
    /// The star.
    public let favourite: Favourite
    /// The starred board, or the starred project's board.
    public let board: Board
    /// The starred project; `nil` when the favourite stars a board.
    public let project: Project?

    /// A favourite with its board, and its project when it stars one.
    public init(favourite: Favourite, board: Board, project: Project?) {
        self.favourite = favourite
        self.board = board
        self.project = project
    }

    /// The starred project's title, or the board's.
    public var title: String { project?.title ?? board.title }
}
