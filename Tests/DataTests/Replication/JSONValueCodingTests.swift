import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// Replication codes objects to JSON values directly: the values, and the objects they code back
/// to, are those of Foundation's JSON coders with their default strategies.
@Suite struct JSONValueCodingTests {
    static func throughText<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    @Test func aCardWithEveryFieldCodesAsJSONTextDoes() throws {
        let board = Board.ID(rawValue: UUID())
        let project = Project(
            id: Project.ID(rawValue: UUID()), boardID: board, title: "Mart closed",
            body: "2nd and 4th Sunday\nline two",
            deadline: Day(year: 2026, month: 3, day: 8),
            recurrence: Recurrence(
                start: Day(year: 2026, month: 3, day: 8),
                rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"),
                exceptions: [Day(year: 2026, month: 3, day: 22)]),
            state: .doing, rank: try Rank(parsing: "a5"), createdAt: Date(timeIntervalSince1970: 1_767_268_800.125),
            dueTime: DueTime(hour: 14, minute: 30, timeZone: "Asia/Seoul"),
            labels: [Label.ID(rawValue: UUID())], isArchived: true)
        let direct = try JSONValueCoding.encode(project)
        #expect(direct == (try Self.throughText(project)))
        let back = try JSONValueCoding.decode(Project.self, from: direct)
        #expect(back == project)
        #expect(try JSONValueCoding.encode(back) == direct)
    }

    @Test func theOtherEntitiesCodeAsJSONTextDoes() throws {
        let board = Board(id: Board.ID(rawValue: UUID()), title: "Team", createdAt: Date(timeIntervalSince1970: 12.5))
        let label = Label(id: Label.ID(rawValue: UUID()), boardID: board.id, name: "Urgent", colour: .green)
        #expect(try JSONValueCoding.encode(board) == (try Self.throughText(board)))
        #expect(try JSONValueCoding.encode(label) == (try Self.throughText(label)))
        #expect(try JSONValueCoding.decode(Label.self, from: JSONValueCoding.encode(label)) == label)
        #expect(try JSONValueCoding.decode(Board.self, from: JSONValueCoding.encode(board)) == board)
    }

    @Test func aValueOfTheWrongKindIsADecodingErrorNotACrash() {
        #expect(throws: DecodingError.self) {
            try JSONValueCoding.decode(Project.self, from: .object(["id": .number(3), "title": .array([])]))
        }
        #expect(throws: DecodingError.self) { try JSONValueCoding.decode(Int.self, from: .number(1.5)) }
        #expect(throws: DecodingError.self) { try JSONValueCoding.decode([String].self, from: .string("x")) }
    }
}

/// A card's slots are made field by field, not through its keyed container: the same slots,
/// whatever fields it has.
@Suite struct ProjectSlotsTests {
    @Test("a card's slots made field by field are those of the card coded whole, for 500 cards of every shape")
    func fieldByFieldIsWhole() throws {
        var random = SeededGenerator(seed: 32)
        let boards = (0..<3).map { _ in Board.ID(rawValue: UUID()) } + [.default]
        let labels = (0..<4).map { _ in Label.ID(rawValue: UUID()) }
        let accounts = (0..<3).map { _ in Account.ID(rawValue: UUID()) }
        for index in 0..<500 {
            let board = boards[Int.random(in: 0..<boards.count, using: &random)]
            let state = ProjectState.allCases[Int.random(in: 0..<3, using: &random)]
            let ownList = Bool.random(using: &random)
            let project = Project(
                id: Project.ID(rawValue: UUID()), boardID: board,
                title: index % 7 == 0 ? "카드 \"\(index)\" ☃" : "Card \(index)",
                body: index % 3 == 0 ? "" : "line one\nline two \(index)",
                deadline: Bool.random(using: &random)
                    ? Day(year: 2026, month: 1 + index % 12, day: 1 + index % 28) : nil,
                state: state, list: ownList ? BoardList.ID(rawValue: UUID()) : nil,
                rank: Rank(ordinal: Int.random(in: 0..<100_000, using: &random)),
                createdAt: Date(timeIntervalSince1970: 1_767_268_800 + Double(index) * 0.125),
                updatedAt: index % 2 == 0 ? nil : Date(timeIntervalSince1970: 1_767_300_000.5 + Double(index)),
                dueTime: index % 5 == 0 ? DueTime(hour: index % 24, minute: index % 60, timeZone: "Asia/Seoul") : nil,
                labels: Array(labels.prefix(Int.random(in: 0...labels.count, using: &random))),
                assignees: Array(accounts.prefix(Int.random(in: 0...accounts.count, using: &random))),
                isArchived: index % 4 == 0)

            let fast = try #require(try ReplicatedFields.projectSlots(of: project))

            #expect(fast == (try ReplicatedFields.codedSlots(of: project)), "card \(index)")
            #expect(ReplicatedFields.project(id: project.id.rawValue, slots: fast) == project)
            #expect(try ReplicatedFields.codedObject(Project.self, id: project.id.rawValue, slots: fast) == project)
            Self.expectSameReading(of: Self.damaged(fast, using: &random), id: project.id.rawValue, "card \(index)")
        }
    }

    /// `slots` with one thing wrong, as a hostile or damaged file may hold them: a slot taken
    /// away, made `null`, of another kind, or added; a member of the place likewise.
    static func damaged(_ slots: [String: JSONValue], using random: inout SeededGenerator) -> [String: JSONValue] {
        var slots = slots
        let names = slots.keys.sorted()
        let name = names[Int.random(in: 0..<names.count, using: &random)]
        let kinds: [JSONValue] = [.null, .number(3), .string("x"), .bool(true), .array([.number(1)]), .object([:])]
        let other = kinds[Int.random(in: 0..<kinds.count, using: &random)]
        switch Int.random(in: 0..<4, using: &random) {
        case 0: slots[name] = nil
        case 1: slots[name] = other
        case 2: slots["extra"] = other
        default:
            guard case .object(var place)? = slots["boardID+listID+state+rank"] else { break }
            let member = ["boardID", "listID", "state", "rank", "extra"][Int.random(in: 0..<5, using: &random)]
            place[member] = Bool.random(using: &random) ? nil : other
            slots["boardID+listID+state+rank"] = .object(place)
        }
        return slots
    }

    /// Reading `slots` field by field gives what reading them whole gives, or leaves them to it.
    static func expectSameReading(of slots: [String: JSONValue], id: UUID, _ comment: Testing.Comment) {
        let whole = try? ReplicatedFields.codedObject(Project.self, id: id, slots: slots)
        if let fast = ReplicatedFields.project(id: id, slots: slots) {
            #expect(fast == whole, comment)
        }
        #expect((try? ReplicatedFields.object(Project.self, id: id, slots: slots)) == whole, comment)
    }

    @Test("a repeating card's slots are made from the card coded whole")
    func repeatingCardIsCodedWhole() throws {
        var project = Project(
            id: Project.ID(rawValue: UUID()), boardID: .default, title: "Mart closed",
            deadline: Day(year: 2026, month: 3, day: 8), createdAt: Date(timeIntervalSince1970: 0))
        project.recurrence = Recurrence(
            start: Day(year: 2026, month: 3, day: 8), rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"),
            exceptions: [Day(year: 2026, month: 3, day: 22)])

        #expect(try ReplicatedFields.projectSlots(of: project) == nil)
        #expect(try ReplicatedFields.slots(of: project) == (try ReplicatedFields.codedSlots(of: project)))
    }
}

@Suite struct ActivitySlotsTests {
    @Test("a history entry's slots made field by field are those of the entry coded whole, for entries of every kind")
    func fieldByFieldIsWhole() throws {
        var random = SeededGenerator(seed: 33)
        let day = Day(year: 2026, month: 3, day: 8)
        let kinds: [Activity.Kind] = [
            .added(.todo), .moved(from: .todo, to: .done), .edited, .deleted(.doing), .imported(count: 3, .todo),
            .editLostToDelete(title: "카드 \"a\"", body: "line\nline"), .occurrenceCompleted(day, next: day),
            .occurrenceSkipped(day, next: nil), .boardRenamed(from: "Old"), .starred(.project),
            .movedToBoard(Board.ID(rawValue: UUID()), title: "Other", from: .todo, to: .doing),
            .movedBetweenLists(from: "A", to: "B"), .labelled("bug"), .importedFromTrello(cards: 12),
            .checklistItemAdded("ship it ☃"), .archived,
        ]
        for index in 0..<400 {
            let entry = ActivityRecord(
                Activity(
                    id: Activity.ID(rawValue: UUID()),
                    boardID: index % 3 == 0 ? .default : Board.ID(rawValue: UUID()),
                    projectID: index % 4 == 0 ? nil : Project.ID(rawValue: UUID()),
                    projectTitle: index % 5 == 0 ? "" : "Card \(index)",
                    kind: kinds[Int.random(in: 0..<kinds.count, using: &random)],
                    date: Date(timeIntervalSince1970: 1_767_268_800 + Double(index) * 0.375),
                    author: index % 2 == 0 ? nil : "me@example.com"),
                sequence: index * 7)

            let fast = try ReplicatedFields.activitySlots(of: entry)

            #expect(fast == (try ReplicatedFields.codedSlots(of: entry)), "entry \(index)")
            #expect(ReplicatedFields.activity(id: entry.id.rawValue, slots: fast) == entry)
            #expect(try ReplicatedFields.codedObject(ActivityRecord.self, id: entry.id.rawValue, slots: fast) == entry)
            // One thing wrong, as a hostile or damaged file may hold: read as the whole reads it, or left to it.
            var damaged = fast
            let names = fast.keys.sorted()
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let others: [JSONValue] = [.null, .number(3.5), .string("x"), .bool(true), .array([]), .object([:])]
            switch Int.random(in: 0..<3, using: &random) {
            case 0: damaged[name] = nil
            case 1: damaged[name] = others[Int.random(in: 0..<others.count, using: &random)]
            default: damaged["extra"] = .string("x")
            }
            let whole = try? ReplicatedFields.codedObject(ActivityRecord.self, id: entry.id.rawValue, slots: damaged)
            if let read = ReplicatedFields.activity(id: entry.id.rawValue, slots: damaged) {
                #expect(read == whole, "entry \(index), \(name)")
            }
            #expect(
                (try? ReplicatedFields.object(ActivityRecord.self, id: entry.id.rawValue, slots: damaged)) == whole,
                "entry \(index), \(name)")
        }
    }
}
