import Foundation
import ProjectManager
import ProjectManagerData
import ProjectManagerTestSupport
import Testing

@Suite("Persistent engine")
struct PersistentEngineTests {
    @Test("a new engine over the same file sees every change, as the next run of a program would")
    func keepsEffectsAcrossRuns() async throws {
        // Given
        let harness = try EngineHarness(.file)
        let made = try await harness.create(["A", "B", "C"])
        let work = try await harness.engine.createBoard(title: "Work")

        // When each step runs in a new engine
        try await harness.restarted().moveProject(made[0].id, to: .doing)
        _ = try await harness.restarted().updateProject(
            made[1].id, with: ProjectDraft(title: "B2", deadline: Day("2026-12-24")))
        try await harness.restarted().deleteProject(made[2].id)
        try await harness.restarted().renameBoard(work.id, to: "Office")

        // Then
        let engine = try harness.restarted()
        #expect(try await engine.fetchBoard().titlesByColumn == [["B2"], ["A"], []])
        #expect(try await engine.fetchProject(made[1].id).deadline == Day("2026-12-24"))
        #expect(try await engine.listBoards().map(\.title) == [Board.defaultTitle, "Office"])
    }

    @Test("a second engine over the same file is refused as locked while the first is open, which keeps working")
    func secondEngineIsLocked() async throws {
        // Given
        let harness = try EngineHarness(.file)
        try await harness.create(["A"])

        // When
        #expect(throws: StoreError.locked(file: harness.storeURL.path)) {
            try ProjectManagerEngine.persistent(at: harness.storeURL, environment: harness.environment)
        }

        // Then
        try await harness.create(["B"])
        #expect(try await harness.restarted().fetchBoard().titlesByColumn == [["A", "B"], [], []])
    }

    @Test("a corrupt store file fails to open with unreadable naming the file, and is left as it was")
    func corruptFile() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        let garbage = Data("{\"format\": 1, \"entities\": {\"Project\": [".utf8)
        try garbage.write(to: url)

        // When
        let error = try #require(throws: StoreError.self) {
            try ProjectManagerEngine.persistent(at: url, environment: .test())
        }

        // Then
        guard case .unreadable(let file, _) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(file == url.path)
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test("a store file of a newer format fails to open with newerFormat, and is left as it was")
    func newerFormat() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("projects.pmstore")
        // The 32-byte header of a store file in format 99, whole and with its checksum; what
        // follows it is that format's business.
        var newer = JournalFormat.header(schemaVersion: 1, hasSnapshot: true, formatVersion: 99)
        newer.append(Data(#"{"pages": []}"#.utf8))
        try newer.write(to: url)

        // Then
        #expect(throws: StoreError.newerFormat(file: url.path, found: 99, supported: Int(JournalFormat.version))) {
            try ProjectManagerEngine.persistent(at: url, environment: .test())
        }
        #expect(try Data(contentsOf: url) == newer)
    }
}
