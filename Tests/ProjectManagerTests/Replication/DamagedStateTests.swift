import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManager

/// The merged state a store keeps beside it, damaged: the sync says so in one line, makes it again
/// from the remote, and loses nothing.
@Suite struct DamagedStateTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString)")
    let world = ConvergenceTests.World()

    @Test(arguments: ["flip", "cut", "empty"])
    func aDamagedMergedStateIsMadeAgainFromTheRemote(_ damage: String) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let replicas = (0..<2).map {
            ConvergenceTests.Replica($0, world: world, in: folder, seed: 21, onFile: true, checkpointAfter: nil)
        }
        // Given two stores sharing a board
        let a = try replicas[0].open()
        var b = try replicas[1].open()
        for engine in [a, b] { try engine.addRemote(named: "team", address: remote.path) }
        let one = try await a.createProject(ProjectDraft(title: "one"), in: .todo)
        let two = try await a.createProject(ProjectDraft(title: "two"), in: .doing)
        #expect(try await a.share(board: .default, on: "team").failure == nil)
        #expect(try await b.join(remote: "team").failure == nil)
        world.advance(1)
        try await b.updateProject(two.id, with: ProjectDraft(title: "two, synced"))
        #expect(await b.sync().succeeded)

        // When a changes a card and syncs, b changes another and makes one, and then b's merged
        // state is damaged while its process is gone
        world.advance(1)
        try await a.updateProject(one.id, with: ProjectDraft(title: "one, edited"))
        #expect(await a.sync().succeeded)
        world.advance(1)
        try await b.updateProject(two.id, with: ProjectDraft(title: "two, edited offline"))
        _ = try await b.createProject(ProjectDraft(title: "three"), in: .todo)
        b.close()
        let state = replicas[1].syncFolder.appendingPathComponent("remotes/team")
        let whole = try #require(
            try FileManager.default.contentsOfDirectory(atPath: state.path).first {
                $0.hasPrefix("objects-") && $0.filter { $0 == "-" }.count == 1
            })
        let file = state.appendingPathComponent(whole)
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "flip": bytes[bytes.count / 2] ^= 0x10
        case "cut": bytes = bytes.prefix(bytes.count / 2)
        default: bytes = Data()
        }
        try bytes.write(to: file)
        b = try replicas[1].open()

        // Then b's next sync says which file it found damaged, makes the state again from the
        // remote, sends what b did and takes what a did; the one after finds it whole
        world.advance(1)
        let report = await b.sync()
        #expect(report.succeeded, "\(report)")
        #expect(report.remotes.first?.rebuilt?.contains(whole) == true, "\(report)")
        world.advance(1)
        let again = await b.sync()
        #expect(again.succeeded && again.remotes.first?.rebuilt == nil, "\(again)")
        #expect(try b.remotes().first?.changed[.default] ?? 0 == 0)
        world.advance(1)
        #expect(await a.sync().succeeded)
        let titles = try await b.fetchBoard().columns.flatMap { $0.items.map(\.project.title) }
        #expect(titles.sorted() == ["one, edited", "three", "two, edited offline"])
        let theirs = try await a.fetchBoard().columns.flatMap { $0.items.map(\.project.title) }
        #expect(theirs == titles)
        a.close()
        b.close()
    }
}
