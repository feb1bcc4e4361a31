import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// Actions on one card at the same time: each reads, decides and saves in one unit of work of the
/// store, so none is lost and no two cards share a place.
@Suite("Actions at the same time")
struct ConcurrentActionTests {
    @Test("an edit and a move of one card at the same time both land", arguments: StoreKind.allCases)
    func editAndMove(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        var cards: [Project] = []
        for index in 0..<20 { cards.append(try await engine.createProject(ProjectDraft(title: "card \(index)"))) }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for card in cards {
                group.addTask { try await engine.moveProject(card.id, to: .doing) }
                group.addTask {
                    try await engine.updateProject(card.id, with: ProjectDraft(title: "\(card.title) edited"))
                }
            }
            try await group.waitForAll()
        }

        for card in cards {
            let stored = try await harness.restarted().fetchProject(card.id)
            #expect(stored.state == .doing, "\(card.title)")
            #expect(stored.title == "\(card.title) edited", "\(card.title)")
        }
    }

    @Test(
        "cards added at the same time to the end of a column all get places of their own", arguments: StoreKind.allCases
    )
    func concurrentCreates(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine

        let made = try await withThrowingTaskGroup(of: Project.self) { group in
            for index in 0..<30 {
                group.addTask { try await engine.createProject(ProjectDraft(title: "card \(index)")) }
            }
            return try await group.reduce(into: [Project]()) { $0.append($1) }
        }

        let column = try await harness.restarted().fetchBoard().column(.todo)
        #expect(column.count == 30)
        #expect(Set(made.map(\.rank)).count == 30)
        #expect(Set(column.items.map(\.project.rank)).count == 30)
    }
}
