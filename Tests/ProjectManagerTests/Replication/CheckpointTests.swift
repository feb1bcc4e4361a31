import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManager
@testable import ProjectManagerData

/// A replica's log folded into a checkpoint: what a new device reads instead of every
/// operation, what a replica offline across it reads for the files no longer there, and what is
/// set aside when it is not one.
@Suite struct CheckpointTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checkpoint-\(UUID().uuidString)")
    var remote: URL { folder.appendingPathComponent("remote") }
    let world = ConvergenceTests.World()

    /// The remote's files, by path.
    func files() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: remote.path).filter {
            $0.hasSuffix(".ops") || $0.hasSuffix(".bin")
        }
        .sorted()
    }

    /// Two replicas of a remote, folding their logs after `threshold` operations.
    func replicas(_ count: Int, foldingAfter threshold: Int) throws -> [ProjectManagerEngine] {
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(
            count, world: world, in: folder, seed: 9, checkpointAfter: { _ in threshold })
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        return engines
    }

    @Test func aBoardSharedWholeIsOneCheckpointThatANewDeviceReads() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // As an app does: half the objects, and 4,096 at least.
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(2, world: world, in: folder, seed: 9)
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        _ = try await engines[0].importProjects((0..<5_000).map { ProjectDraft(title: "card \($0)") })
        let shared = try await engines[0].share(board: .default, on: "team")
        #expect(shared.failure == nil)
        #expect(shared.sent == 5_002)

        let replica = try #require(try files().first).split(separator: "/")[1]
        #expect(try files() == ["replicas/\(replica)/checkpoint.bin"])
        let joined = try await engines[1].join(remote: "team")
        #expect(joined.failure == nil)
        #expect(joined.setAside.isEmpty)
        #expect(joined.received == 5_002)  // the board, the cards and the import's history entry
        #expect(try await engines[1].fetchBoard().column(.todo).items.count == 5_000)

        // A change after it goes as a log file, chained to the checkpoint.
        _ = try await engines[0].createProject(ProjectDraft(title: "after"), in: .doing)
        #expect(await engines[0].sync().succeeded)
        #expect(try files().contains("replicas/\(replica)/2.ops"))
        let next = await engines[1].sync()
        #expect(next.remotes.allSatisfy { $0.setAside.isEmpty && $0.failure == nil })
        #expect(try await engines[1].fetchBoard().column(.doing).items.map(\.project.title) == ["after"])
    }

    @Test func aReplicaOfflineAcrossACheckpointReadsItForTheFilesGoneAndConverges() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let engines = try replicas(3, foldingAfter: 6)
        let card = try await engines[0].createProject(ProjectDraft(title: "shared"), in: .todo)
        _ = try await engines[0].share(board: .default, on: "team")
        for engine in engines.dropFirst() { #expect(try await engine.join(remote: "team").failure == nil) }

        // The third goes offline; the first and second go on, and each folds its log more than once.
        for round in 0..<6 {
            world.advance(1)
            _ = try await engines[0].createProject(ProjectDraft(title: "first \(round)"), in: .todo)
            _ = try await engines[1].createProject(ProjectDraft(title: "second \(round)"), in: .doing)
            #expect(await engines[0].sync().succeeded)
            #expect(await engines[1].sync().succeeded)
        }
        try await engines[2].updateProject(card.id, with: ProjectDraft(title: "edited offline"))
        // Their first files are gone: the checkpoints stand in for them (one of them, or both,
        // as the last folded covers the other's or not).
        let names = try files()
        #expect((1...2).contains(names.filter { $0.hasSuffix("checkpoint.bin") }.count))
        #expect(!names.contains { $0.hasSuffix("/1.ops") })

        for _ in 0..<2 {
            for engine in engines {
                world.advance(1)
                let report = await engine.sync()
                #expect(report.succeeded)
                #expect(report.remotes.allSatisfy { $0.setAside.isEmpty })
            }
        }
        let views = try await engines.asyncMapForTests { try await ConvergenceTests.view(of: $0) }
        #expect(views[1] == views[0])
        #expect(views[2] == views[0])
        let titles = try await engines[2].fetchBoard().columns.flatMap { $0.items.map(\.project.title) }
        #expect(titles.contains("first 5") && titles.contains("second 5") && titles.contains("edited offline"))
    }

    @Test func aCheckpointThatIsNotOneIsSetAsideOnceAndNothingOfItApplies() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let engines = try replicas(2, foldingAfter: 2)
        _ = try await engines[0].createProject(ProjectDraft(title: "first"), in: .todo)
        _ = try await engines[0].share(board: .default, on: "team")
        #expect(try await engines[1].join(remote: "team").failure == nil)
        // Folded again, its log files gone: the second reads the new checkpoint or nothing.
        world.advance(1)
        _ = try await engines[0].createProject(ProjectDraft(title: "second"), in: .todo)
        _ = try await engines[0].createProject(ProjectDraft(title: "third"), in: .todo)
        #expect(await engines[0].sync().succeeded)
        let path = try #require(try files().first { $0.hasSuffix("checkpoint.bin") })
        #expect(try files() == [path])
        let url = remote.appendingPathComponent(path)
        let good = try Data(contentsOf: url)

        // Cut short: its positions read, the rest not.
        try good.prefix(good.count - 40).write(to: url)
        let cut = await engines[1].sync()
        #expect(cut.remotes.flatMap(\.setAside).map(\.path) == [path])
        #expect(try await engines[1].fetchBoard().column(.todo).items.map(\.project.title) == ["first"])
        // Reported once.
        #expect(await engines[1].sync().remotes.allSatisfy { $0.setAside.isEmpty })

        // Whole again: it applies.
        try good.write(to: url)
        #expect(await engines[1].sync().succeeded)
        let titles = try await engines[1].fetchBoard().column(.todo).items.map(\.project.title)
        #expect(Set(titles) == ["first", "second", "third"])
    }

    @Test func aNewDeviceReadsOneCheckpointHoweverManyReplicasWroteOne() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let engines = try replicas(5, foldingAfter: 6)
        _ = try await engines[0].createProject(ProjectDraft(title: "shared"), in: .todo)
        _ = try await engines[0].share(board: .default, on: "team")
        for engine in engines[1...2] { #expect(try await engine.join(remote: "team").failure == nil) }
        // Three replicas each fold their logs, more than once; the third folds last, after reading
        // everything the others wrote.
        for round in 0..<5 {
            for (index, engine) in engines.prefix(3).enumerated() {
                world.advance(1)
                _ = try await engine.createProject(ProjectDraft(title: "card \(index).\(round)"), in: .todo)
                #expect(await engine.sync().succeeded)
            }
        }
        for round in 0..<4 {
            world.advance(1)
            _ = try await engines[2].createProject(ProjectDraft(title: "last \(round)"), in: .doing)
        }
        #expect(await engines[2].sync().succeeded)
        let checkpoints = try files().filter { $0.hasSuffix("checkpoint.bin") }
        #expect(checkpoints.count >= 2)

        // The older checkpoints are damaged past their places: a new device that read them
        // would set them aside.
        let expected = try await ConvergenceTests.view(of: engines[2])
        let newest = try #require(
            checkpoints.max { left, right in
                let a = try? FileManager.default.attributesOfItem(atPath: remote.appendingPathComponent(left).path)
                let b = try? FileManager.default.attributesOfItem(atPath: remote.appendingPathComponent(right).path)
                return (a?[.modificationDate] as? Date ?? .distantPast)
                    < (b?[.modificationDate] as? Date ?? .distantPast)
            })
        for path in checkpoints where path != newest {
            let url = remote.appendingPathComponent(path)
            var bytes = try Data(contentsOf: url)
            for index in 256..<bytes.count { bytes[index] = 0xFF }
            try bytes.write(to: url)
        }

        let joined = try await engines[3].join(remote: "team")
        #expect(joined.failure == nil)
        #expect(joined.setAside.isEmpty, "\(joined.setAside)")
        #expect(try await ConvergenceTests.view(of: engines[3]) == expected)

        // The replicas whose checkpoints the newest covers take theirs away at their next sync:
        // one is left, and a device that joins then reads it alone.
        for engine in engines.prefix(2) {
            world.advance(1)
            #expect(await engine.sync().succeeded)
        }
        #expect(try files().filter { $0.hasSuffix("checkpoint.bin") } == [newest])
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: remote.path).filter { $0.hasSuffix("checkpoint.json") }
                == [newest.replacingOccurrences(of: ".bin", with: ".json")])
        let later = try await engines[4].join(remote: "team")
        #expect(later.failure == nil && later.setAside.isEmpty, "\(later)")
        #expect(try await ConvergenceTests.view(of: engines[4]) == expected)
        #expect(try await ConvergenceTests.view(of: engines[0]) == expected)
    }

    @Test func aPlantedCoverageNeverMakesAReplicaTakeItsCheckpointAway() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let engines = try replicas(2, foldingAfter: 2)
        _ = try await engines[0].createProject(ProjectDraft(title: "first"), in: .todo)
        _ = try await engines[0].share(board: .default, on: "team")
        #expect(try await engines[1].join(remote: "team").failure == nil)
        let own = try #require(try files().first { $0.hasSuffix("checkpoint.bin") })
        let writer = try #require(ReplicaID(rawValue: String(own.split(separator: "/")[1])))

        // A checkpoint that reads whole, planted in a folder of its own, claims every log far
        // past where it stands, with digests it made up.
        let planted = try #require(ReplicaID(rawValue: "ffffffffffffffff"))
        let place = ReplicationState.Position(sequence: 1, digest: String(repeating: "0", count: 64))
        let checkpoint = ReplicaCheckpoint(replica: planted, place: place, objects: [:], conflicts: [:])
        let plantedFolder = remote.appendingPathComponent("replicas/\(planted)")
        try FileManager.default.createDirectory(at: plantedFolder, withIntermediateDirectories: true)
        try checkpoint.encoded().write(to: plantedFolder.appendingPathComponent("checkpoint.bin"))
        var positions: [String: ReplicaCheckpoint.Coverage.Entry] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: remote.appendingPathComponent("replicas").path)
        where name != planted.rawValue {
            positions[name] = .init(sequence: 999, digest: String(repeating: "1", count: 64))
        }
        #expect(positions[writer.rawValue] != nil)
        let coverage = ReplicaCheckpoint.Coverage(place: .init(sequence: 1, digest: place.digest), positions: positions)
        try JSONEncoder().encode(coverage).write(to: plantedFolder.appendingPathComponent("checkpoint.json"))

        world.advance(1)
        #expect(await engines[0].sync().succeeded)

        #expect(FileManager.default.fileExists(atPath: remote.appendingPathComponent(own).path))
    }
}
