import Foundation

/// A list of cards on a board, in the order the user sets: Trello's list, a Kanban column.
///
/// Each list has a ``stage`` that carries the board's rules: a card in a list of stage
/// ``ProjectState/done`` is never overdue, and moving a repeating card into one completes its
/// occurrence. A board starts with the three standard lists, To Do, Doing and Done
/// (``standard(on:)``), which exist without being stored until the user changes the board's lists.
public struct BoardList: Identifiable, Hashable, Sendable, Codable {
    /// A list's identity.
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The identifier's UUID.
        public let rawValue: UUID

        /// The identifier of `rawValue`.
        public init(rawValue: UUID) { self.rawValue = rawValue }

        /// The lowercase UUID.
        public var description: String { rawValue.uuidString.lowercased() }

        /// The id of `board`'s standard list of `stage`: the board's UUID with its last byte
        /// marked by the stage, so that every board's standard lists have ids of their own that
        /// need no storing.
        public static func standard(on board: Board.ID, _ stage: ProjectState) -> ID {
            var bytes = board.rawValue.uuid
            bytes.15 ^= 0xA0 | stage.code
            return ID(rawValue: UUID(uuid: bytes))
        }

        /// The stage whose standard list on `board` this is, or `nil` for a list of the user's own.
        public func standardStage(on board: Board.ID) -> ProjectState? {
            ProjectState.allCases.first { Self.standard(on: board, $0) == self }
        }

        /// Decodes the UUID.
        /// - Throws: `DecodingError` when the value is not of this shape.
        public init(from decoder: any Decoder) throws {
            rawValue = try UUIDCoding.decode(from: decoder)
        }

        /// Encodes the UUID.
        /// - Throws: The encoder's error.
        public func encode(to encoder: any Encoder) throws {
            try UUIDCoding.encode(rawValue, to: encoder)
        }
    }

    /// The list's identity.
    public let id: ID
    /// The board the list is on.
    public let boardID: Board.ID
    /// The list's name, unique among the board's lists that are not archived.
    public var title: String
    /// What being in the list means for a card.
    public var stage: ProjectState
    /// The list's place among the board's lists.
    public var rank: Rank
    /// A soft limit on the list's cards (work in progress): a move past it succeeds, and the
    /// board says the list is over it. `nil` for no limit.
    public var limit: Int?
    /// Whether the list is archived: hidden from the board with its cards, and restorable.
    public var isArchived: Bool

    /// A list of `title` on `board`.
    public init(
        id: ID, boardID: Board.ID, title: String, stage: ProjectState, rank: Rank, limit: Int? = nil,
        isArchived: Bool = false
    ) {
        self.id = id
        self.boardID = boardID
        self.title = title
        self.stage = stage
        self.rank = rank
        self.limit = limit
        self.isArchived = isArchived
    }

    /// The name a standard list of `stage` starts with.
    public static func standardTitle(_ stage: ProjectState) -> String {
        switch stage {
        case .todo: "To Do"
        case .doing: "Doing"
        case .done: "Done"
        }
    }

    /// The three lists a board starts with: To Do, Doing and Done, in that order.
    public static func standard(on board: Board.ID) -> [BoardList] {
        var rank = Rank.initial
        return ProjectState.allCases.map { stage in
            defer { rank = .after(rank) }
            return BoardList(
                id: .standard(on: board, stage), boardID: board, title: standardTitle(stage), stage: stage, rank: rank)
        }
    }

    /// The standard list of `stage` on `board`, as the board starts with it.
    public static func standard(on board: Board.ID, _ stage: ProjectState) -> BoardList {
        standard(on: board)[Int(stage.code)]
    }

    /// Whether this is one of the board's standard lists with its first name and stage, so that
    /// a screen may show the stage's name in the reader's language instead of the stored one.
    public var isStandardAsMade: Bool {
        id.standardStage(on: boardID) == stage && title == Self.standardTitle(stage)
    }

    /// Whether `count` cards are over the list's limit.
    public func isOver(count: Int) -> Bool {
        guard let limit else { return false }
        return count > limit
    }
}

extension ProjectState {
    /// The stage's code in a standard list's id: 0 To Do, 1 Doing, 2 Done.
    var code: UInt8 {
        switch self {
        case .todo: 0
        case .doing: 1
        case .done: 2
        }
    }
}

extension Array where Element == BoardList {
    /// The first list of `stage` that is not archived, in the board's order.
    public func first(_ stage: ProjectState) -> BoardList? {
        first { $0.stage == stage && !$0.isArchived }
    }

    /// The lists that are not archived, in the board's order.
    public var open: [BoardList] { filter { !$0.isArchived } }

    /// The list named `title` that is not archived, compared without case; else an archived one.
    public func named(_ title: String) -> BoardList? {
        let key = title.lowercased()
        return first { !$0.isArchived && $0.title.lowercased() == key }
            ?? first { $0.title.lowercased() == key }
    }
}
