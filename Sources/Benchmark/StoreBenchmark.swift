// pm-bench's store section: the object graph store's figures at each size, through
// `ObjectContext`, against the SQLite peers (Benchmarks/sqlite_peer.py and sqlite_peer.c).
//
// Each size runs in a fresh child process (`--one N`), so that peak memory is per size. The
// workload matches the peers': one board, projects round-robin over the three states, 80% with
// a deadline over two years from 2026-01-01, save-one edits that keep a title's length, and the
// fetch "in Doing, due before 2026-07-01, by deadline".

// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The figures are named as their JSON keys, which Benchmarks/compare.py reads.)

import Foundation
import ProjectManagerData
import ProjectManagerDomain

/// One size's figures; `--json` prints them as one object with these keys, sorted.
struct Figures: Encodable {
    let section = "store"
    let engine = "projectmanager"
    var count = 0
    var bulk_insert_s = 0.0
    var open_s = 0.0
    var save_one_ms_p50 = 0.0
    var save_one_ms_p99 = 0.0
    var save_one_bytes = 0
    var fetch_ms = 0.0
    var fetch_rows = 0
    var undo_ms = 0.0
    var peak_rss_mb = 0.0
}

func makeProjects(count: Int, generator: inout SeededGenerator) -> [Project] {
    let start = Day(year: 2026, month: 1, day: 1)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    let firstDay = start.start(in: calendar) ?? Date(timeIntervalSince1970: 0)
    let days = (0..<730).map { offset in
        Day(containing: firstDay.addingTimeInterval(Double(offset) * 86_400), in: calendar)
    }
    let words = ["plan", "draft", "review", "ship", "call", "write", "check", "fix", "test", "meet"]
    var positions: [ProjectState: Int] = [:]
    return (0..<count).map { index in
        let state = ProjectState.allCases[index % 3]
        let position = positions[state, default: 0]
        positions[state] = position + 1
        let body = (0..<8).map { _ in words.randomElement(using: &generator) ?? "" }.joined(separator: " ")
        let deadline = Double.random(in: 0..<1, using: &generator) < 0.8 ? days.randomElement(using: &generator) : nil
        let created = Date(
            timeIntervalSince1970: 1_767_225_600 + Double(index) + Double.random(in: 0..<1, using: &generator))
        var bytes = [UInt8](repeating: 0, count: 16)
        for offset in bytes.indices { bytes[offset] = UInt8.random(in: 0...255, using: &generator) }
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6] & 0x0F | 0x40, bytes[7],
                bytes[8] & 0x3F | 0x80, bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return Project(
            id: Project.ID(rawValue: uuid), boardID: .default, title: "Project \(index)", body: body,
            deadline: deadline, state: state, rank: Rank(ordinal: position), createdAt: created)
    }
}

func edited(_ project: Project) -> Project {
    var project = project
    let first = project.title.prefix(1)
    let swapped = first == first.uppercased() ? first.lowercased() : first.uppercased()
    project.title = swapped + project.title.dropFirst()
    project.updatedAt = project.updatedAt.addingTimeInterval(1)
    return project
}

func runOne(count: Int, iterations: Int) throws -> Figures {
    var figures = Figures(count: count)
    var generator = SeededGenerator(state: 42)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pm-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("bench.pmstore")
    let projects = makeProjects(count: count, generator: &generator)
    let ids = projects.map(\.id)

    figures.bulk_insert_s = try seconds {
        let context = try ObjectContext(schema: .projectManager, store: .file(url))
        try context.insert(
            Board(id: .default, title: "Projects", createdAt: Date(timeIntervalSince1970: 1_767_225_600)))
        for project in projects { try context.insert(project) }
        try context.save()
    }

    var opened: ObjectContext?
    figures.open_s = try seconds { opened = try ObjectContext(schema: .projectManager, store: .file(url)) }
    guard let context = opened else { throw UsageError("the store did not open") }

    var latencies: [Double] = []
    let bytesBefore = writtenBytes()
    for _ in 0..<iterations {
        guard let id = ids.randomElement(using: &generator), let project = context.object(Project.self, id: id) else {
            continue
        }
        try context.update(edited(project))
        latencies.append(try seconds { try context.save() } * 1_000)
    }
    if let before = bytesBefore, let after = writtenBytes() {
        figures.save_one_bytes = (after - before) / iterations
    }
    figures.save_one_ms_p50 = percentile(latencies, 0.5)
    figures.save_one_ms_p99 = percentile(latencies, 0.99)

    let cutoff = Day(year: 2026, month: 7, day: 1)
    let never = Day(year: 9999, month: 12, day: 31)
    let doing = ProjectState.doing
    let request = FetchRequest<Project>(
        predicate: #Predicate { $0.state == doing && ($0.deadline ?? never) < cutoff },
        sortBy: [SortDescriptor(\.deadline)])
    var fetches: [Double] = []
    for _ in 0..<5 {
        fetches.append(try seconds { figures.fetch_rows = try context.fetch(request).count } * 1_000)
    }
    figures.fetch_ms = median(fetches)

    var undos: [Double] = []
    for _ in 0..<20 {
        guard let id = ids.randomElement(using: &generator), let project = context.object(Project.self, id: id) else {
            continue
        }
        try context.update(edited(project))
        try context.save()
        undos.append(try seconds { try context.undo() } * 1_000)
    }
    figures.undo_ms = median(undos)
    figures.peak_rss_mb = peakResidentMegabytes()
    return figures
}

func describe(_ figures: Figures) -> String {
    func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
    return """
        \(figures.count) projects
          bulk insert and save  \(format(figures.bulk_insert_s, 3)) s
          cold open             \(format(figures.open_s, 3)) s
          save one change       p50 \(format(figures.save_one_ms_p50, 3)) ms, p99 \(format(figures.save_one_ms_p99, 3)) ms, \(figures.save_one_bytes) bytes
          fetch (\(figures.fetch_rows) rows)      \(format(figures.fetch_ms, 2)) ms
          undo one change       \(format(figures.undo_ms, 3)) ms
          peak memory           \(format(figures.peak_rss_mb, 1)) MiB (ru_maxrss)
        """
}

/// Runs the store section: each size in a child process of its own, which prints its figures.
///
/// - Returns: 0, or the exit status of the first child that failed.
func runStoreSection(_ options: Options) -> Int32 {
    if !options.json {
        FileHandle.standardOutput.write(Data("Store, through ObjectContext (the layer below the use cases)\n".utf8))
    }
    for size in options.sizes {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        child.arguments =
            ["--one", String(size), "--iterations", String(options.iterations)] + (options.json ? ["--json"] : [])
        do {
            try child.run()
            child.waitUntilExit()
        } catch {
            FileHandle.standardError.write(Data("pm-bench: could not start a run for \(size): \(error)\n".utf8))
            return 1
        }
        guard child.terminationStatus == 0 else { return child.terminationStatus }
    }
    return 0
}

/// The child of ``runStoreSection(_:)``: measures one size and prints its figures.
func runStoreChild(count: Int, options: Options) -> Int32 {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
        let figures = try runOne(count: count, iterations: options.iterations)
        print(options.json ? String(decoding: try encoder.encode(figures), as: UTF8.self) : describe(figures))
        return 0
    } catch {
        FileHandle.standardError.write(Data("pm-bench: \(error)\n".utf8))
        return 1
    }
}
