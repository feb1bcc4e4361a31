// The story of the README's library example, with its results checked. The README's own text is
// built and run as a new package by Scripts/check-readme-example.sh (in .ci/run), so that the
// README cannot drift; this test checks what the story leaves in the store.

import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

/// Keeps a few projects in a store file and returns the board as a screen shows it.
func planTheWeek(storeAt storeURL: URL) async throws -> BoardOverview {
    let engine = try ProjectManagerEngine.persistent(at: storeURL)

    let report = try await engine.createProject(ProjectDraft(title: "Write report"))
    _ = try await engine.createProject(
        ProjectDraft(title: "Book venue", body: "Seats 40", deadline: try Day(parsing: "2026-12-24")))
    try await engine.moveProject(report.id, to: .doing)

    let board = try await engine.fetchBoard()
    for column in board.columns {
        print(column.state, column.count, column.items.map(\.project.title))
    }
    // todo 1 ["Book venue"]
    // doing 1 ["Write report"]
    // done 0 []
    return board
}

@Suite("README example")
struct ReadmeExampleTests {
    @Test("the README's example builds, runs, and leaves one project in To Do and one in Doing")
    func readmeExample() async throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let storeURL = directory.file("projects.pmstore")

        // When
        let board = try await planTheWeek(storeAt: storeURL)

        // Then
        #expect(board.columns.map(\.count) == [1, 1, 0])
        #expect(board.titlesByColumn == [["Book venue"], ["Write report"], []])
        let reopened = try await ProjectManagerEngine.persistent(at: storeURL).fetchBoard()
        #expect(reopened.titlesByColumn == board.titlesByColumn)
    }
}
