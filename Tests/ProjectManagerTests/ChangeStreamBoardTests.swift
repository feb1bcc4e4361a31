import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@Suite("The change stream names each changed project's board")
struct ChangeStreamBoardTests {
    @Test("inserted and updated projects come with their board; deleted ones are named alone")
    func projectBoards() async throws {
        // Given two boards
        let engine = ProjectManagerEngine.inMemory(environment: .test(clock: TestClock()))
        let home = try await engine.createBoard(title: "Home")
        let report = try await engine.createProject(ProjectDraft(title: "Write report"))
        var changes = engine.changes().makeAsyncIterator()

        // When
        let fence = try await engine.createProject(ProjectDraft(title: "Paint the fence"), on: home.id)
        _ = try await engine.updateProject(report.id, with: ProjectDraft(title: "Final report"))
        _ = try await engine.deleteProject(fence.id)

        // Then
        let inserted = try #require(await changes.next())
        #expect(inserted.inserted.contains(.project(fence.id)))
        #expect(inserted.projectBoards == [fence.id: home.id])
        let updated = try #require(await changes.next())
        #expect(updated.projectBoards == [report.id: .default])
        let deleted = try #require(await changes.next())
        #expect(deleted.deleted == [.project(fence.id)])
        #expect(deleted.projectBoards.isEmpty)
    }
}
