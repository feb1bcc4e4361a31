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

        /// Whether this id comes before `other` in the order of their descriptions, found from
        /// the bytes (making the descriptions formats them, which sorting thousands would feel).
        func precedes(_ other: ID) -> Bool {
            withUnsafeBytes(of: rawValue.uuid) { left in
                withUnsafeBytes(of: other.rawValue.uuid) { right in left.lexicographicallyPrecedes(right) }
            }
        }

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
    /// The time of day the project is due on its ``deadline``, in a named zone; `nil` for a
    /// deadline of the whole day.
    public var dueTime: DueTime?
    /// The board's labels on the project, in the order they were put on.
    public var labels: [Label.ID]
    /// The accounts the project is assigned to: members of its board.
    public var assignees: [Account.ID]
    /// Whether the project is archived: off the board, kept in its list's archive, restorable.
    public var isArchived: Bool
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
        updatedAt: Date? = nil,
        dueTime: DueTime? = nil,
        labels: [Label.ID] = [],
        assignees: [Account.ID] = [],
        isArchived: Bool = false
    ) {
        self.id = id
        self.boardID = boardID
        self.title = title
        self.body = body
        self.deadline = deadline
        self.recurrence = recurrence
        self.state = state
        self.listID = list ?? .standard(on: boardID, state)
        self.dueTime = dueTime
        self.labels = labels
        self.assignees = assignees
        self.isArchived = isArchived
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
        case dueTime, labels, assignees, isArchived
    }

    /// Decodes a project; one written before lists stands in its board's standard list of its state.
    /// - Throws: `DecodingError` when the value is not of this shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(ID.self, forKey: .id),
            boardID: try container.decode(Board.ID.self, forKey: .boardID),
            title: try container.decode(String.self, forKey: .title),
            body: try container.decode(String.self, forKey: .body),
            deadline: try container.decodeIfPresent(Day.self, forKey: .deadline),
            recurrence: try container.decodeIfPresent(Recurrence.self, forKey: .recurrence),
            state: try container.decode(ProjectState.self, forKey: .state),
            list: try container.decodeIfPresent(BoardList.ID.self, forKey: .listID),
            rank: try container.decode(Rank.self, forKey: .rank),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            updatedAt: try container.decode(Date.self, forKey: .updatedAt),
            dueTime: try container.decodeIfPresent(DueTime.self, forKey: .dueTime),
            labels: try container.decodeIfPresent([Label.ID].self, forKey: .labels) ?? [],
            assignees: try container.decodeIfPresent([Account.ID].self, forKey: .assignees) ?? [],
            isArchived: try container.decodeIfPresent(Bool.self, forKey: .isArchived) ?? false)
    }

    /// Whether the project waits on a deadline on or before `day`: it has one, is not archived
    /// and is not in a done stage. Only these are ever overdue, due or upcoming.
    public func waits(through day: Day) -> Bool {
        guard let deadline, state != .done, !isArchived else { return false }
        return deadline <= day
    }

    /// Earliest deadline first, then by id: the order of ``ProjectRepository/projects(dueThrough:onBoard:)``.
    public static func byDeadline(_ first: Project, _ second: Project) -> Bool {
        switch (first.deadline, second.deadline) {
        case (let left?, let right?) where left != right: return left < right
        case (_?, nil): return true
        case (nil, _?): return false
        default: return first.id.precedes(second.id)
        }
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
        ProjectDraft(
            title: title, body: body, deadline: deadline, repeatRule: recurrence?.rule, dueTime: dueTime, labels: labels
        )
    }

    /// Whether the project is late at `now`: it is not done, and its due time has passed, or,
    /// for a deadline of the whole day, its day is before `today`.
    ///
    /// A project due at 14:00 in Seoul is overdue from 14:00 on in Seoul, wherever it is read.
    public func isOverdue(at now: Date, today: Day) -> Bool {
        guard state != .done, let deadline else { return false }
        if let dueTime, let instant = dueTime.instant(on: deadline) { return now > instant }
        return deadline < today
    }
}
