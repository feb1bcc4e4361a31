import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// A store whose snapshot `pm` wrote before tables kept an index (commit 9fdc84b, snapshot layout
/// 1): `Tests/Fixtures/layout1-snapshot.pmstore`, made by `Scripts/make-layout1-fixture.sh` from
/// Trello's 600-card export, compacted, then four saves after the snapshot.
@Suite("A store whose snapshot has no index")
struct LayoutOneFixtureTests {
    /// What a reader sees of the board: each list's cards, and a few cards' checklists and comments.
    struct Seen: Equatable {
        var lists: [String: [String]]
        var checklists: [[String]]
        var comments: [[String]]
        var history: Int
    }

    static func seen(_ engine: ProjectManagerEngine) async throws -> Seen {
        let board = try #require(try await engine.listBoards().first { $0.title == "Launch" })
        let overview = try await engine.fetchBoard(board.id)
        let cards = overview.projects.sorted { $0.title < $1.title }
        var seen = Seen(
            lists: Dictionary(
                uniqueKeysWithValues: overview.columns.map { ($0.list.title, $0.items.map(\.project.title)) }),
            checklists: [], comments: [], history: try await engine.fetchHistory(onBoard: board.id).count)
        for card in cards.prefix(40) {
            seen.checklists.append(try await engine.fetchChecklist(card.id).map(\.text))
            seen.comments.append(try await engine.fetchComments(card.id).map(\.text))
        }
        return seen
    }

    /// The snapshot's layout number: its payload's first byte, after the 32-byte header and the
    /// snapshot frame's length and checksum.
    static func layout(of url: URL) throws -> UInt8 {
        try Data(contentsOf: url)[40]
    }

    @Test("it opens with every card, checklist and comment, and is rewritten with indexes it then reads in place")
    func rewritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("layout1.pmstore")
        try FileManager.default.copyItem(at: FixtureFiles.url("layout1-snapshot.pmstore"), to: url)
        #expect(try Self.layout(of: url) == 1)
        let environment = EngineEnvironment.test(
            clock: TestClock(ISO8601DateFormatter().date(from: "2026-11-21T10:00:00Z") ?? .distantPast))

        // A reader sees it as it was written, and leaves it as it is.
        let before = try await Self.seen(ProjectManagerEngine.readOnly(at: url, environment: environment))
        // 601 cards: 541 on the open lists, the rest archived in Trello.
        #expect(before.lists.values.map(\.count).reduce(0, +) == 541)
        #expect(before.lists.values.contains { $0.contains("Added after the snapshot") })
        #expect(!before.lists.values.contains { $0.contains("Undone after the snapshot") })
        #expect(before.checklists.contains { !$0.isEmpty })
        #expect(before.comments.contains { !$0.isEmpty })
        #expect(try Self.layout(of: url) == 1)

        // A writer rewrites it in layout 2 as it opens, and reads the same.
        let writer = try ProjectManagerEngine.persistent(at: url, environment: environment)
        #expect(try Self.layout(of: url) == 2)
        #expect(try await Self.seen(writer) == before)
        writer.close()

        // Opened again, its 601 cards are read in place from the new snapshot, and read the same.
        let reopened = try ProjectManagerEngine.persistent(at: url, environment: environment)
        defer { reopened.close() }
        #expect(try await Self.seen(reopened) == before)
        #expect(reopened.checkStore().isHealthy)
    }
}
