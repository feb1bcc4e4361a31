import Foundation

/// A piece of work with a title, a body and an optional deadline, standing in one column of a board.
///
/// A project may repeat (``recurrence``): its ``deadline`` is then the occurrence not done yet.
/// Marking it Done completes that occurrence and puts it back in To Do with the next one (see
/// ``nextOccurrenceAfterCompleting(today:)``); after the rule's last occurrence it stays Done.
public struct Project: Identifiable, Hashable, Sendable, Codable {
    /// A project's identifier.
    public struct ID: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The identifier's UUID.
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

    public let id: ID
    /// The board the project belongs to; setting it alone moves a project that stands in a
    /// standard list to the new board's standard list of the same stage.
    public var boardID: Board.ID {
        didSet { if listID == .standard(on: oldValue, state) { listID = .standard(on: boardID, state) } }
    }
    /// One line, at most ``ProjectRules/titleLimit`` characters.
    public var title: String
    /// Free text, at most ``ProjectRules/bodyLimit`` characters.
    public var body: String
    /// The calendar day the project is due, if any; for a repeating project, the occurrence not
    /// done yet.
    public var deadline: Day?
    /// The schedule the project repeats on (its first day, its rule and the occurrences skipped),
    /// or `nil` for a project done once.
    public var recurrence: Recurrence?
    /// The stage of the list the project stands in: To Do, Doing or Done.
    ///
    /// Setting it alone moves a project that stands in a standard list to the standard list of
    /// the new stage; ``move(to:)`` places a project in any list.
    public var state: ProjectState {
        didSet { if listID == .standard(on: boardID, oldValue) { listID = .standard(on: boardID, state) } }
    }
    /// The list the project stands in, on its board.
    public private(set) var listID: BoardList.ID
    /// The project's place in its column: columns are sorted by rank. A screen's position
    /// (0, 1, 2, …) is derived from this order, never stored.
    public var rank: Rank
    /// When the project was made.
    public let createdAt: Date
    /// When the project last changed.
    public var updatedAt: Date

    /// Makes a project value; use ``CreateProject`` to make and save one with validation.
    ///
    /// A project in no given `list` stands in its board's standard list of `state`.
    public init(
        id: ID,
        boardID: Board.ID,
        title: String,
        body: String = "",
        deadline: Day? = nil,
        recurrence: Recurrence? = nil,
        state: ProjectState = .todo,
        list: BoardList.ID? = nil,
        rank: Rank = .initial,
        createdAt: Date,
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.boardID = boardID
        self.title = title
        self.body = body
        self.deadline = deadline
        self.recurrence = recurrence
        self.state = state
        self.listID = list ?? .standard(on: boardID, state)
        self.rank = rank
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// Places the project in `list`, on the list's board and with its stage; the rank is the
    /// caller's to set.
    public mutating func move(to list: BoardList) {
        boardID = list.boardID
        state = list.stage
        listID = list.id
    }

    private enum CodingKeys: String, CodingKey {
        case id, boardID, title, body, deadline, recurrence, state, listID, rank, createdAt, updatedAt
    }

    /// Decodes a project; one written before lists stands in its board's standard list of its state.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(ID.self, forKey: .id), boardID: try container.decode(Board.ID.self, forKey: .boardID),
            title: try container.decode(String.self, forKey: .title), body: try container.decode(String.self, forKey: .body),
            deadline: try container.decodeIfPresent(Day.self, forKey: .deadline),
            recurrence: try container.decodeIfPresent(Recurrence.self, forKey: .recurrence),
            state: try container.decode(ProjectState.self, forKey: .state),
            list: try container.decodeIfPresent(BoardList.ID.self, forKey: .listID),
            rank: try container.decode(Rank.self, forKey: .rank),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            updatedAt: try container.decode(Date.self, forKey: .updatedAt))
    }

    /// Whether the project is late on `today`: it is not done and its deadline day is before today.
    ///
    /// A project due today is not overdue; a repeating one is late when the occurrence it waits
    /// for has passed.
    public func isOverdue(on today: Day) -> Bool {
        guard state != .done, let deadline else { return false }
        return deadline < today
    }

    /// The editable fields of the project, as a draft.
    public var draft: ProjectDraft {
        ProjectDraft(title: title, body: body, deadline: deadline, repeatRule: recurrence?.rule)
    }
}
