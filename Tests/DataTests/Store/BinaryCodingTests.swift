import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Binary coding of the store's snapshot and records")
struct BinaryCodingTests {
    static let now = TestClock.defaultStart
    static let work = Board(
        id: Board.ID(rawValue: SequentialIDs.id(50)), title: "Wörk ☃", createdAt: now.addingTimeInterval(0.25),
        owner: Account.ID(rawValue: SequentialIDs.id(60)))

    static let projects: [Project] = [
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(1)), boardID: .default, title: "Write report", createdAt: now),
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(2)), boardID: work.id, title: "Crème brûlée 👨‍👩‍👧‍👦",
            body: "line one\r\nline two\n한국어", deadline: Day(year: 2026, month: 2, day: 28), state: .doing,
            createdAt: now.addingTimeInterval(-1e9 + 0.123456789), updatedAt: now.addingTimeInterval(1e-6)),
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(3)), boardID: .default, title: String(repeating: "x", count: 100),
            body: String(repeating: "b", count: 1_000), deadline: Day(year: 9999, month: 12, day: 31), state: .done,
            createdAt: .distantPast, updatedAt: .distantFuture),
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(4)), boardID: .default, title: "이마트 휴무",
            deadline: Day(year: 2026, month: 3, day: 22), recurrence: martClosings, createdAt: now),
    ]

    /// Every 2nd and 4th Sunday from 2026-01-01, two of them skipped.
    static let martClosings = Recurrence(
        start: Day(year: 2026, month: 1, day: 1),
        rule: try! RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU;UNTIL=20271231"),  // a literal that parses
        exceptions: [Day(year: 2026, month: 3, day: 8), Day(year: 2026, month: 1, day: 11)])

    static let kinds: [Activity.Kind] = [
        .added(.todo), .moved(from: .todo, to: .done), .moved(from: .done, to: .doing), .reordered(.doing), .edited,
        .deleted(.done), .imported(count: 3, .doing), .keptGitHubText(localTitle: "Mine", localBody: "본문"),
        .boardCreated, .boardRenamed(from: "Old ☃"), .boardDeleted,
        .occurrenceCompleted(Day(year: 2026, month: 3, day: 8), next: Day(year: 2026, month: 3, day: 22)),
        .occurrenceSkipped(Day(year: 2026, month: 3, day: 22), next: Day(year: 2026, month: 4, day: 12)),
        .occurrenceSkipped(Day(year: 2027, month: 12, day: 26), next: nil),
        .movedToBoard(work.id, title: "Wörk ☃", from: .todo, to: .done),
        .movedFromBoard(.default, title: "Projects", from: .doing, to: .todo),
        .editLostToDelete(title: "Typed ☃", body: "meanwhile\nelsewhere"),
        .editLostToDeleteOf(.checklistItem, text: "Buy oat milk"), .editLostToDeleteOf(.label, text: "Today ☃"),
    ]

    static var activities: [ActivityRecord] {
        kinds.enumerated().map { index, kind in
            ActivityRecord(
                Activity(
                    id: ActivityRecord.id(sequence: index + 1), boardID: .default,
                    projectID: index == 9 ? nil : projects[index % 3].id,
                    projectTitle: projects[index % 3].title, kind: kind, date: now.addingTimeInterval(Double(index))),
                sequence: index + 1)
        }
    }

    /// A graph holding every value above, and undo and redo stacks of changes to them.
    static func contents() -> StoreContents {
        var graph = ObjectGraph(schema: .projectManager)
        graph.upsert(Board(id: .default, title: "Projects", createdAt: now))
        graph.upsert(work)
        for project in projects { graph.upsert(project) }
        for activity in activities { graph.upsert(activity) }
        var edited = projects[1]
        edited.title = "Edited"
        var undo = UndoStack(limit: 10)
        undo.undo = [
            UndoGroup(name: "Add", changes: [ObjectChange(id: projects[0].objectID, before: nil, after: projects[0])]),
            UndoGroup(
                name: nil,
                changes: [
                    ObjectChange(id: projects[1].objectID, before: projects[1], after: edited),
                    ObjectChange(id: activities[4].objectID, before: nil, after: activities[4]),
                ]),
        ]
        undo.redo = [
            UndoGroup(
                name: "Delete", changes: [ObjectChange(id: projects[2].objectID, before: projects[2], after: nil)])
        ]
        return StoreContents(graph: graph, undo: undo)
    }

    /// The objects of every entity of `graph`, by id, and the undo stacks, as comparable values.
    static func summary(_ contents: StoreContents) -> [String] {
        var lines: [String] = []
        let graph = contents.graph
        for project in graph.table(Project.self).objects.sorted(by: { $0.title < $1.title }) {
            lines.append("\(project)")
        }
        for board in graph.table(Board.self).objects.sorted(by: { $0.title < $1.title }) { lines.append("\(board)") }
        for activity in graph.table(ActivityRecord.self).objects.sorted(by: { $0.sequence < $1.sequence }) {
            lines.append("\(activity)")
        }
        for (stack, groups) in [("undo", contents.undo.undo), ("redo", contents.undo.redo)] {
            for group in groups {
                lines.append("\(stack) \(group.name ?? "-")")
                for change in group.changes {
                    lines.append(
                        "  \(change.id) \(change.before.map { "\($0)" } ?? "nil") → \(change.after.map { "\($0)" } ?? "nil")"
                    )
                }
            }
        }
        return lines
    }

    @Test("a snapshot keeps every board, project and activity, exactly, and both undo stacks")
    func snapshotRoundTrip() throws {
        let contents = Self.contents()
        let data = try BinaryStoreCoding.encodeSnapshot(contents)
        let decoded = try BinaryStoreCoding.decodeSnapshot(data, schema: .projectManager, undoLimit: 10, steps: []).0

        #expect(Self.summary(decoded) == Self.summary(contents))
        #expect(decoded.graph.table(Project.self)[Self.projects[1].id.rawValue] == Self.projects[1])
        #expect(
            decoded.graph.table(ActivityRecord.self).objects.map(\.kind).sorted { "\($0)" < "\($1)" }
                == Self.kinds.sorted { "\($0)" < "\($1)" })
    }

    @Test("a record keeps its operation, its name and every change, before and after")
    func recordRoundTrip() throws {
        for group in Self.contents().undo.undo + Self.contents().undo.redo {
            for operation in [UndoOperation.none, .push, .merge, .undo, .redo, .clear] {
                let commit = StoreCommit(changes: group.changes, operation: operation, actionName: group.name)
                let decoded = try BinaryStoreCoding.decodeRecord(
                    try BinaryStoreCoding.encodeRecord(commit), schema: .projectManager, steps: [])
                #expect(decoded.operation == operation)
                #expect(decoded.actionName == group.name)
                #expect(
                    decoded.changes.map {
                        "\($0.id) \($0.before.map { "\($0)" } ?? "nil") \($0.after.map { "\($0)" } ?? "nil")"
                    }
                        == group.changes.map {
                            "\($0.id) \($0.before.map { "\($0)" } ?? "nil") \($0.after.map { "\($0)" } ?? "nil")"
                        })
            }
        }
    }

    @Test("a project is a few bytes more than its text: ids raw, dates as their bits, small numbers in a byte")
    func compact() throws {
        var writer = BinaryWriter(capacity: 16)
        Self.projects[0].encode(to: &writer)
        let bytes = writer.finish()
        // Two ids, the title's length and bytes, an empty body, no deadline, state, rank, two dates,
        // no recurrence, the list's id
        #expect(bytes.count <= 16 + 16 + 1 + 12 + 1 + 1 + 1 + 8 + 8 + 8 + 1 + 16)
    }

    @Test(
        "any bytes cut off the end of a snapshot are refused with a reason, never read as less, its undo history decoded at once or left for its first use",
        arguments: [false, true])
    func truncatedSnapshot(undoOnFirstUse: Bool) throws {
        let data = try BinaryStoreCoding.encodeSnapshot(Self.contents())
        for length in stride(from: 0, to: data.count, by: 7) {
            #expect(throws: (any Error).self) {
                try BinaryStoreCoding.decodeSnapshot(
                    data.prefix(length), schema: .projectManager, undoLimit: 10, steps: [],
                    undoOnFirstUse: undoOnFirstUse)
            }
        }
    }

    @Test("an entity coding newer than this engine's is refused, naming the entity and the codings")
    func newerEntityCoding() throws {
        let commit = StoreCommit(
            changes: [ObjectChange(id: Self.work.objectID, before: nil, after: Self.work)], operation: .push,
            actionName: nil)
        var data = try BinaryStoreCoding.encodeRecord(commit)
        // operation, no name, no scope, one entity: "Board" (its length, 5 bytes), then its coding
        let codingOffset = 4 + 1 + 5
        #expect(data[codingOffset] == UInt8(Board.binaryVersion))
        data[codingOffset] = UInt8(Board.binaryVersion + 1)

        let error = try #require(throws: BinaryCodingError.self) {
            try BinaryStoreCoding.decodeRecord(data, schema: .projectManager, steps: [])
        }
        #expect(error.reason.contains("Board"))
        #expect(error.reason.contains("coding \(Board.binaryVersion + 1)"))
    }

    /// An entity without a binary coding: it goes through `Codable`.
    struct Note: ManagedEntity, Hashable {
        struct ID: ManagedID { let rawValue: UUID }
        static let entityName = "Note"
        let id: ID
        var text: String
    }

    @Test("an entity without a binary coding is stored as JSON in the same file, snapshot and records alike")
    func genericEntity() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("notes.pmstore")
        let schema = Schema(version: 1, entities: [Board.self, Note.self])
        let notes = (1...3).map { Note(id: Note.ID(rawValue: SequentialIDs.id($0)), text: "note \($0) ✎") }
        do {
            let context = try ObjectContext(
                schema: schema, store: JournalStore(url: url, compactionFloor: 0), undoLimit: 10)
            try context.insert(Self.work)
            try context.insert(notes[0])
            try context.save()
        }
        do {
            let context = try ObjectContext(schema: schema, store: .file(url))
            try context.insert(notes[1])
            try context.insert(notes[2])
            try context.save()
        }
        let (journal, stored) = try JournalFile.open(at: url, newStoreSchemaVersion: 1)
        journal.close()
        try #require(stored.snapshot != nil && stored.records.count == 1)

        let context = try ObjectContext(schema: schema, store: .file(url))
        #expect(try context.fetch(FetchRequest<Note>(sortBy: [SortDescriptor(\.text)])) == notes)
        #expect(context.object(Board.self, id: Self.work.id) == Self.work)
        try context.undo()
        #expect(try context.fetch(FetchRequest<Note>()) == [notes[0]])
    }
}

@Suite("Binary coding: the bytes of each coding version stay readable")
struct BinaryCodingVersionTests {
    /// A project as coding version 1 of `Project` writes it, kept as bytes: an engine that raises
    /// the version must still read these.
    static let projectVersion1 =
        "00000000000040008000000000000007" + "00000000000000000000000000000001"  // id, board
        + "0d" + "577261702070726573656e7473" + "0a" + "4372c3a86d6520e29883"  // title, body
        + "01" + "d41f" + "18" + "30" + "01" + "02" + "6133"  // deadline 2026-12-24 (zigzag), Doing, rank "a3"
        + "000000606bb3c741" + "0000408d6bb3c741"  // createdAt, updatedAt: seconds since 2001

    static func bytes(_ hex: String) -> Data {
        var data = Data()
        var high: UInt8?
        for character in hex.utf8 {
            let nibble =
                character <= UInt8(ascii: "9") ? character - UInt8(ascii: "0") : character - UInt8(ascii: "a") + 10
            if let first = high {
                data.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return data
    }

    static let project = Project(
        id: Project.ID(rawValue: SequentialIDs.id(7)), boardID: .default, title: "Wrap presents", body: "Crème ☃",
        deadline: Day(year: 2026, month: 12, day: 24), state: .doing, rank: Rank(ordinal: 3),
        createdAt: TestClock.defaultStart, updatedAt: TestClock.defaultStart.addingTimeInterval(90.5))

    /// A board as coding version 1 of `Board` writes it: id, title "Work", createdAt.
    static let boardVersion1 = "00000000000040008000000000000032" + "04" + "576f726b" + "000000606bb3c741"

    /// An activity as coding version 1 of `ActivityRecord` writes it: id (sequence 1), the default
    /// board, no project, title "A", moved from To Do to Done, the date, sequence 1.
    static let activityVersion1 =
        "41435449564954590000000000000001" + "00000000000000000000000000000001" + "00"
        + "01" + "41" + "01" + "00" + "02" + "000000606bb3c741" + "02"

    static func decode<E: BinaryEntity>(_ type: E.Type, _ data: Data, version: Int) throws -> E {
        try data.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes)
            let value = try E(from: &reader, version: version)
            try reader.expectEnd("a \(E.entityName) object")
            return value
        }
    }

    @Test("version 1 of Board reads as a board of no account; version 2 keeps its owner; version 3 its members")
    func boardVersions() throws {
        let board = Board(
            id: Board.ID(rawValue: SequentialIDs.id(50)), title: "Work", createdAt: TestClock.defaultStart)
        #expect(try Self.decode(Board.self, Self.bytes(Self.boardVersion1), version: 1) == board)

        let owned = Board(
            id: board.id, title: "Work", createdAt: board.createdAt, owner: Account.ID(rawValue: SequentialIDs.id(9)))
        let version2 = Self.bytes(Self.boardVersion1 + "01" + "00000000000040008000000000000009")
        #expect(try Self.decode(Board.self, version2, version: 2) == owned)

        let shared = Board(
            id: board.id, title: "Work", createdAt: board.createdAt, owner: owned.owner,
            members: [Account.ID(rawValue: SequentialIDs.id(10))])
        var writer = BinaryWriter(capacity: 64)
        shared.encode(to: &writer)
        let written = writer.finish()
        #expect(
            written
                == Self.bytes(
                    Self.boardVersion1 + "01" + "00000000000040008000000000000009" + "01"
                        + "0000000000004000800000000000000a"))
        #expect(try Self.decode(Board.self, written, version: 3) == shared)
    }

    @Test("version 1 of an activity reads as the activity it was written from")
    func activityVersion1() throws {
        let decoded = try Self.decode(ActivityRecord.self, Self.bytes(Self.activityVersion1), version: 1)
        #expect(
            decoded.activity
                == Activity(
                    id: ActivityRecord.id(sequence: 1), boardID: .default, projectID: nil, projectTitle: "A",
                    kind: .moved(from: .todo, to: .done), date: TestClock.defaultStart))
        #expect(decoded.sequence == 1)
    }

    @Test("version 1 of Project reads as the project it was written from")
    func projectVersion1() throws {
        let data = Self.bytes(Self.projectVersion1)
        let decoded = try data.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes)
            return try Project(from: &reader, version: 1)
        }
        #expect(decoded == Self.project)
    }

    /// The same project repeating, as coding version 2 of `Project` writes it: coding 1's bytes, then
    /// its recurrence.
    static let projectVersion2 =
        projectVersion1
        + "01" + "01d41f0602"  // a recurrence, from 2026-03-01
        + "1a" + "465245513d4d4f4e54484c593b42594441593d3253552c345355"  // FREQ=MONTHLY;BYDAY=2SU,4SU
        + "01" + "01d41f0610"  // one exception, 2026-03-08

    static var repeating: Project {
        var project = project
        project.recurrence = Recurrence(
            start: Day(year: 2026, month: 3, day: 1), rule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU"),
            exceptions: [Day(year: 2026, month: 3, day: 8)])
        return project
    }

    @Test("version 2 of Project reads as the repeating project it was written from, in its standard list")
    func projectVersion2() throws {
        let data = Self.bytes(Self.projectVersion2)

        let decoded = try Self.decode(Project.self, data, version: 2)
        #expect(decoded == Self.repeating)
        #expect(decoded.listID == .standard(on: .default, .doing))
        #expect(try Self.decode(Project.self, Self.bytes(Self.projectVersion1 + "00"), version: 2) == Self.project)
    }

    /// The same project in a list of its own, as coding version 3 writes it: coding 2's bytes, then
    /// the list's id (sequence 9).
    static let projectVersion3 = projectVersion2 + "00000000000040008000000000000009"

    /// The same project as coding version 4 writes it: coding 3's bytes, then no due time, no
    /// labels, no assignees, not archived.
    static let projectVersion4 = projectVersion3 + "00" + "00" + "00" + "00"

    static var inList: Project {
        var inList = repeating
        inList.move(
            to: BoardList(
                id: BoardList.ID(rawValue: SequentialIDs.id(9)), boardID: .default, title: "Review", stage: .doing,
                rank: .initial))
        return inList
    }

    @Test("version 3 of Project reads as the project in its list it was written from, and so does version 4")
    func projectVersion3() throws {
        #expect(try Self.decode(Project.self, Self.bytes(Self.projectVersion3), version: 3) == Self.inList)
        #expect(try Self.decode(Project.self, Self.bytes(Self.projectVersion4), version: 4) == Self.inList)
    }

    /// The same project as coding version 5 writes it: coding 4's bytes, then the occurrences
    /// completed (none).
    static let projectVersion5 = projectVersion4 + "00"

    @Test("version 5 of Project reads with the occurrences its schedule completed")
    func projectVersion5() throws {
        var completed = Self.inList
        completed.recurrence?.completions = [Day(year: 2026, month: 3, day: 22)]
        let withCompletion = Self.projectVersion4 + "01" + "01d41f062c"  // one completion, 2026-03-22

        #expect(try Self.decode(Project.self, Self.bytes(Self.projectVersion5), version: 5) == Self.inList)
        #expect(try Self.decode(Project.self, Self.bytes(withCompletion), version: 5) == completed)
    }

    /// The same project as coding version 6 writes it: coding 5's bytes, then, as it repeats, the
    /// day its schedule owes occurrences from (none).
    static let projectVersion6 = projectVersion5 + "00"

    @Test(
        "version 6 of Project is what it writes, with the day its schedule owes from; a project that does not repeat writes none"
    )
    func projectVersion6() throws {
        var owing = Self.inList
        owing.recurrence?.owedFrom = Day(year: 2026, month: 3, day: 22)
        let withOwedFrom = Self.projectVersion5 + "01d41f062c"  // owed from 2026-03-22
        var once = Self.inList
        once.recurrence = nil
        let onceBytes = Self.projectVersion1 + "00" + "00000000000040008000000000000009" + "00000000" + "00"

        #expect(try Self.decode(Project.self, Self.bytes(Self.projectVersion6), version: 6) == Self.inList)
        #expect(try Self.decode(Project.self, Self.bytes(withOwedFrom), version: 6) == owing)
        #expect(try Self.decode(Project.self, Self.bytes(onceBytes), version: 6) == once)
        for (project, bytes) in [(Self.inList, Self.projectVersion6), (owing, withOwedFrom), (once, onceBytes)] {
            var writer = BinaryWriter(capacity: 16)
            project.encode(to: &writer)
            #expect(writer.finish() == Self.bytes(bytes))
        }
    }

    @Test("completions on a project that does not repeat are refused with a reason")
    func completionsWithoutSchedule() throws {
        let broken = Self.projectVersion1 + "00" + "00000000000040008000000000000009" + "00000000" + "01" + "01d41f062c"
        #expect(throws: BinaryCodingError.self) { try Self.decode(Project.self, Self.bytes(broken), version: 5) }
    }

    @Test("a repeat rule the engine cannot read is refused with a reason, never read as no rule")
    func damagedRecurrence() throws {
        let broken = Self.projectVersion1 + "01" + "01d41f0602" + "09" + "465245513d484f5552" + "00"  // FREQ=HOUR

        #expect(throws: BinaryCodingError.self) { try Self.decode(Project.self, Self.bytes(broken), version: 2) }
        #expect(throws: BinaryCodingError.self) {
            try Self.decode(Project.self, Self.bytes(Self.projectVersion1 + "02"), version: 2)
        }
    }
}
