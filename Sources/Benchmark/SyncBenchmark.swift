// The "sync" section: replication through a bare git repository on this disk.
//
//     swift run -c release pm-bench --sync-only [--sizes 1000,10000]
//
// For each size, store A imports that many cards and shares its board on a bare repository;
// then: a sync with nothing new (median of 5; beside it, `git ls-remote` on the same repository,
// the round trip every sync pays), the operation data a one-card move sends (the bytes of its log
// file), a new device (store B) joining the board, and B applying 10,000 operations A made (a
// title edited on 10,000 cards, or every card when there are fewer).
//
// To profile one step: `PM_BENCH_PROFILE=apply` (or `share`, `join`, `send`) and
// `PM_BENCH_PERF_CONTROL=FIFO`, with `perf record -D -1 --control fifo:FIFO`: the step alone is
// recorded.

import Foundation
import ProjectManager

enum SyncBenchmark {
    static func runIfAsked(_ arguments: [String]) -> Int32? {
        guard arguments.contains("--sync-only") else { return nil }
        let sizes =
            arguments.firstIndex(of: "--sizes").flatMap { index in
                index + 1 < arguments.count ? arguments[index + 1].split(separator: ",").compactMap { Int($0) } : nil
            } ?? [1_000, 10_000]
        let outcome = blocking { () async -> Result<Void, any Error> in
            do {
                print("Sync, through a bare git repository on this disk")
                for size in sizes { try await run(size: size) }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = outcome {
            FileHandle.standardError.write(Data("pm-bench: sync: \(error)\n".utf8))
            return 1
        }
        return 0
    }

    private static func run(size: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-bench-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bare = folder.appendingPathComponent("team.git").path
        try git(["init", "--bare", "--quiet", bare])

        let a = try ProjectManagerEngine.persistent(at: folder.appendingPathComponent("a.pmstore"))
        var drafts: [ProjectDraft] = []
        for index in 0..<size { drafts.append(ProjectDraft(title: "Card \(index)", body: "plan draft review ship")) }
        let cards = try await a.importProjects(drafts)
        try a.addRemote(named: "team", address: bare)
        var start = DispatchTime.now().uptimeNanoseconds
        let shared = try await profiled("share") { try await a.share(board: .default, on: "team") }
        if let failure = shared.failure { throw failure }
        let share = milliseconds(since: start)

        var idle: [Double] = []
        for _ in 0..<5 {
            start = DispatchTime.now().uptimeNanoseconds
            let report = await a.sync()
            if let failure = report.remotes.first?.failure { throw failure }
            idle.append(milliseconds(since: start))
        }
        var trips: [Double] = []
        for _ in 0..<5 {
            start = DispatchTime.now().uptimeNanoseconds
            try git(["ls-remote", "--quiet", bare])
            trips.append(milliseconds(since: start))
        }

        _ = try await a.moveProject(cards[size / 2].id, to: .doing)
        start = DispatchTime.now().uptimeNanoseconds
        _ = await a.sync()
        let oneCardSync = milliseconds(since: start)
        let logs = folder.appendingPathComponent("a.sync/remotes/team/copy/replicas")
        let oneCard = try newestLogFileSize(in: logs)

        let b = try ProjectManagerEngine.persistent(at: folder.appendingPathComponent("b.pmstore"))
        try b.addRemote(named: "team", address: bare)
        start = DispatchTime.now().uptimeNanoseconds
        let joined = try await profiled("join") { try await b.join(remote: "team") }
        if let failure = joined.failure { throw failure }
        let join = milliseconds(since: start)

        let edited = min(10_000, size)
        for card in cards.prefix(edited) {
            try await a.updateProject(card.id, with: ProjectDraft(title: "\(card.title) edited", body: card.body))
        }
        start = DispatchTime.now().uptimeNanoseconds
        let sent = await profiled("send") { await a.sync() }
        let send = milliseconds(since: start)
        if let failure = sent.remotes.first?.failure { throw failure }
        start = DispatchTime.now().uptimeNanoseconds
        let received = await profiled("apply") { await b.sync() }
        let apply = milliseconds(since: start)
        if let failure = received.remotes.first?.failure { throw failure }
        a.close()
        b.close()

        print(
            String(
                format:
                    "  %-7d share %8.1f ms | sync, nothing new %6.1f ms (git ls-remote %5.1f ms) | one-card move: sync %6.1f ms, %d bytes of operations | join %8.1f ms | %d edits: sent in %8.1f ms, applied in %8.1f ms (%d received)",
                size, share, median(idle), median(trips), oneCardSync, oneCard, join, edited, send, apply,
                received.remotes.first?.received ?? 0))
    }

    /// Runs `body`, the step `name`, with `perf` recording it when the environment asks for that step.
    private static func profiled<T>(_ name: String, _ body: () async throws -> T) async rethrows -> T {
        let environment = ProcessInfo.processInfo.environment
        guard environment["PM_BENCH_PROFILE"] == name, let control = environment["PM_BENCH_PERF_CONTROL"],
            let handle = FileHandle(forWritingAtPath: control)
        else { return try await body() }
        handle.write(Data("enable\n".utf8))
        defer {
            handle.write(Data("disable\n".utf8))
            try? handle.close()
        }
        return try await body()
    }

    private static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    private static func newestLogFileSize(in folder: URL) throws -> Int {
        var newest: (Int, Int) = (0, 0)
        for replica in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let path = folder.appendingPathComponent(replica).path
            for name in try FileManager.default.contentsOfDirectory(atPath: path) {
                guard let number = Int(name.replacingOccurrences(of: ".ops", with: "")), number > newest.0 else {
                    continue
                }
                let size = try FileManager.default.attributesOfItem(atPath: path + "/" + name)[.size] as? Int ?? 0
                newest = (number, size)
            }
        }
        return newest.1
    }

    private static func git(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw UsageError("git \(arguments.first ?? "") failed") }
    }
}
