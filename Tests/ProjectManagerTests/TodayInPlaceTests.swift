import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// The today summary reads the cards due within its days through an ordering of each board's cards
/// by deadline; a reopened store reads that ordering in place from its snapshot, with the changes
/// since beside it. These tests hold it to the summary made from every card of every board.
@Suite("The today summary of a store read in place")
struct TodayInPlaceTests {
    static let now = ISO8601DateFormatter().date(from: "2026-03-15T12:00:00Z") ?? .distantPast

    /// The summary the Domain makes from every card on the boards' open lists, read whole.
    static func expected(_ engine: ProjectManagerEngine, favourites: Set<Project.ID>, on mart: Board.ID) async throws
        -> TodaySummary
    {
        let boards = try await engine.listBoards()
        var projects: [Project] = []
        for board in boards { projects += try await engine.fetchBoard(board.id).projects }
        let starred = favourites.union(projects.filter { $0.boardID == mart }.map(\.id))
        return TodaySummary(
            projects: projects, boards: boards, now: now, calendar: Calendar(identifier: .gregorian),
            favourites: starred)
    }

    @Test("600 cards due around today, reopened and changed, give the summary of every card read whole")
    func summaryMatches() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("today.pmstore")
        let environment = EngineEnvironment.test(clock: TestClock(Self.now))
        var engine = try ProjectManagerEngine.persistent(at: url, environment: environment)
        let mart = try await engine.createBoard(title: "Mart")
        var cards: [Project] = []
        for index in 0..<600 {
            // Deadlines from ten days before today to fifteen after, some none; all three stages.
            let deadline = index % 7 == 0 ? nil : Day(year: 2026, month: 3, day: 5 + index % 26)
            let card = try await engine.createProject(
                ProjectDraft(title: "Card \(index)", deadline: deadline), on: index % 4 == 0 ? mart.id : .default,
                in: ProjectState.allCases[index % 3])
            cards.append(card)
        }
        var starred: Set<Project.ID> = []
        for card in cards.prefix(60) where card.boardID == .default && starred.count < 10 {
            try await engine.star(.project(card.id))
            starred.insert(card.id)
        }
        try await engine.star(.board(mart.id))
        let before = try await engine.fetchTodaySummary()
        #expect(before == (try await Self.expected(engine, favourites: starred, on: mart.id)))
        #expect(!before.overdue.isEmpty && !before.dueToday.isEmpty && !before.upcoming.isEmpty)

        // Compacted into a snapshot whose 600 cards are read in place, closed, reopened. (A close
        // compacts only a journal past 64 KiB, which the compaction beside the saves keeps it under.)
        try engine.compact()
        engine.close()
        let file = try Data(contentsOf: url)
        let snapshotLength = file[32..<36].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(snapshotLength + 40 == file.count, "the close left no journal: every card is in the snapshot")
        engine = try ProjectManagerEngine.persistent(at: url, environment: environment)
        #expect(try await engine.fetchTodaySummary() == before)

        // Changed after the reopen: deadlines moved, cards done, archived, deleted, added.
        for card in cards[0..<20] {
            _ = try await engine.updateProject(
                card.id, with: ProjectDraft(title: card.title, deadline: Day(year: 2026, month: 3, day: 16)))
        }
        for card in cards[20..<40] { _ = try await engine.moveProject(card.id, to: .done) }
        for card in cards[40..<50] { _ = try await engine.archiveProject(card.id) }
        for card in cards[50..<60] { try await engine.deleteProject(card.id) }
        for card in cards[60..<70] where card.deadline != nil { _ = try await engine.moveProject(card.id, to: .todo) }
        _ = try await engine.createProject(
            ProjectDraft(title: "New today", deadline: Day(year: 2026, month: 3, day: 15)))
        let remaining = starred.subtracting(cards[50..<60].map(\.id))
        let after = try await engine.fetchTodaySummary()
        #expect(after == (try await Self.expected(engine, favourites: remaining, on: mart.id)))
        #expect(after != before)
        engine.close()
    }
}
