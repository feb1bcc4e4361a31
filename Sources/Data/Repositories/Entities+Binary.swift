import Foundation
import ProjectManagerDomain

// The built-in entities' binary coding (see `BinaryEntity` for how to add a field). Every
// version a store may hold stays readable: a decoder reads `version` 1 up to `binaryVersion`.

extension Board: BinaryEntity {
    /// 1: id, title, createdAt. 2: then owner (an optional account id; `nil` in version 1).
    /// 3: then the members (a count and account ids; none before).
    static var binaryVersion: Int { 3 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(string: title)
        writer.append(double: createdAt.timeIntervalSinceReferenceDate)
        writer.append(optionalUUID: owner?.rawValue)
        writer.append(count: members.count)
        for member in members { writer.append(uuid: member.rawValue) }
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        let id = ID(rawValue: try reader.uuid())
        let title = try reader.string()
        let createdAt = Date(timeIntervalSinceReferenceDate: try reader.double())
        let owner = version >= 2 ? try reader.optionalUUID().map(Account.ID.init(rawValue:)) : nil
        let members = version >= 3 ? try reader.uuids().map(Account.ID.init(rawValue:)) : []
        self.init(id: id, title: title, createdAt: createdAt, owner: owner, members: members)
    }
}

extension BoardList: BinaryEntity {
    /// 1: id, boardID, title, stage, rank, limit (0 for none), archived (0 or 1).
    static var binaryVersion: Int { 1 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(uuid: boardID.rawValue)
        writer.append(string: title)
        writer.append(state: stage)
        writer.append(string: rank.rawValue)
        writer.append(int: limit ?? 0)
        writer.append(byte: isArchived ? 1 : 0)
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        let id = ID(rawValue: try reader.uuid())
        let board = Board.ID(rawValue: try reader.uuid())
        let title = try reader.string()
        let stage = try reader.state()
        let rank = try reader.rank()
        let limit = try reader.int()
        guard limit >= 0 else { throw reader.error("a list's limit is \(limit)") }
        let archived = try reader.byte()
        guard archived <= 1 else { throw reader.error("a list's archived flag is \(archived)") }
        self.init(
            id: id, boardID: board, title: title, stage: stage, rank: rank, limit: limit == 0 ? nil : limit,
            isArchived: archived == 1)
    }
}

extension ChecklistItem: BinaryEntity {
    /// 1: id, projectID, boardID, text, done (0 or 1), rank.
    static var binaryVersion: Int { 1 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(uuid: projectID.rawValue)
        writer.append(uuid: boardID.rawValue)
        writer.append(string: text)
        writer.append(byte: isDone ? 1 : 0)
        writer.append(string: rank.rawValue)
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        let id = ID(rawValue: try reader.uuid())
        let project = Project.ID(rawValue: try reader.uuid())
        let board = Board.ID(rawValue: try reader.uuid())
        let text = try reader.string()
        let done = try reader.byte()
        guard done <= 1 else { throw reader.error("a checklist item's done flag is \(done)") }
        self.init(
            id: id, projectID: project, boardID: board, text: text, isDone: done == 1, rank: try reader.rank())
    }
}

extension Comment: BinaryEntity {
    /// 1: id, projectID, boardID, author (an optional account id), authorName (optional), text,
    /// createdAt, editedAt (0 for none, else 1 and the date).
    static var binaryVersion: Int { 1 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(uuid: projectID.rawValue)
        writer.append(uuid: boardID.rawValue)
        writer.append(optionalUUID: author?.rawValue)
        writer.append(optionalString: authorName)
        writer.append(string: text)
        writer.append(double: createdAt.timeIntervalSinceReferenceDate)
        if let editedAt {
            writer.append(byte: 1)
            writer.append(double: editedAt.timeIntervalSinceReferenceDate)
        } else {
            writer.append(byte: 0)
        }
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        let id = ID(rawValue: try reader.uuid())
        let project = Project.ID(rawValue: try reader.uuid())
        let board = Board.ID(rawValue: try reader.uuid())
        let author = try reader.optionalUUID().map(Account.ID.init(rawValue:))
        let authorName = try reader.optionalString()
        let text = try reader.string()
        let createdAt = Date(timeIntervalSinceReferenceDate: try reader.double())
        let editedAt: Date? =
            switch try reader.byte() {
            case 0: nil
            case 1: Date(timeIntervalSinceReferenceDate: try reader.double())
            case let tag: throw reader.error("a comment's edit date has the tag \(tag)")
            }
        self.init(
            id: id, projectID: project, boardID: board, author: author, authorName: authorName, text: text,
            createdAt: createdAt, editedAt: editedAt)
    }
}

extension Project: BinaryEntity {
    /// 1: id, boardID, title, body, deadline, state, rank, createdAt, updatedAt.
    /// 2: then recurrence (a version 1 project repeats never).
    /// 3: then the list (a project of version 2 or older stands in its board's standard list of
    /// its state).
    /// 4: then the due time (0 none, or 1, hour, minute and zone), the labels (a count and ids),
    /// the assignees (a count and ids) and archived (0 or 1).
    /// 5: then the occurrences completed (a count and days as deadlines, in order; 0 for a project
    /// that does not repeat, and a version 4 project has completed none).
    /// 6: then, for a project that repeats, the day its schedule owes occurrences from (a day, or
    /// none: a version 5 schedule did not record it).
    static var binaryVersion: Int { 6 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(uuid: boardID.rawValue)
        writer.append(string: title)
        writer.append(string: body)
        writer.append(day: deadline)
        writer.append(state: state)
        writer.append(string: rank.rawValue)
        writer.append(double: createdAt.timeIntervalSinceReferenceDate)
        writer.append(double: updatedAt.timeIntervalSinceReferenceDate)
        writer.append(recurrence: recurrence)
        writer.append(uuid: listID.rawValue)
        writer.append(dueTime: dueTime)
        writer.append(count: labels.count)
        for label in labels { writer.append(uuid: label.rawValue) }
        writer.append(count: assignees.count)
        for account in assignees { writer.append(uuid: account.rawValue) }
        writer.append(byte: isArchived ? 1 : 0)
        let completions = recurrence?.completions ?? []
        writer.append(count: completions.count)
        for day in completions.sorted() { writer.append(day: day) }
        if let recurrence { writer.append(day: recurrence.owedFrom) }
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        self.init(
            id: ID(rawValue: try reader.uuid()), boardID: Board.ID(rawValue: try reader.uuid()),
            title: try reader.string(), body: try reader.string(), deadline: try reader.day(),
            state: try reader.state(), rank: try reader.rank(),
            createdAt: Date(timeIntervalSinceReferenceDate: try reader.double()),
            updatedAt: Date(timeIntervalSinceReferenceDate: try reader.double()))
        if version >= 2 { recurrence = try reader.recurrence() }
        if version >= 3 { move(to: try reader.list(of: boardID, stage: state)) }
        if version >= 4 {
            dueTime = try reader.dueTime()
            labels = try reader.uuids().map(Label.ID.init(rawValue:))
            assignees = try reader.uuids().map(Account.ID.init(rawValue:))
            let archived = try reader.byte()
            guard archived <= 1 else { throw reader.error("a project's archived flag is \(archived)") }
            isArchived = archived == 1
        }
        if version >= 5 {
            let completions = try reader.days()
            if !completions.isEmpty {
                guard recurrence != nil else { throw reader.error("a project that does not repeat has completions") }
                recurrence?.completions = completions
            }
        }
        if version >= 6, recurrence != nil { recurrence?.owedFrom = try reader.day() }
    }
}

extension Label: BinaryEntity {
    /// 1: id, boardID, name, colour (its name).
    static var binaryVersion: Int { 1 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(uuid: boardID.rawValue)
        writer.append(string: name)
        writer.append(string: colour.rawValue)
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        let id = ID(rawValue: try reader.uuid())
        let board = Board.ID(rawValue: try reader.uuid())
        let name = try reader.string()
        let code = try reader.string()
        guard let colour = LabelColour(rawValue: code) else { throw reader.error("a label has the colour '\(code)'") }
        self.init(id: id, boardID: board, name: name, colour: colour)
    }
}

extension ActivityRecord: BinaryEntity {
    /// 1: id, boardID, projectID (optional), projectTitle, kind (tags 0 to 9), date, sequence.
    /// 2: the same fields; kind may also have tags 14 and 15 (starred, unstarred).
    /// 3: kind may also have tags 12 and 13 (an occurrence completed, skipped).
    /// 4: kind may also have tags 10 and 11 (moved to and from another board).
    /// 5: kind may also have tags 16 to 23 (lists of the user's own).
    /// 6: kind may also have tags 24 to 32 (checklists and comments) and 40 to 51 (labels, the
    /// archive, a Trello import, members).
    /// 7: kind may also have tag 52 (an edit lost to a delete on another device).
    /// 8: then the author (optional).
    static var binaryVersion: Int { 8 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(uuid: boardID.rawValue)
        writer.append(optionalUUID: projectID?.rawValue)
        writer.append(string: projectTitle)
        writer.append(kind: kind)
        writer.append(double: date.timeIntervalSinceReferenceDate)
        writer.append(int: sequence)
        writer.append(optionalString: author)
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        let id = Activity.ID(rawValue: try reader.uuid())
        let boardID = Board.ID(rawValue: try reader.uuid())
        let projectID = try reader.optionalUUID().map(Project.ID.init(rawValue:))
        let title = try reader.string()
        let kind = try reader.kind()
        let date = Date(timeIntervalSinceReferenceDate: try reader.double())
        let sequence = try reader.int()
        let author = version >= 8 ? try reader.optionalString() : nil
        self.init(
            Activity(
                id: id, boardID: boardID, projectID: projectID, projectTitle: title, kind: kind, date: date,
                author: author),
            sequence: sequence)
    }
}

extension FavouriteRecord: BinaryEntity {
    /// 1: id, what it stars (0 a project, 1 a board), boardID, projectID (for a project), starredAt.
    static var binaryVersion: Int { 1 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(favouriteKind: projectID == nil ? .board : .project)
        writer.append(uuid: boardID.rawValue)
        if let projectID { writer.append(uuid: projectID.rawValue) }
        writer.append(double: starredAt.timeIntervalSinceReferenceDate)
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        let id = Favourite.ID(rawValue: try reader.uuid())
        let kind = try reader.favouriteKind()
        let board = Board.ID(rawValue: try reader.uuid())
        let target: Favourite.Target =
            switch kind {
            case .project: .project(Project.ID(rawValue: try reader.uuid()))
            case .board: .board(board)
            }
        guard target.favouriteID == id else { throw reader.error("a favourite's id is not its target's") }
        self.init(
            Favourite(target, onBoard: board, starredAt: Date(timeIntervalSinceReferenceDate: try reader.double())))
    }
}

extension PendingChange: BinaryEntity {
    /// 1: id, entity, object, changedAt, slots (0 for `nil`, else 1, a count and the names),
    /// slotTimes (0 for `nil`, else 1, a count and each name and time, by name), board (optional).
    static var binaryVersion: Int { 1 }

    func encode(to writer: inout BinaryWriter) {
        writer.append(uuid: id.rawValue)
        writer.append(string: entity)
        writer.append(uuid: object)
        writer.append(double: changedAt.timeIntervalSinceReferenceDate)
        if let slots {
            writer.append(byte: 1)
            writer.append(count: slots.count)
            for slot in slots { writer.append(string: slot) }
        } else {
            writer.append(byte: 0)
        }
        if let slotTimes {
            writer.append(byte: 1)
            writer.append(count: slotTimes.count)
            for (slot, time) in slotTimes.sorted(by: { $0.key < $1.key }) {
                writer.append(string: slot)
                writer.append(double: time.timeIntervalSinceReferenceDate)
            }
        } else {
            writer.append(byte: 0)
        }
        writer.append(optionalUUID: board)
    }

    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError) {
        let id = ID(rawValue: try reader.uuid())
        let entity = try reader.string()
        let object = try reader.uuid()
        let changedAt = Date(timeIntervalSinceReferenceDate: try reader.double())
        var slots: [String]?
        switch try reader.byte() {
        case 0: break
        case 1:
            let count = try reader.count(unit: 1)
            var names: [String] = []
            names.reserveCapacity(count)
            for _ in 0..<count { names.append(try reader.string()) }
            slots = names
        case let tag: throw reader.error("an outbox entry's slots have the tag \(tag)")
        }
        var slotTimes: [String: Date]?
        switch try reader.byte() {
        case 0: break
        case 1:
            let count = try reader.count(unit: 9)
            var times: [String: Date] = [:]
            times.reserveCapacity(count)
            for _ in 0..<count {
                let slot = try reader.string()
                times[slot] = Date(timeIntervalSinceReferenceDate: try reader.double())
            }
            slotTimes = times
        case let tag: throw reader.error("an outbox entry's slot times have the tag \(tag)")
        }
        let board = try reader.optionalUUID()
        self.init(
            id: id, entity: entity, object: object, changedAt: changedAt, slots: slots, slotTimes: slotTimes,
            board: board)
    }
}

// MARK: - Fields

extension BinaryWriter {
    /// A column: 0 To Do, 1 Doing, 2 Done.
    mutating func append(state: ProjectState) {
        let code: UInt8 =
            switch state {
            case .todo: 0
            case .doing: 1
            case .done: 2
            }
        append(byte: code)
    }

    /// `nil` as 0; a day as 1, then its year, month and day.
    mutating func append(day: Day?) {
        guard let day else { return append(byte: 0) }
        append(byte: 1)
        append(int: day.year)
        append(int: day.month)
        append(int: day.day)
    }

    /// A tag, then what the case holds: 0 added, 1 moved (from, to), 2 reordered, 3 edited,
    /// 4 deleted, 5 imported (count, column), 6 board created, 7 board renamed (the old title),
    /// 8 board deleted, 9 GitHub's text kept (the local title and body), 10 moved to another board
    /// and 11 moved from another board (the other board's id and title, the column left, the
    /// column joined), 12 an occurrence completed (its day, the next), 13 an occurrence skipped (its
    /// day, the next or none), 14 starred and 15 unstarred (each with what: 0 a project, 1 a board),
    /// 16 moved between lists (the two names), 17 added to a list, 18 list added (its name),
    /// 19 list renamed (the old and new names), 20 list moved, 21 list changed, 22 list archived,
    /// 23 list restored (its name), 24 checklist item added, 25 ticked, 26 unticked (its text),
    /// 27 checklist item edited (the old and new text), 28 checklist item moved, 29 checklist item
    /// deleted (its text), 30 commented, 31 comment edited, 32 comment deleted.
    /// A new case takes a free tag and raises `ActivityRecord.binaryVersion`.
    mutating func append(kind: Activity.Kind) {
        switch kind {
        case .added(let state):
            append(byte: 0)
            append(state: state)
        case .moved(let from, let to):
            append(byte: 1)
            append(state: from)
            append(state: to)
        case .reordered(let state):
            append(byte: 2)
            append(state: state)
        case .edited:
            append(byte: 3)
        case .deleted(let state):
            append(byte: 4)
            append(state: state)
        case .imported(let count, let state):
            append(byte: 5)
            append(int: count)
            append(state: state)
        case .boardCreated:
            append(byte: 6)
        case .boardRenamed(let title):
            append(byte: 7)
            append(string: title)
        case .boardDeleted:
            append(byte: 8)
        case .keptGitHubText(let title, let body):
            append(byte: 9)
            append(string: title)
            append(string: body)
        case .editLostToDelete(let title, let body):
            append(byte: 52)
            append(string: title)
            append(string: body)
        case .editLostToDeleteOf(let subject, let text):
            append(byte: 53)
            append(byte: LostEditSubject.allCases.firstIndex(of: subject).map(UInt8.init) ?? 0)
            append(string: text)
        case .movedToBoard(let board, let title, let from, let to):
            append(byte: 10)
            append(boardMove: board, title: title, from: from, to: to)
        case .movedFromBoard(let board, let title, let from, let to):
            append(byte: 11)
            append(boardMove: board, title: title, from: from, to: to)
        case .occurrenceCompleted(let day, let next):
            append(byte: 12)
            append(day: day)
            append(day: next)
        case .occurrenceSkipped(let day, let next):
            append(byte: 13)
            append(day: day)
            append(day: next)
        case .starred(let kind):
            append(byte: 14)
            append(favouriteKind: kind)
        case .unstarred(let kind):
            append(byte: 15)
            append(favouriteKind: kind)
        case .movedBetweenLists(let from, let to):
            append(byte: 16)
            append(string: from)
            append(string: to)
        case .addedToList(let name): append(tag: 17, name)
        case .listAdded(let name): append(tag: 18, name)
        case .listRenamed(let from, let to):
            append(byte: 19)
            append(string: from)
            append(string: to)
        case .listMoved(let name): append(tag: 20, name)
        case .listChanged(let name): append(tag: 21, name)
        case .listArchived(let name): append(tag: 22, name)
        case .listRestored(let name): append(tag: 23, name)
        case .labelled(let name): append(tag: 40, name)
        case .unlabelled(let name): append(tag: 41, name)
        case .labelCreated(let name): append(tag: 42, name)
        case .labelChanged(let name): append(tag: 43, name)
        case .labelDeleted(let name): append(tag: 44, name)
        case .archived: append(byte: 45)
        case .restored: append(byte: 46)
        case .memberAdded: append(byte: 48)
        case .memberRemoved: append(byte: 49)
        case .assigned: append(byte: 50)
        case .unassigned: append(byte: 51)
        case .importedFromTrello(let cards):
            append(byte: 47)
            append(int: cards)
        case .checklistItemAdded(let text): append(tag: 24, text)
        case .checklistItemDone(let text): append(tag: 25, text)
        case .checklistItemUndone(let text): append(tag: 26, text)
        case .checklistItemEdited(let from, let to):
            append(byte: 27)
            append(string: from)
            append(string: to)
        case .checklistItemMoved(let text): append(tag: 28, text)
        case .checklistItemDeleted(let text): append(tag: 29, text)
        case .commented: append(byte: 30)
        case .commentEdited: append(byte: 31)
        case .commentDeleted: append(byte: 32)
        }
    }

    /// A tag and a list's name, or a checklist item's text.
    private mutating func append(tag: UInt8, _ name: String) {
        append(byte: tag)
        append(string: name)
    }

    /// The other board of a move between boards, its title then, and the two columns.
    private mutating func append(boardMove board: Board.ID, title: String, from: ProjectState, to: ProjectState) {
        append(uuid: board.rawValue)
        append(string: title)
        append(state: from)
        append(state: to)
    }

    /// What a favourite stars: 0 a project, 1 a board.
    mutating func append(favouriteKind kind: Favourite.Kind) {
        append(byte: kind == .project ? 0 : 1)
    }

    /// `nil` as 0; a schedule as 1, then its first day (as a deadline), its rule as RRULE text, the
    /// number of exceptions and each exception day (as a deadline), in order.
    mutating func append(recurrence: Recurrence?) {
        guard let recurrence else { return append(byte: 0) }
        append(byte: 1)
        append(day: recurrence.start)
        append(string: recurrence.rule.description)
        append(count: recurrence.exceptions.count)
        for day in recurrence.exceptions.sorted() { append(day: day) }
    }

    /// 0 for `nil`, else 1, the hour, the minute and the zone's identifier.
    mutating func append(dueTime: DueTime?) {
        guard let dueTime else { return append(byte: 0) }
        append(byte: 1)
        append(int: dueTime.hour)
        append(int: dueTime.minute)
        append(string: dueTime.timeZone)
    }

    /// 0 for `nil`, else 1 and the sixteen bytes.
    mutating func append(optionalUUID uuid: UUID?) {
        guard let uuid else { return append(byte: 0) }
        append(byte: 1)
        append(uuid: uuid)
    }
}

extension BinaryReader {
    mutating func state() throws(BinaryCodingError) -> ProjectState {
        switch try byte() {
        case 0: .todo
        case 1: .doing
        case 2: .done
        case let code: throw error("a column has the code \(code)")
        }
    }

    mutating func day() throws(BinaryCodingError) -> Day? {
        switch try byte() {
        case 0: return nil
        case 1:
            let day = Day(year: try int(), month: try int(), day: try int())
            guard day.isValid else { throw error("a deadline names \(day), which is not a day of the calendar") }
            return day
        case let tag: throw error("a deadline has the tag \(tag)")
        }
    }

    mutating func kind() throws(BinaryCodingError) -> Activity.Kind {
        switch try byte() {
        case 0: .added(try state())
        case 1: .moved(from: try state(), to: try state())
        case 2: .reordered(try state())
        case 3: .edited
        case 4: .deleted(try state())
        case 5: .imported(count: try int(), try state())
        case 6: .boardCreated
        case 7: .boardRenamed(from: try string())
        case 8: .boardDeleted
        case 9: .keptGitHubText(localTitle: try string(), localBody: try string())
        case 10: .movedToBoard(Board.ID(rawValue: try uuid()), title: try string(), from: try state(), to: try state())
        case 11:
            .movedFromBoard(Board.ID(rawValue: try uuid()), title: try string(), from: try state(), to: try state())
        case 12: .occurrenceCompleted(try requiredDay(), next: try requiredDay())
        case 13: .occurrenceSkipped(try requiredDay(), next: try day())
        case 14: .starred(try favouriteKind())
        case 15: .unstarred(try favouriteKind())
        case 16: .movedBetweenLists(from: try string(), to: try string())
        case 17: .addedToList(try string())
        case 18: .listAdded(try string())
        case 19: .listRenamed(from: try string(), to: try string())
        case 20: .listMoved(try string())
        case 21: .listChanged(try string())
        case 22: .listArchived(try string())
        case 23: .listRestored(try string())
        case 40: .labelled(try string())
        case 41: .unlabelled(try string())
        case 42: .labelCreated(try string())
        case 43: .labelChanged(try string())
        case 44: .labelDeleted(try string())
        case 45: .archived
        case 46: .restored
        case 47: .importedFromTrello(cards: try int())
        case 48: .memberAdded
        case 49: .memberRemoved
        case 50: .assigned
        case 51: .unassigned
        case 52: .editLostToDelete(title: try string(), body: try string())
        case 53: .editLostToDeleteOf(try lostEditSubject(), text: try string())
        case 24: .checklistItemAdded(try string())
        case 25: .checklistItemDone(try string())
        case 26: .checklistItemUndone(try string())
        case 27: .checklistItemEdited(from: try string(), to: try string())
        case 28: .checklistItemMoved(try string())
        case 29: .checklistItemDeleted(try string())
        case 30: .commented
        case 31: .commentEdited
        case 32: .commentDeleted
        case let tag: throw error("an activity has the tag \(tag)")
        }
    }

    mutating func lostEditSubject() throws(BinaryCodingError) -> LostEditSubject {
        let code = Int(try byte())
        guard LostEditSubject.allCases.indices.contains(code) else {
            throw error("a lost edit names the subject \(code)")
        }
        return LostEditSubject.allCases[code]
    }

    mutating func favouriteKind() throws(BinaryCodingError) -> Favourite.Kind {
        switch try byte() {
        case 0: .project
        case 1: .board
        case let code: throw error("a favourite names the kind \(code)")
        }
    }

    mutating func recurrence() throws(BinaryCodingError) -> Recurrence? {
        switch try byte() {
        case 0: return nil
        case 1:
            let start = try requiredDay()
            let text = try string()
            let rule: RecurrenceRule
            do {
                rule = try RecurrenceRule(parsing: text)
            } catch {
                throw self.error("a repeat rule '\(text)' is not valid: \(error)")
            }
            // Each exception takes four bytes or more.
            let count = try count(unit: 4)
            var exceptions = Set<Day>()
            for _ in 0..<count { exceptions.insert(try requiredDay()) }
            return Recurrence(start: start, rule: rule, exceptions: exceptions)
        case let tag: throw error("a repeat rule has the tag \(tag)")
        }
    }

    /// A count, then that many days (as deadlines).
    mutating func days() throws(BinaryCodingError) -> Set<Day> {
        // Each day takes four bytes or more.
        let count = try count(unit: 4)
        var days = Set<Day>()
        for _ in 0..<count { days.insert(try requiredDay()) }
        return days
    }

    private mutating func requiredDay() throws(BinaryCodingError) -> Day {
        guard let day = try day() else { throw error("a day is missing") }
        return day
    }

    mutating func dueTime() throws(BinaryCodingError) -> DueTime? {
        switch try byte() {
        case 0: return nil
        case 1:
            let (hour, minute, zone) = (try int(), try int(), try string())
            guard let time = DueTime(hour: hour, minute: minute, timeZone: zone) else {
                throw error("a due time \(hour):\(minute) in '\(zone)' is not a time")
            }
            return time
        case let tag: throw error("a due time has the tag \(tag)")
        }
    }

    /// A count, then that many ids.
    mutating func uuids() throws(BinaryCodingError) -> [UUID] {
        let count = try count(unit: 16)
        var ids: [UUID] = []
        ids.reserveCapacity(count)
        for _ in 0..<count { ids.append(try uuid()) }
        return ids
    }

    mutating func optionalUUID() throws(BinaryCodingError) -> UUID? {
        switch try byte() {
        case 0: return nil
        case 1: return try uuid()
        case let tag: throw error("an optional id has the tag \(tag)")
        }
    }

    /// A project's list: a list with the id read, on `board`, of `stage` (the project takes it
    /// as its place; the stage is the project's own).
    mutating func list(of board: Board.ID, stage: ProjectState) throws(BinaryCodingError) -> BoardList {
        BoardList(id: BoardList.ID(rawValue: try uuid()), boardID: board, title: "", stage: stage, rank: .initial)
    }

    mutating func rank() throws(BinaryCodingError) -> Rank {
        let text = try string()
        do {
            return try Rank(parsing: text)
        } catch {
            throw self.error("a rank is not well formed: \(error)")
        }
    }
}

extension BinaryEntities {
    /// The built-in entities and their binary codings, known without a cast.
    static let builtIn: [(type: any ManagedEntity.Type, binary: (any BinaryEntity.Type)?)] = [
        (Board.self, Board.self), (BoardList.self, BoardList.self), (Label.self, Label.self),
        (Project.self, Project.self), (ActivityRecord.self, ActivityRecord.self),
        (FavouriteRecord.self, FavouriteRecord.self), (ChecklistItem.self, ChecklistItem.self),
        (Comment.self, Comment.self), (GitHubBoardLink.self, nil), (GitHubCard.self, nil), (SyncMark.self, nil),
        (PendingChange.self, PendingChange.self),
    ]
}
