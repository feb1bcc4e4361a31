import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

/// A store whose engine was never closed (an app the system ended) holds its changes in the
/// journal, which the next open replays as one: each object once, as the last save left it.
@Suite("Persistent engine: a journal replayed")
struct JournalReplayTests {
    /// What a board shows, and what its history says, to compare two engines by.
    static func picture(of engine: ProjectManagerEngine) async throws -> [String] {
        let board = try await engine.fetchBoard()
        var lines = board.titlesByColumn.map { $0.joined(separator: "|") }
        lines += try await engine.fetchHistory(limit: 200).map { "\($0.kind) \($0.projectTitle)" }
        return lines
    }

    @Test("2,000 saves never compacted read back as the engine that made them shows them, undo and redo included")
    func replayedAsSaved() async throws {
        // Given a compacted store of 1,500 cards, whose tables are read in place
        let harness = try EngineHarness(.file)
        var cards = try await harness.create((0..<1_500).map { "Card \($0)" })
        let engine = try harness.restarted()
        var random = SeededGenerator(seed: 7)

        // When 2,000 saves move, edit, delete and add cards and undo and redo, and the store is
        // copied as the process would leave it, never closed
        for step in 0..<2_000 {
            let index = Int.random(in: 0..<cards.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let state = ProjectState.allCases[Int.random(in: 0..<3, using: &random)]
                // An undo may have taken the card away: then nothing is saved.
                _ = try? await engine.moveProject(cards[index].id, to: state, at: Int.random(in: 0..<5, using: &random))
            case 4..<6:
                _ = try? await engine.updateProject(cards[index].id, with: ProjectDraft(title: "Edited \(step)"))
            case 6:
                _ = try? await engine.deleteProject(cards[index].id)
                cards.remove(at: index)
            case 7:
                cards.append(
                    try await engine.createProject(ProjectDraft(title: "New \(step)"), on: .default, in: .doing))
            case 8:
                _ = try? await engine.undoRedo.undo()
            default:
                _ = try? await engine.undoRedo.redo()
            }
        }
        let copy = harness.directory.file("copy.pmstore")
        try FileManager.default.copyItem(at: harness.storeURL, to: copy)
        let replayed = try ProjectManagerEngine.persistent(at: copy, environment: harness.environment)
        defer { replayed.close() }

        // Then it shows what the engine that saved shows, and undoes and redoes alike
        #expect(try await Self.picture(of: replayed) == Self.picture(of: engine))
        for _ in 0..<3 {
            let undone = try? await engine.undoRedo.undo()
            let undoneThere = try? await replayed.undoRedo.undo()
            #expect(undoneThere == undone)
            #expect(try await Self.picture(of: replayed) == Self.picture(of: engine))
        }
        let redone = try? await engine.undoRedo.redo()
        let redoneThere = try? await replayed.undoRedo.redo()
        #expect(redoneThere == redone)
        #expect(try await Self.picture(of: replayed) == Self.picture(of: engine))
    }
}
