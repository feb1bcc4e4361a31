// The "open" section: what an app's first screen and a widget pay as a process starts.
//
//     swift run -c release pm-bench --open-only [--sizes 1000,100000]
//
// For each size a child builds a store of that many cards created one at a time through the
// engine (so it holds every card and its history entry, as a board used for years does) and stars
// 50 of them, in each state a user's store is in: "compacted" (compacted and closed by its app:
// the journal is empty), "unclosed" (the process ended without a close, as an app the system kills does:
// the journal holds what the compactions beside the saves left, and the saves made while the last
// one was written, which the process's end cut short) and "killed" (compacted, then one-card moves
// until the journal is just short of the size that starts a compaction beside the saves, and no
// close). Then new processes open it: "open" times from the open call to the first window of each
// column (50 cards) in hand; "today" from the open call to the today summary (what a widget
// shows); "board" from the open call to the whole board read (no peer). Each prints its peak
// resident memory, beside a process that opens a missing store the same way. The C SQLite peer
// (Benchmarks/open_peer.c, built with `cc` when it can be) does the first two on the same cards in
// the same run, and the ratio is ours over its. Its window is what the engine's is: each column's
// first 50 cards and its count (`ColumnWindow.count`, which a column's header and limit show); the
// line also gives its figure for the cards alone, as this section measured before 2026-12.

// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The figures are named as their JSON keys, which Benchmarks/compare.py reads.)

import Foundation
import ProjectManager

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum OpenBenchmark {
    /// One process's figure: milliseconds from the open call to the data in hand, and its peak memory.
    struct Figure: Codable {
        var mode: String
        var ms: Double
        var peak_rss_mb: Double
        /// The slowest of the moves ("move" only): on a store killed just before its threshold,
        /// the moves made while a compaction runs beside them.
        var slowest_ms: Double? = nil
    }

    /// The day the "today" figures are read on, so that they do not depend on the date they run.
    static let today = Date(timeIntervalSince1970: 1_767_268_800)  // 2026-01-01 12:00 UTC

    /// Runs a child's part when asked (`--open-build`, `--open-measure`); `nil` otherwise.
    static func runIfAsked(_ arguments: [String]) -> Int32? {
        if let index = arguments.firstIndex(of: "--open-build"), index + 2 < arguments.count,
            let count = Int(arguments[index + 1])
        {
            let ending = index + 3 < arguments.count ? StoreState(rawValue: arguments[index + 3]) : .compacted
            guard let ending else { return 1 }
            return report { () async throws -> String? in
                try await build(count: count, at: URL(fileURLWithPath: arguments[index + 2]), ending: ending)
                return nil
            }
        }
        if let index = arguments.firstIndex(of: "--open-measure"), index + 2 < arguments.count {
            let mode = arguments[index + 1]
            let url = URL(fileURLWithPath: arguments[index + 2])
            return report { () async throws -> String? in
                let figure = try await measure(mode, at: url)
                return String(decoding: try JSONEncoder().encode(figure), as: UTF8.self)
            }
        }
        guard arguments.contains("--open-only") else { return nil }
        let sizes =
            arguments.firstIndex(of: "--sizes").flatMap { index in
                index + 1 < arguments.count ? arguments[index + 1].split(separator: ",").compactMap { Int($0) } : nil
            } ?? [1_000, 100_000]
        return runSection(sizes: sizes)
    }

    private static func report(_ work: @escaping @Sendable () async throws -> String?) -> Int32 {
        let outcome = blocking { () async -> Result<String?, any Error> in
            do { return .success(try await work()) } catch { return .failure(error) }
        }
        switch outcome {
        case .success(let line):
            if let line { print(line) }
            return 0
        case .failure(let error):
            FileHandle.standardError.write(Data("pm-bench: open: \(error)\n".utf8))
            return 1
        }
    }

    // MARK: - The children

    /// The state a store is left in (see the top of the file).
    enum StoreState: String, CaseIterable {
        case compacted, unclosed, killed
    }

    /// `count` cards, one create each, round-robin over the three columns, most of them due in
    /// 2026; every thousandth of the first 50,000 starred; then left as `ending` says.
    static func build(count: Int, at url: URL, ending: StoreState) async throws {
        try? FileManager.default.removeItem(at: url)
        let engine = try ProjectManagerEngine.persistent(at: url)
        let states = ProjectState.allCases
        for index in 0..<count {
            let deadline = index % 5 == 0 ? nil : Day(year: 2026, month: 1 + index % 12, day: 1 + index % 28)
            let project = try await engine.createProject(
                ProjectDraft(
                    title: "Project \(index)", body: "plan draft review ship call write check fix", deadline: deadline),
                in: states[index % states.count])
            if index < 50_000, index % 1_000 == 0 { try await engine.star(.project(project.id)) }
        }
        switch ending {
        case .unclosed:
            return
        case .compacted:
            // A close compacts only a journal past 64 KiB: this state is the best case, none.
            try engine.compact()
            engine.close()
        case .killed:
            try engine.compact()
            engine.close()
            try await moveUntilJustBeforeCompaction(at: url)
        }
    }

    /// Opens the compacted store at `url` and moves a card of the first window to Doing and
    /// back, one save each, until its journal is within a few records of the size that makes a
    /// save start a compaction beside the saves (a 512th of the snapshot, and 16 KiB at least),
    /// and ends without a close.
    private static func moveUntilJustBeforeCompaction(at url: URL) async throws {
        func size() -> Int { (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }
        let snapshot = size()
        let threshold = max(snapshot / 512, 16 << 10)
        let engine = try ProjectManagerEngine.persistent(at: url)
        let cards = try await engine.fetchBoard(window: 50).column(.todo).items.map(\.project.id)
        var moves = 0
        var recordSize = 0
        while true {
            let before = size()
            let card = cards[(moves / 2) % cards.count]
            try await engine.moveProject(card, to: moves % 2 == 0 ? .doing : .todo, at: 0)
            moves += 1
            let after = size()
            // Each move stops a few records short: one that compacted went too far.
            guard after > before else { throw BenchmarkError("move \(moves) compacted the store") }
            recordSize = max(recordSize, after - before)
            if after - snapshot + 4 * recordSize >= threshold { return }
        }
    }

    struct BenchmarkError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Opens the store and reads the first window of each column ("open"), the today summary
    /// ("today") or the whole board ("board"), timed from the open call; or ("move") opens it,
    /// reads the first window, and times the median of 50 moves of a card of that window to another
    /// column and back, one save each, the cards read in place from the store. The engine is not
    /// closed: the moves stay in the journal instead of a compaction that is not what is timed.
    static func measure(_ mode: String, at url: URL) async throws -> Figure {
        if mode == "move" { return try await measureMoves(at: url) }
        let clock = today
        let environment = EngineEnvironment(
            now: { clock }, calendar: Calendar(identifier: .gregorian), timeZone: .gmt, makeID: { UUID() })
        let start = DispatchTime.now().uptimeNanoseconds
        let engine = try ProjectManagerEngine.persistent(at: url, environment: environment)
        switch mode {
        case "today": _ = try await engine.fetchTodaySummary()
        case "board": _ = try await engine.fetchBoard()
        default: _ = try await engine.fetchBoard(window: 50)
        }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return Figure(mode: mode, ms: ms, peak_rss_mb: peakResidentOfThisImage())
    }

    private static func measureMoves(at url: URL) async throws -> Figure {
        let clock = today
        let environment = EngineEnvironment(
            now: { clock }, calendar: Calendar(identifier: .gregorian), timeZone: .gmt, makeID: { UUID() })
        let engine = try ProjectManagerEngine.persistent(at: url, environment: environment)
        let window = try await engine.fetchBoard(window: 50)
        let cards = window.column(.todo).items.map(\.project.id)
        var times: [Double] = []
        for (index, card) in cards.prefix(25).enumerated() {
            for state in [ProjectState.doing, .todo] {
                let start = DispatchTime.now().uptimeNanoseconds
                try await engine.moveProject(card, to: state, at: index)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
        }
        times.sort()
        return Figure(
            mode: "move", ms: times[times.count / 2], peak_rss_mb: peakResidentOfThisImage(), slowest_ms: times.last)
    }

    // MARK: - The section

    /// The runs of each figure, whose median is printed: the machine's noise moves a run by a
    /// fifth either way.
    private static let runs = 5

    static func runSection(sizes: [Int]) -> Int32 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pm-bench-open-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            FileHandle.standardError.write(Data("pm-bench: open: \(error)\n".utf8))
            return 1
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = buildPeer(in: folder)
        let peer = try? built.get()
        print("Open, in a new process: the first window (50 cards a column), and the today summary")
        let empty = folder.appendingPathComponent("missing.pmstore").path
        guard let baseline = child(["--open-measure", "open", empty]).flatMap(decode) else { return 1 }
        print(
            String(
                format: "  empty store            %.3f ms, peak %.1f MiB (the baseline)", baseline.ms,
                baseline.peak_rss_mb))
        for size in sizes {
            for state in StoreState.allCases {
                let store = folder.appendingPathComponent("open-\(size)-\(state).pmstore").path
                guard child(["--open-build", String(size), store, state.rawValue]) != nil else { return 1 }
                let database = folder.appendingPathComponent("open-\(size).db").path
                if let peer, state == .compacted { _ = run(peer, ["build", String(size), database]) }
                // What the builds left for the system to write goes now, not while a run reads.
                sync()
                let bytes = (try? FileManager.default.attributesOfItem(atPath: store)[.size] as? Int) ?? 0
                print(
                    String(format: "  %-7d %@: %.1f MiB", size, state.rawValue as NSString, Double(bytes) / 1_048_576))
                for mode in state == .compacted ? ["open", "today", "board"] : ["open", "today"] {
                    // The median of five runs, each a new process.
                    let ours = (0..<Self.runs).compactMap { _ in child(["--open-measure", mode, store]).flatMap(decode)
                    }
                    guard let figure = ours.sorted(by: { $0.ms < $1.ms }).dropFirst(ours.count / 2).first else {
                        return 1
                    }
                    var line = String(
                        format: "  %-7d %-6@ ours %8.3f ms, peak %6.1f MiB (+%.1f over empty)", size, mode as NSString,
                        figure.ms, figure.peak_rss_mb, figure.peak_rss_mb - baseline.peak_rss_mb)
                    if let peer, mode != "board", let c = median(peer, mode, database) {
                        line += String(
                            format: " | C SQLite %7.3f ms, peak %5.1f MiB | ratio %@", c.ms, c.peak_rss_mb,
                            ratio(figure.ms, c.ms) as NSString)
                        // The peer's former figure: the cards without each column's count.
                        if mode == "open", let rows = median(peer, "rows", database) {
                            line += String(
                                format: " (cards only: %.3f ms, %@)", rows.ms, ratio(figure.ms, rows.ms) as NSString)
                        }
                    }
                    print(line)
                }
            }
        }
        if case .failure(let notBuilt) = built { print("  (the C SQLite peer did not build: \(notBuilt.reason))") }
        return 0
    }

    /// `ours` over `theirs`, as `2.4×`, or to two places under 1 (`0.05×`).
    private static func ratio(_ ours: Double, _ theirs: Double) -> String {
        String(format: ours < theirs ? "%.2f×" : "%.1f×", ours / theirs)
    }

    /// The median of five runs of the C peer in `mode`, each a new process.
    private static func median(_ peer: String, _ mode: String, _ database: String) -> Figure? {
        let runs = (0..<Self.runs).compactMap { _ in run(peer, [mode, database]).flatMap(decode) }
        return runs.sorted(by: { $0.ms < $1.ms }).dropFirst(runs.count / 2).first
    }

    /// The peak resident memory of this program image, in MiB: `VmHWM` of /proc/self/status on
    /// Linux, which starts afresh at `exec` (getrusage's `ru_maxrss` keeps the parent's peak across
    /// `fork` and `exec`, so a small child would report its parent's); `ru_maxrss` elsewhere.
    static func peakResidentOfThisImage() -> Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        {
            return kilobytes / 1_024
        }
        return peakResidentMegabytes()
    }

    private static func decode(_ line: String) -> Figure? {
        try? JSONDecoder().decode(Figure.self, from: Data(line.utf8))
    }

    /// This executable with `arguments`; its last line of output, or `nil` when it failed.
    private static func child(_ arguments: [String]) -> String? {
        run(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path, arguments)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("pm-bench: open: could not start \(executable): \(error)\n".utf8))
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Builds Benchmarks/open_peer.c with `cc`: the binary's path, or why it did not build.
    ///
    /// The source is found beside this file, so that pm-bench runs from any folder.
    private static func buildPeer(in folder: URL) -> Result<String, PeerNotBuilt> {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/open_peer.c")
        guard FileManager.default.fileExists(atPath: source.path) else {
            return .failure(PeerNotBuilt(reason: "\(source.path) is not there"))
        }
        let binary = folder.appendingPathComponent("open_peer").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-O2", "-o", binary, source.path, "-lsqlite3"]
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(PeerNotBuilt(reason: "cc could not start (\(error.localizedDescription))"))
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let first =
                message.split(separator: "\n").first.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .failure(PeerNotBuilt(reason: "cc failed: \(first); it needs a C compiler and libsqlite3-dev"))
        }
        return .success(binary)
    }

    /// Why the C peer did not build, printed where its figures would be.
    struct PeerNotBuilt: Error {
        var reason: String
    }
}
