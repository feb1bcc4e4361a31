import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManager

/// What comes from a remote is checked like user input: each hostile file planted in a shared
/// folder is set aside with a warning that names it, once, and the rest still applies.
@Suite struct HostileRemoteTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
    var remote: URL { folder.appendingPathComponent("remote") }
    let world = ConvergenceTests.World()

    func replicas(_ count: Int) async throws -> [ProjectManagerEngine] {
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(count, world: world, in: folder, seed: 7)
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        _ = try await engines[0].createProject(ProjectDraft(title: "first"), in: .todo)
        _ = try await engines[0].share(board: .default, on: "team")
        for engine in engines.dropFirst() { _ = try await engine.join(remote: "team") }
        return engines
    }

    /// The id the remote knows the shared board by: the first replica's default board's own there.
    func team(_ engines: [ProjectManagerEngine]) throws -> String {
        try #require(try engines[0].remotes().first?.remoteIDs[.default]).rawValue.uuidString
    }

    /// Writes `text` as file `path` of the remote.
    func plant(_ path: String, _ data: Data) throws {
        let url = remote.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// A log file of replica `replica`, number `sequence`, after the file whose digest is `previous`.
    func logFile(replica: String, sequence: Int, previous: String?, operations: String) -> Data {
        let previousField = previous.map { "\"\($0)\"" } ?? "null"
        return Data(
            """
            {"format":1,"replica":"\(replica)","sequence":\(sequence),"previous":\(previousField),"operations":[\(operations)]}
            """.utf8)
    }

    func createOperation(
        replica: String, title: String, id: UUID = UUID(), time: Int64 = 1_767_268_900_000, board: String
    ) -> String {
        let escaped = String(decoding: try! JSONEncoder().encode(title), as: UTF8.self)
        return """
            {"k":"create","e":"Project","i":"\(id.uuidString)","s":{"time":\(time),"counter":0,"replica":"\(replica)"},\
            "f":{"title":\(escaped),"body":"","createdAt":0,"updatedAt":0,"assignees":[],"labels":[],"isArchived":false,\
            "boardID+listID+state+rank":{"boardID":"\(board)","listID":null,"state":"todo","rank":"a5"}}}
            """
    }

    @Test func eachHostileFileIsSetAsideOnceAndTheRestConverges() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let engines = try await replicas(3)
        let board = try team(engines)
        let mallory = "00000000000000aa"
        // Not JSON at all.
        try plant("replicas/00000000000000b1/1.ops", Data("{{{ not json".utf8))
        // A title that breaks a rule: a control character.
        try plant(
            "replicas/00000000000000b2/1.ops",
            logFile(
                replica: "00000000000000b2", sequence: 1, previous: nil,
                operations: createOperation(replica: "00000000000000b2", title: "bell\u{7}", board: board)))
        // An operation stamped by another replica than the log's.
        try plant(
            "replicas/00000000000000b3/1.ops",
            logFile(
                replica: "00000000000000b3", sequence: 1, previous: nil,
                operations: createOperation(replica: mallory, title: "forged", board: board)))
        // More than 16 MiB.
        try plant("replicas/00000000000000b4/1.ops", Data(repeating: 0x20, count: (16 << 20) + 1))
        // A folder that is not a replica's.
        try plant(
            "replicas/../../escape/1.ops".replacingOccurrences(of: "../../", with: "not-a-replica-"), Data("{}".utf8))
        // A good file, then the same replica's log rewritten under it.
        let good = logFile(
            replica: mallory, sequence: 1, previous: nil,
            operations: createOperation(replica: mallory, title: "from mallory", board: board))
        try plant("replicas/\(mallory)/1.ops", good)

        // Every replica reads them: each sets the same files aside, and applies the good one.
        for engine in engines {
            let first = await engine.sync()
            #expect(
                Set(first.remotes.flatMap(\.setAside).map(\.path)) == [
                    "replicas/00000000000000b1/1.ops", "replicas/00000000000000b2/1.ops",
                    "replicas/00000000000000b3/1.ops", "replicas/00000000000000b4/1.ops",
                    "replicas/not-a-replica-escape",
                ])
            #expect(first.remotes.allSatisfy { $0.failure == nil }, "\(first.remotes.map(\.failure))")
            #expect(try await engine.fetchBoard().column(.todo).items.map(\.project.title).contains("from mallory"))
        }

        // The replica's earlier file rewritten, and a second file chained to the new one.
        let rewritten = logFile(
            replica: mallory, sequence: 1, previous: nil,
            operations: createOperation(replica: mallory, title: "rewritten", board: board))
        try plant("replicas/\(mallory)/1.ops", rewritten)
        let digest = SHA256Hex.of(rewritten)
        try plant(
            "replicas/\(mallory)/2.ops",
            logFile(
                replica: mallory, sequence: 2, previous: digest,
                operations: createOperation(
                    replica: mallory, title: "after rewrite", time: 1_767_268_990_000, board: board)))

        // Meanwhile the honest replicas go on.
        _ = try await engines[0].createProject(ProjectDraft(title: "honest"), in: .doing)
        for engine in engines {
            let second = await engine.sync()
            #expect(second.remotes.flatMap(\.setAside).map(\.path) == ["replicas/\(mallory)/2.ops"])
        }
        // Reported once: the next syncs say nothing of them.
        for _ in 0..<2 {
            for engine in engines {
                let report = await engine.sync()
                #expect(report.succeeded)
                #expect(report.remotes.flatMap(\.setAside).isEmpty)
            }
        }
        let views = try await engines.asyncMapForTests { try await ConvergenceTests.view(of: $0) }
        #expect(views[1] == views[0])
        #expect(views[2] == views[0])
        let titles = try await engines[2].fetchBoard().columns.flatMap { $0.items.map(\.project.title) }
        #expect(titles.contains("honest"))
        #expect(!titles.contains("forged") && !titles.contains("rewritten") && !titles.contains("after rewrite"))
        #expect(!titles.contains(where: { $0.contains("\u{7}") }))
    }

    @Test func aBinaryLogFileCutOrCopiedUnderAnotherReplicaIsSetAsideOnceAndTheRestApplies() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let engines = try await replicas(2)
        let logs = try FileManager.default.subpathsOfDirectory(atPath: remote.path).filter { $0.hasSuffix(".ops") }
        let real = try Data(contentsOf: remote.appendingPathComponent(try #require(logs.first)))
        #expect(real.starts(with: Data("PMLG".utf8)))
        try plant("replicas/00000000000000b5/1.ops", real.prefix(real.count / 2))
        try plant("replicas/00000000000000b6/1.ops", real)
        _ = try await engines[0].createProject(ProjectDraft(title: "after"), in: .doing)

        for engine in engines {
            let report = await engine.sync()
            let setAside = report.remotes.flatMap(\.setAside)
            #expect(
                Set(setAside.map(\.path)) == ["replicas/00000000000000b5/1.ops", "replicas/00000000000000b6/1.ops"])
            #expect(setAside.first { $0.path.contains("b5") }?.reason == "not a log file this engine can read")
            #expect(setAside.first { $0.path.contains("b6") }?.reason == "names another replica or place in the log")
        }
        for engine in engines {
            let report = await engine.sync()
            #expect(report.succeeded)
            #expect(report.remotes.flatMap(\.setAside).isEmpty)
            #expect(try await engine.fetchBoard().column(.doing).items.map(\.project.title) == ["after"])
        }
    }

    /// A star's create: on `board`, of `project` (a board's star: `nil`), with id `id`.
    func starOperation(replica: String, id: UUID, project: UUID?, board: String) -> String {
        let projectField = project.map { "\"\($0.uuidString)\"" } ?? "null"
        return """
            {"k":"create","e":"Favourite","i":"\(id.uuidString)","s":{"time":1767268900000,"counter":0,\
            "replica":"\(replica)"},"f":{"boardID":"\(board)","projectID":\(projectField),\
            "starredAt":0}}
            """
    }

    @Test func aStarWhoseIdIsNotItsTargetsIsSetAsideAndAGoodOneApplies() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let engines = try await replicas(2)
        let board = try team(engines)
        let card = try #require(try await engines[0].fetchBoard().column(.todo).items.first?.project.id)
        let mallory = "00000000000000aa"
        // A star that says it is one card's and stars another: two stars of one card, once read.
        let forged = logFile(
            replica: mallory, sequence: 1, previous: nil,
            operations: starOperation(replica: mallory, id: UUID(), project: card.rawValue, board: board))
        try plant("replicas/\(mallory)/1.ops", forged)
        try plant(
            "replicas/\(mallory)/2.ops",
            logFile(
                replica: mallory, sequence: 2, previous: SHA256Hex.of(forged),
                operations: starOperation(replica: mallory, id: card.rawValue, project: card.rawValue, board: board)))

        for engine in engines {
            let report = await engine.sync()
            #expect(report.remotes.flatMap(\.setAside).map(\.path) == ["replicas/\(mallory)/1.ops"])
            #expect(report.remotes.flatMap(\.setAside).allSatisfy { $0.reason.contains("not its target's") })
            #expect(try await engine.listFavourites().map(\.favourite.target) == [.project(card)])
        }
    }
}

/// The SHA-256 of bytes, as the replica logs chain them.
enum SHA256Hex {
    static func of(_ data: Data) -> String {
        // The log's chain uses the engine's own SHA-256; the test runs it through a second process
        // (sha256sum) so that it does not trust the code it checks.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(data)
        try? input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }
}

extension Array {
    func asyncMapForTests<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
