import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// A store written by the engine of store format 1 (JSON snapshot and records, dense positions):
/// `Tests/Fixtures/format1.pmstore`, see `Tests/Fixtures/README.md`.
@Suite("A store of format 1, written by an earlier engine")
struct FormatOneFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/format1.pmstore")

    /// A copy of the fixture in a new temporary directory, so that opening it may rewrite it.
    static func copy(in directory: TemporaryDirectory) throws -> URL {
        let url = directory.file("format1.pmstore")
        try FileManager.default.copyItem(at: fixture, to: url)
        return url
    }

    /// The instant of the fixture writer's `n`th step: its clock advanced 61.5 s per step.
    static func step(_ n: Int) -> Date { TestClock.defaultStart.addingTimeInterval(61.5 * Double(n)) }

    struct Opened {
        let repository: ObjectGraphRepository
        let context: ObjectContext
        let environment = EngineEnvironment.test()

        init(_ url: URL) throws {
            context = try ObjectContext(schema: .projectManager, store: .file(url))
            repository = ObjectGraphRepository(context: context)
        }

        func columns(_ board: Board.ID) async throws -> [[String]] {
            let overview = try await FetchBoard(boards: repository, projects: repository, environment: environment)(
                board)
            return overview.columns.map { $0.items.map(\.project.title) }
        }

        func history(_ board: Board.ID) async throws -> [Entry] {
            try await FetchHistory(history: repository)(onBoard: board).map { Entry($0.kind, $0.projectTitle) }
        }
    }

    /// A history entry without its ids and date.
    struct Entry: Hashable {
        let kind: Activity.Kind
        let title: String
        init(_ kind: Activity.Kind, _ title: String) {
            self.kind = kind
            self.title = title
        }
    }

    static let defaultColumns = [
        ["Crème brûlée ☃ for the team", "Call the printer again"], ["Write report"], ["Book venue"],
    ]
    static let workColumns = [["Plan the sprint", "Ship the release"], ["Review pull requests"], []]
    static let defaultHistory: [Entry] = [
        Entry(.deleted(.todo), "Water the plants"),
        Entry(.added(.todo), "Water the plants"),
        Entry(.reordered(.todo), "Crème brûlée ☃ for the team"),
        Entry(.edited, "Call the printer again"),
        Entry(.moved(from: .todo, to: .done), "Book venue"),
        Entry(.moved(from: .todo, to: .doing), "Write report"),
        Entry(.added(.todo), "Crème brûlée ☃ for the team"),
        Entry(.added(.todo), "Call the printer"),
        Entry(.added(.todo), "Book venue"),
        Entry(.added(.todo), "Write report"),
    ]
    static let workHistory: [Entry] = [
        Entry(.added(.todo), "Ship the release"),
        Entry(.added(.doing), "Review pull requests"),
        Entry(.added(.todo), "Plan the sprint"),
    ]

    /// Checks every board, project, activity and the undo history the fixture holds.
    static func expectFixtureContents(_ opened: Opened) async throws {
        let boards = try await opened.repository.boards()
        #expect(boards.map(\.title) == ["Projects", "Work"])
        let work = try #require(boards.last).id
        #expect(try await opened.columns(.default) == defaultColumns)
        #expect(try await opened.columns(work) == workColumns)
        #expect(try await opened.history(.default) == defaultHistory)
        #expect(try await opened.history(work) == workHistory)

        let report = try #require(
            try await opened.repository.projects(onBoard: .default).first { $0.title == "Write report" })
        #expect(report.body == "Quarterly numbers\nand a summary")
        #expect(report.deadline == Day(year: 2026, month: 12, day: 24))
        #expect(report.createdAt == step(0))
        #expect(report.updatedAt == step(4))
        let dates = try await FetchHistory(history: opened.repository)(onBoard: .default).map(\.date)
        #expect(dates == [12, 11, 10, 6, 5, 4, 3, 2, 1, 0].map(step))

        let status = await opened.repository.undoStatus(onBoard: .default)
        #expect(status.canUndo)
        #expect(status.redoActivities.map(\.projectTitle) == ["Call the printer again"])
    }

    @Test("opens with every board, project, position, activity and undo step, and is rewritten in the current format")
    func opensAndIsRewritten() async throws {
        // Given a copy of the fixture, in format 1
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.copy(in: directory)
        #expect(try Data(contentsOf: url) == Data(contentsOf: Self.fixture))
        #expect(try FormatHeader(url).formatVersion == 1)

        // When it is opened, Then it holds everything
        try await Self.expectFixtureContents(Opened(url))

        // And it was rewritten in the current format, which opens to the same contents
        #expect(try FormatHeader(url).formatVersion == JournalFormat.version)
        try await Self.expectFixtureContents(Opened(url))
    }

    @Test("its undo history still works: redo repeats the move that was undone, undo reverts it again")
    func undoHistoryWorks() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try Self.copy(in: directory)
        do {
            let opened = try Opened(url)
            try await UndoRedo(history: opened.repository).redo()
            #expect(
                try await opened.columns(.default)
                    == [["Crème brûlée ☃ for the team"], ["Call the printer again", "Write report"], ["Book venue"]])
        }
        let reopened = try Opened(url)
        #expect(
            try await reopened.columns(.default)
                == [["Crème brûlée ☃ for the team"], ["Call the printer again", "Write report"], ["Book venue"]])
        try await UndoRedo(history: reopened.repository).undo()
        #expect(try await reopened.columns(.default) == Self.defaultColumns)
    }
}

/// The first fields of a store file's header.
struct FormatHeader {
    let formatVersion: UInt32
    let schemaVersion: UInt32

    init(_ url: URL) throws {
        let header = try Data(contentsOf: url).prefix(JournalFormat.headerSize)
        try #require(header.count == JournalFormat.headerSize)
        func word(_ offset: Int) -> UInt32 {
            header[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }
        formatVersion = word(8)
        schemaVersion = word(12)
    }
}
