// The engine section of pm-bench: what apps and `pm` call, measured through the public use cases
// of `ProjectManagerEngine` on one board of a file store, each size in a fresh child process.
//
//     swift run -c release pm-bench --engine-only [--json] [--sizes 1000,10000,100000]

// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The figures are named as their JSON keys, which Benchmarks/compare.py reads.)

import Foundation
import ProjectManager
import Synchronization

/// One size's figures, as `--json` prints them (keys are stable).
struct EngineFigures: Encodable {
    let section = "engine"
    var count = 0
    var import_s = 0.0
    var create_ms_p50 = 0.0, create_ms_p99 = 0.0, create_bytes = 0
    var move_top_ms_p50 = 0.0, move_top_ms_p99 = 0.0, move_top_bytes = 0
    var move_column_ms_p50 = 0.0, move_column_ms_p99 = 0.0, move_column_bytes = 0
    var edit_ms_p50 = 0.0, edit_ms_p99 = 0.0, edit_bytes = 0
    var delete_ms_p50 = 0.0, delete_ms_p99 = 0.0, delete_bytes = 0
    var move_list_ms_p50 = 0.0, move_list_ms_p99 = 0.0, move_list_bytes = 0
    var label_ms_p50 = 0.0, label_ms_p99 = 0.0, label_bytes = 0
    var archive_ms_p50 = 0.0, archive_ms_p99 = 0.0, archive_bytes = 0
    var list_rename_ms_p50 = 0.0, list_rename_ms_p99 = 0.0, list_rename_bytes = 0
    var check_item_ms_p50 = 0.0, check_item_ms_p99 = 0.0, check_item_bytes = 0
    var comment_ms_p50 = 0.0, comment_ms_p99 = 0.0, comment_bytes = 0
    var trello_1000_s = 0.0
    var fetch_window_ms = 0.0
    var fetch_whole_ms = 0.0
    var history_20_ms = 0.0
    var file_bytes_after_import = 0
    var mixed_operations = 0
    var file_bytes_after_mixed = 0
    var reopen_s = 0.0
    var peak_rss_mb = 0.0
}

enum EngineBenchmark {
    /// Runs one size in this process when the arguments ask for it (`--engine-one N`), and
    /// returns the exit status; `nil` when they do not.
    static func runIfAsked(_ arguments: [String]) -> Int32? {
        guard let index = arguments.firstIndex(of: "--engine-one"), index + 1 < arguments.count,
            let count = Int(arguments[index + 1])
        else { return nil }
        let json = arguments.contains("--json")
        let iterations = arguments.firstIndex(of: "--iterations").flatMap { Int(arguments[$0 + 1]) } ?? 200
        let result = blocking { () async -> Result<EngineFigures, any Error> in
            do {
                return .success(try await run(count: count, iterations: iterations))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let figures):
            print(json ? encoded(figures) : describe(figures))
            return 0
        case .failure(let error):
            FileHandle.standardError.write(Data("pm-bench: engine: \(error)\n".utf8))
            return 1
        }
    }

    /// Runs every size, each in a child process.
    static func runSection(sizes: [Int], iterations: Int, json: Bool) -> Int32 {
        if !json {
            // Unbuffered, so that it comes before the children's output.
            FileHandle.standardOutput.write(
                Data("Engine, through the public use cases (one board, file store, fdatasync on every save)\n".utf8))
        }
        for size in sizes {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            child.arguments =
                ["--engine-one", String(size), "--iterations", String(iterations)] + (json ? ["--json"] : [])
            do {
                try child.run()
                child.waitUntilExit()
            } catch {
                FileHandle.standardError.write(
                    Data("pm-bench: could not start the engine run for \(size): \(error)\n".utf8))
                return 1
            }
            guard child.terminationStatus == 0 else { return child.terminationStatus }
        }
        return 0
    }

    // MARK: - The workload

    static func run(count: Int, iterations: Int) async throws -> EngineFigures {
        var figures = EngineFigures(count: count)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pm-bench-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("bench.pmstore")
        let environment = EngineEnvironment.live

        try await measureOperations(
            on: .persistent(at: url, environment: environment), url: url, iterations: iterations, into: &figures)
        // The engine above is gone, and its lock with it.
        let reopenStart = DispatchTime.now().uptimeNanoseconds
        let reopened = try ProjectManagerEngine.persistent(at: url, environment: environment)
        figures.reopen_s = Double(DispatchTime.now().uptimeNanoseconds - reopenStart) / 1e9
        _ = try await reopened.fetchBoard(window: 1)
        figures.peak_rss_mb = peakResidentMegabytes()
        return figures
    }

    /// Imports `figures.count` projects, then times each one-card use case, the reads, and
    /// 10,000 mixed operations.
    private static func measureOperations(
        on opened: ProjectManagerEngine, url: URL, iterations: Int, into figures: inout EngineFigures
    ) async throws {
        let count = figures.count
        var generator = SeededGenerator(state: 7)
        let words = ["plan", "draft", "review", "ship", "call", "write", "check", "fix", "test", "meet"]
        let drafts = (0..<count).map { index in
            ProjectDraft(
                title: "Project \(index)",
                body: (0..<8).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: " "))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var ids: [Project.ID] = []
        for state in ProjectState.allCases {
            let offset = ProjectState.allCases.firstIndex(of: state) ?? 0
            let third = stride(from: offset, to: drafts.count, by: 3).map { drafts[$0] }
            ids += try await opened.importProjects(third, in: state).map(\.id)
        }
        figures.import_s = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        figures.file_bytes_after_import = fileSize(url)
        // The search index is built on the first query and then kept up to date by every save, so
        // with one query here every operation below pays for the index, as in an app that searches.
        _ = try await opened.searchProjects("review")

        func measure(_ operation: () async throws -> Void) async rethrows -> (ms: Double, bytes: Int) {
            let written = writtenBytes() ?? 0
            let start = DispatchTime.now().uptimeNanoseconds
            let cpu = processorSeconds()
            try await operation()
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            cpuSamples.append((processorSeconds() - cpu) * 1_000)
            return (ms, (writtenBytes() ?? 0) - written)
        }
        var cpuSamples: [Double] = []
        func record(_ samples: [(ms: Double, bytes: Int)]) -> (Double, Double, Int) {
            if ProcessInfo.processInfo.environment["PM_BENCH_CPU"] != nil {
                print("cpu ms p50 \(percentile(cpuSamples, 0.5)) p99 \(percentile(cpuSamples, 0.99))")
            }
            cpuSamples = []
            return (
                percentile(samples.map(\.ms), 0.5), percentile(samples.map(\.ms), 0.99),
                Int(percentile(samples.map { Double($0.bytes) }, 0.5))
            )
        }
        func randomID() -> Project.ID { ids[Int.random(in: 0..<ids.count, using: &generator)] }

        var samples: [(ms: Double, bytes: Int)] = []
        for index in 0..<iterations {
            samples.append(
                try await measure {
                    ids.append(try await opened.createProject(ProjectDraft(title: "New \(index)")).id)
                })
        }
        (figures.create_ms_p50, figures.create_ms_p99, figures.create_bytes) = record(samples)

        samples = []
        for _ in 0..<iterations {
            let id = randomID()
            let state = try await opened.fetchProject(id).state
            samples.append(try await measure { try await opened.moveProject(id, to: state, at: 0) })
        }
        (figures.move_top_ms_p50, figures.move_top_ms_p99, figures.move_top_bytes) = record(samples)

        samples = []
        for _ in 0..<iterations {
            let id = randomID()
            let state = try await opened.fetchProject(id).state
            let next: ProjectState =
                switch state {
                case .todo: .doing
                case .doing: .done
                case .done: .todo
                }
            samples.append(try await measure { try await opened.moveProject(id, to: next) })
        }
        (figures.move_column_ms_p50, figures.move_column_ms_p99, figures.move_column_bytes) = record(samples)

        samples = []
        for index in 0..<iterations {
            let id = randomID()
            samples.append(
                try await measure {
                    try await opened.updateProject(id, with: ProjectDraft(title: "Edited \(index)"))
                })
        }
        (figures.edit_ms_p50, figures.edit_ms_p99, figures.edit_bytes) = record(samples)

        samples = []
        for _ in 0..<iterations {
            let position = Int.random(in: 0..<ids.count, using: &generator)
            let id = ids.remove(at: position)
            samples.append(try await measure { try await opened.deleteProject(id) })
        }
        (figures.delete_ms_p50, figures.delete_ms_p99, figures.delete_bytes) = record(samples)

        // The one-object changes of lists, labels and the archive.
        let review = try await opened.addList("Review", on: .default, stage: .doing, at: 2)
        samples = []
        for _ in 0..<iterations {
            let id = randomID()
            samples.append(try await measure { try await opened.moveProject(id, toList: review.id, at: 0) })
        }
        (figures.move_list_ms_p50, figures.move_list_ms_p99, figures.move_list_bytes) = record(samples)

        let urgent = try await opened.createLabel("Urgent", colour: .red, on: .default)
        samples = []
        for _ in 0..<iterations {
            let id = randomID()
            samples.append(try await measure { try await opened.labelProject(id, label: urgent.id) })
        }
        (figures.label_ms_p50, figures.label_ms_p99, figures.label_bytes) = record(samples)

        // Each card archived, then restored: both are one-card changes.
        samples = []
        var archived = randomID()
        for index in 0..<iterations {
            if index % 2 == 0 { archived = randomID() }
            let id = archived
            samples.append(try await measure { try await opened.archiveProject(id, archived: index % 2 == 0) })
        }
        (figures.archive_ms_p50, figures.archive_ms_p99, figures.archive_bytes) = record(samples)

        samples = []
        for index in 0..<iterations {
            samples.append(
                try await measure { try await opened.editList(review.id, on: .default, .rename("Review \(index)")) })
        }
        (figures.list_rename_ms_p50, figures.list_rename_ms_p99, figures.list_rename_bytes) = record(samples)

        // Items on random cards, then each ticked: the tick is the measured change.
        var items: [ChecklistItem] = []
        for index in 0..<iterations {
            items.append(try await opened.addChecklistItem("Step \(index)", to: randomID()))
        }
        samples = []
        for item in items {
            samples.append(try await measure { try await opened.editChecklistItem(item.id, .done(true)) })
        }
        (figures.check_item_ms_p50, figures.check_item_ms_p99, figures.check_item_bytes) = record(samples)

        samples = []
        for index in 0..<iterations {
            let id = randomID()
            samples.append(try await measure { try await opened.postComment("Looks good \(index)", on: id) })
        }
        (figures.comment_ms_p50, figures.comment_ms_p99, figures.comment_bytes) = record(samples)

        let export = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/Trello/thousand-cards.json")
        if let data = try? Data(contentsOf: export) {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await opened.importTrelloBoard(data)
            figures.trello_1000_s = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }

        figures.fetch_window_ms = try await medianMilliseconds { _ = try await opened.fetchBoard(window: 50) }
        figures.fetch_whole_ms = try await medianMilliseconds { _ = try await opened.fetchBoard() }
        figures.history_20_ms = try await medianMilliseconds { _ = try await opened.fetchHistory(limit: 20) }

        // 10,000 mixed one-card operations, then the file's size and a reopen.
        figures.mixed_operations = 10_000
        for index in 0..<figures.mixed_operations {
            switch index % 5 {
            case 0: ids.append(try await opened.createProject(ProjectDraft(title: "Mixed \(index)")).id)
            case 1: try await opened.moveProject(randomID(), to: .todo, at: Int.random(in: 0..<100, using: &generator))
            case 2: try await opened.moveProject(randomID(), to: ProjectState.allCases[index % 3])
            case 3: try await opened.updateProject(randomID(), with: ProjectDraft(title: "Mixed edit \(index)"))
            default: try await opened.deleteProject(ids.remove(at: Int.random(in: 0..<ids.count, using: &generator)))
            }
        }
        figures.file_bytes_after_mixed = fileSize(url)
    }

    private static func medianMilliseconds(_ work: () async throws -> Void) async rethrows -> Double {
        var samples: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<9 {
            let start = DispatchTime.now().uptimeNanoseconds
            let processor = processorSeconds()
            try await work()
            cpu.append((processorSeconds() - processor) * 1_000)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        if ProcessInfo.processInfo.environment["PM_BENCH_CPU"] != nil { print("cpu ms p50 \(median(cpu))") }
        return median(samples)
    }

    /// The processor time this process has used, user and system, in seconds.
    private static func processorSeconds() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
        #else
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func fileSize(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    // MARK: - Output

    static func encoded(_ figures: EngineFigures) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(figures)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func describe(_ figures: EngineFigures) -> String {
        func ms(_ value: Double) -> String { String(format: "%.3f", value) }
        func row(_ name: String, _ p50: Double, _ p99: Double, _ bytes: Int) -> String {
            "  \(name.padding(toLength: 22, withPad: " ", startingAt: 0))p50 \(ms(p50)) ms, p99 \(ms(p99)) ms, \(bytes) bytes"
        }
        return """
            \(figures.count) projects on one board
              import (one save)     \(String(format: "%.3f", figures.import_s)) s
            \(row("create", figures.create_ms_p50, figures.create_ms_p99, figures.create_bytes))
            \(row("move to the top", figures.move_top_ms_p50, figures.move_top_ms_p99, figures.move_top_bytes))
            \(row("move to a column", figures.move_column_ms_p50, figures.move_column_ms_p99, figures.move_column_bytes))
            \(row("edit", figures.edit_ms_p50, figures.edit_ms_p99, figures.edit_bytes))
            \(row("delete", figures.delete_ms_p50, figures.delete_ms_p99, figures.delete_bytes))
            \(row("move to a list", figures.move_list_ms_p50, figures.move_list_ms_p99, figures.move_list_bytes))
            \(row("label a card", figures.label_ms_p50, figures.label_ms_p99, figures.label_bytes))
            \(row("archive/restore", figures.archive_ms_p50, figures.archive_ms_p99, figures.archive_bytes))
            \(row("rename a list", figures.list_rename_ms_p50, figures.list_rename_ms_p99, figures.list_rename_bytes))
            \(row("tick a checklist item", figures.check_item_ms_p50, figures.check_item_ms_p99, figures.check_item_bytes))
            \(row("post a comment", figures.comment_ms_p50, figures.comment_ms_p99, figures.comment_bytes))
              Trello, 1,000 cards   \(String(format: "%.3f", figures.trello_1000_s)) s
              fetchBoard, first 50  \(ms(figures.fetch_window_ms)) ms
              fetchBoard, whole     \(ms(figures.fetch_whole_ms)) ms
              newest 20 history     \(ms(figures.history_20_ms)) ms
              file after import     \(figures.file_bytes_after_import) bytes
              after \(figures.mixed_operations) operations \(figures.file_bytes_after_mixed) bytes, reopens in \(String(format: "%.3f", figures.reopen_s)) s
              peak memory           \(String(format: "%.1f", figures.peak_rss_mb)) MB
            """
    }
}

/// Runs async work to its end from synchronous code (the benchmark's main thread).
func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    guard let value = result.withLock({ $0 }) else { preconditionFailure("the task set its result before signalling") }
    return value
}
