// pm-bench's search section: the search index over a store of mixed English and Korean projects.
//
//     swift run -c release pm-bench --search [--json] [--search-size 100000]
//
// The parent writes the store; a child process (`--search-child PATH`) opens it, so that its
// memory is the graph's alone, then builds the index at once and measures: the index's memory
// against the graph's, both as the growth of anonymous resident memory (what opening the store,
// then building the index, costs the process) and as the bytes its buffers hold, queries (50
// results each, over every board), one-card saves of the context in blocks with and without the
// index, and then one-card edits and moves through the engine's use cases with and without it.

// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The figures are named as their JSON keys, which Benchmarks/compare.py reads.)

import Foundation
import ProjectManager
import ProjectManagerData
import ProjectManagerDomain

/// What the search section measured.
struct SearchFigures: Codable {
    var section = "search"
    var count = 0
    var graph_rss_mb = 0.0
    var index_rss_mb = 0.0
    var index_estimate_mb = 0.0
    /// The index's growth of resident memory over the graph's.
    var index_share_of_graph = 0.0
    /// The bytes the index's buffers hold over the graph's growth of resident memory.
    var index_estimate_share_of_graph = 0.0
    var index_build_s = 0.0
    var query_ms_p50 = 0.0
    var query_ms_p99 = 0.0
    var query_cpu_ms_p50 = 0.0
    var query_cpu_ms_p99 = 0.0
    var queries: [String: Double] = [:]
    var query_results: [String: Int] = [:]
    var save_one_ms_p50_without_index = 0.0
    var save_one_ms_p99_without_index = 0.0
    var save_one_ms_p50_with_index = 0.0
    var save_one_ms_p99_with_index = 0.0
    var engine_edit_ms_p50_without_index = 0.0
    var engine_edit_ms_p99_without_index = 0.0
    var engine_edit_ms_p50_with_index = 0.0
    var engine_edit_ms_p99_with_index = 0.0
    var engine_edit_cpu_ms_p50_without_index = 0.0
    var engine_edit_cpu_ms_p99_without_index = 0.0
    var engine_edit_cpu_ms_p50_with_index = 0.0
    var engine_edit_cpu_ms_p99_with_index = 0.0
    var engine_move_ms_p50_without_index = 0.0
    var engine_move_ms_p99_without_index = 0.0
    var engine_move_ms_p50_with_index = 0.0
    var engine_move_ms_p99_with_index = 0.0
}

enum SearchBenchmark {
    static let queries = [
        "report", "plan review", "rev", "보고서", "ㅂㄱㅅ", "보ㄱ", "ㅎㅁㅇ", "분기 보고서", "ＲＥＰＯＲＴ", "cafe",
        "pm-4242", "zzzz",
    ]
    static let english = [
        "plan", "draft", "review", "ship", "call", "write", "check", "fix", "test", "meet", "report", "budget",
        "design", "launch", "hire", "update", "migrate", "refactor", "deploy", "invoice", "contract", "survey",
        "workshop", "release", "roadmap", "backlog", "café", "résumé", "client", "server", "mobile", "widget",
        "search", "index", "quarterly", "weekly", "annual", "team", "board", "notes", "agenda", "archive", "audit",
        "backup", "billing", "branch", "browser", "cache", "calendar", "campaign", "cleanup", "coffee", "config",
        "customer", "dashboard", "database", "deadline", "demo", "docs", "email", "feedback", "finance", "forecast",
        "garden", "grocery", "holiday", "inventory", "kitchen", "laptop", "lunch", "market", "metrics", "monitor",
        "network", "office", "onboarding", "order", "payroll", "pricing", "printer", "proposal", "receipt",
        "renewal", "research", "schedule", "security", "sprint", "supplier", "training", "travel", "vendor", "website",
    ]
    static let korean = [
        "보고서", "회의", "계획", "예산", "출시", "검토", "디자인", "채용", "계약", "설문", "워크숍", "일정", "주간",
        "월간", "분기", "연간", "고객", "서버", "모바일", "위젯", "검색", "정리", "준비", "발표", "자료", "초안", "수정",
        "배포", "점검", "교육", "바다", "여행", "휴가", "마트", "휴무일", "장보기", "영수증", "청구서", "견적", "협의",
        "가계부", "간식", "건강", "결제", "공유", "과제", "관리", "광고", "구매", "기록", "납품", "냉장고", "노트북",
        "대청소", "도서관", "독서", "마감", "매출", "면접", "문서", "물품", "반품", "백업", "병원", "부서", "사무실",
        "상담", "세금", "소포", "송금", "시험", "식단", "신청", "안내", "약속", "연락", "예약", "운동", "은행", "이사",
        "인사", "재고", "전화", "정산", "주문", "진행", "출장", "캠페인", "택배", "통계", "평가", "프린터", "학원",
    ]

    /// Runs the section when the arguments ask for it; `nil` when they do not.
    static func run(_ arguments: [String]) -> Int32? {
        let json = arguments.contains("--json")
        if let flag = arguments.firstIndex(of: "--search-child"), flag + 1 < arguments.count {
            return child(store: URL(fileURLWithPath: arguments[flag + 1]), json: json)
        }
        guard arguments.contains("--search") else { return nil }
        var size = 100_000
        if let flag = arguments.firstIndex(of: "--search-size") {
            guard flag + 1 < arguments.count, let value = Int(arguments[flag + 1]), value > 0 else {
                FileHandle.standardError.write(Data("pm-bench: --search-size needs a positive number\n".utf8))
                return 2
            }
            size = value
        }
        do {
            return try parent(size: size, json: json)
        } catch {
            FileHandle.standardError.write(Data("pm-bench: \(error)\n".utf8))
            return 1
        }
    }

    private static func parent(size: Int, json: Bool) throws -> Int32 {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pm-bench-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("search.pmstore")
        do {
            let context = try ObjectContext(schema: .projectManager, store: .file(url))
            let boards = makeBoards()
            for board in boards { try context.insert(board) }
            var generator = SeededGenerator(state: 12)
            for index in 0..<size { try context.insert(makeProject(index, boards: boards, generator: &generator)) }
            try context.save()
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        child.arguments = ["--search-child", url.path] + (json ? ["--json"] : [])
        try child.run()
        child.waitUntilExit()
        return child.terminationStatus
    }

    private static func child(store url: URL, json: Bool) -> Int32 {
        do {
            var figures = try measure(store: url)
            try measureEngine(store: url, into: &figures)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(figures), as: UTF8.self))
            } else {
                print(describe(figures))
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("pm-bench: \(error)\n".utf8))
            return 1
        }
    }

    private static func measure(store url: URL) throws -> SearchFigures {
        var figures = SearchFigures()
        // The graph and the index are measured the same way, one after the other in a fresh
        // process, before anything else (ids, saves) allocates: the growth of anonymous resident memory.
        let before = residentMegabytes()
        let context = try ObjectContext(schema: .projectManager, store: .file(url))
        figures.graph_rss_mb = residentMegabytes() - before

        var index: ProjectSearchIndex? = ProjectSearchIndex(context: context)
        let beforeIndex = residentMegabytes()
        figures.index_build_s = seconds { index?.prepare() }
        figures.index_rss_mb = residentMegabytes() - beforeIndex
        figures.index_estimate_mb = Double(index?.estimatedBytes ?? 0) / 1_048_576
        figures.index_share_of_graph = figures.index_rss_mb / figures.graph_rss_mb
        figures.index_estimate_share_of_graph = figures.index_estimate_mb / figures.graph_rss_mb

        let ids = context.reduce(Project.self, into: [Project.ID]()) { $0.append($1.id) }.sorted {
            $0.rawValue < $1.rawValue
        }
        figures.count = ids.count
        var generator = SeededGenerator(state: 99)

        var all: [Double] = []
        var cpu: [Double] = []
        for text in queries {
            let query = SearchQuery(text)
            var samples: [Double] = []
            for _ in 0..<25 {
                var found = 0
                let cpuStart = threadCPUSeconds()
                samples.append(seconds { found = index?.search(query, limit: 50).totalCount ?? 0 } * 1_000)
                cpu.append((threadCPUSeconds() - cpuStart) * 1_000)
                figures.query_results[text] = found
            }
            figures.queries[text] = median(samples)
            all += samples
        }
        (figures.query_ms_p50, figures.query_ms_p99) = (percentile(all, 0.5), percentile(all, 0.99))
        (figures.query_cpu_ms_p50, figures.query_cpu_ms_p99) = (percentile(cpu, 0.5), percentile(cpu, 0.99))

        // Saves alternate between blocks with and without the index, so that the machine's load
        // falls on both alike.
        var with = try saveLatencies(context, ids, &generator)
        index = nil
        var without = try saveLatencies(context, ids, &generator)
        index = ProjectSearchIndex(context: context)
        index?.prepare()
        with += try saveLatencies(context, ids, &generator)
        index = nil
        without += try saveLatencies(context, ids, &generator)
        (figures.save_one_ms_p50_without_index, figures.save_one_ms_p99_without_index) = (
            percentile(without, 0.5), percentile(without, 0.99)
        )
        (figures.save_one_ms_p50_with_index, figures.save_one_ms_p99_with_index) = (
            percentile(with, 0.5), percentile(with, 0.99)
        )
        context.close()
        return figures
    }

    /// One-card edits and moves through the engine, as the engine section times them: twice an
    /// engine whose index is not built, then built by one search.
    private static func measureEngine(store url: URL, into figures: inout SearchFigures) throws {
        typealias Samples = (edit: [Double], cpu: [Double], move: [Double])
        let result = blocking { () async -> Result<(without: Samples, with: Samples), any Error> in
            do {
                var without: Samples = ([], [], [])
                var with: Samples = ([], [], [])
                var generator = SeededGenerator(state: 5)
                for _ in 0..<2 {
                    let engine = try ProjectManagerEngine.persistent(at: url, environment: .live)
                    let ids = try await engine.fetchBoard().columns.flatMap { $0.items.map(\.id) }
                    try await oneCardChanges(engine, ids, &generator, into: &without)
                    _ = try await engine.searchProjects("report")
                    try await oneCardChanges(engine, ids, &generator, into: &with)
                    engine.close()
                }
                return .success((without, with))
            } catch {
                return .failure(error)
            }
        }
        let (without, with) = try result.get()
        (figures.engine_edit_ms_p50_without_index, figures.engine_edit_ms_p99_without_index) = (
            percentile(without.edit, 0.5), percentile(without.edit, 0.99)
        )
        (figures.engine_edit_ms_p50_with_index, figures.engine_edit_ms_p99_with_index) = (
            percentile(with.edit, 0.5), percentile(with.edit, 0.99)
        )
        (figures.engine_edit_cpu_ms_p50_without_index, figures.engine_edit_cpu_ms_p99_without_index) = (
            percentile(without.cpu, 0.5), percentile(without.cpu, 0.99)
        )
        (figures.engine_edit_cpu_ms_p50_with_index, figures.engine_edit_cpu_ms_p99_with_index) = (
            percentile(with.cpu, 0.5), percentile(with.cpu, 0.99)
        )
        (figures.engine_move_ms_p50_without_index, figures.engine_move_ms_p99_without_index) = (
            percentile(without.move, 0.5), percentile(without.move, 0.99)
        )
        (figures.engine_move_ms_p50_with_index, figures.engine_move_ms_p99_with_index) = (
            percentile(with.move, 0.5), percentile(with.move, 0.99)
        )
    }

    /// 100 title edits (`updateProject`) and 100 moves to the top of a column (`moveProject`) of random cards.
    private static func oneCardChanges(
        _ engine: ProjectManagerEngine, _ ids: [Project.ID], _ generator: inout SeededGenerator,
        into samples: inout (edit: [Double], cpu: [Double], move: [Double])
    ) async throws {
        for _ in 0..<100 {
            guard let id = ids.randomElement(using: &generator) else { return }
            let project = try await engine.fetchProject(id)
            let title = project.title.hasSuffix("!") ? String(project.title.dropLast()) : project.title + "!"
            let draft = ProjectDraft(title: title, body: project.body, deadline: project.deadline)
            // The process's CPU time: the use case may run on another thread than this task's.
            let cpuStart = cpuSeconds(CLOCK_PROCESS_CPUTIME_ID)
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await engine.updateProject(id, with: draft)
            samples.edit.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            samples.cpu.append((cpuSeconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart) * 1_000)
        }
        for _ in 0..<100 {
            guard let id = ids.randomElement(using: &generator) else { return }
            let state = try await engine.fetchProject(id).state
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await engine.moveProject(id, to: state, at: 0)
            samples.move.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
    }

    /// Edits one project's title and saves, 100 times.
    private static func saveLatencies(_ context: ObjectContext, _ ids: [Project.ID], _ generator: inout SeededGenerator)
        throws -> [Double]
    {
        var latencies: [Double] = []
        for _ in 0..<100 {
            guard let id = ids.randomElement(using: &generator), var project = context.object(Project.self, id: id)
            else { continue }
            project.title = project.title.hasSuffix("!") ? String(project.title.dropLast()) : project.title + "!"
            project.updatedAt = project.updatedAt.addingTimeInterval(1)
            try context.update(project)
            latencies.append(try seconds { try context.save() } * 1_000)
        }
        return latencies
    }

    private static func makeBoards() -> [Board] {
        (0..<10).map { n in
            Board(
                id: n == 0
                    ? .default
                    : Board.ID(rawValue: UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(n)))),
                title: "Board \(n)", createdAt: Date(timeIntervalSince1970: 1_767_225_600))
        }
    }

    /// A title of two to five words and a body of six to fourteen, 60% English and 40% Korean,
    /// and a ticket number in the body.
    private static func makeProject(_ index: Int, boards: [Board], generator: inout SeededGenerator) -> Project {
        func words(_ count: ClosedRange<Int>) -> String {
            let vocabulary = Double.random(in: 0..<1, using: &generator) < 0.6 ? english : korean
            return (0..<Int.random(in: count, using: &generator))
                .map { _ in vocabulary.randomElement(using: &generator) ?? "" }.joined(separator: " ")
        }
        let title = words(2...5)
        let body = words(6...14) + " PM-\(index)"
        var bytes = [UInt8](repeating: 0, count: 16)
        for offset in bytes.indices { bytes[offset] = UInt8.random(in: 0...255, using: &generator) }
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6] & 0x0F | 0x40, bytes[7],
                bytes[8] & 0x3F | 0x80, bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        let created = Date(timeIntervalSince1970: 1_767_225_600 + Double(index))
        return Project(
            id: Project.ID(rawValue: uuid), boardID: boards[index % boards.count].id, title: title, body: body,
            state: ProjectState.allCases[index % 3], createdAt: created)
    }

    /// The CPU time this thread has used: a query's own cost, whatever else the machine runs.
    private static func threadCPUSeconds() -> Double {
        cpuSeconds(CLOCK_THREAD_CPUTIME_ID)
    }

    /// The CPU time `clock` has counted.
    private static func cpuSeconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// This process's anonymous resident memory now (`RssAnon` of /proc/self/status): the heap,
    /// without the pages of libraries and Unicode tables mapped from files; 0 off Linux.
    private static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("RssAnon:") {
            let kilobytes = line.dropFirst("RssAnon:".count).trimmingCharacters(in: .whitespaces).split(separator: " ")
                .first
            return (kilobytes.flatMap { Double($0) } ?? 0) / 1_024
        }
        return 0
    }

    private static func describe(_ figures: SearchFigures) -> String {
        func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        let perQuery = queries.map {
            "    \($0.padding(toLength: 12, withPad: " ", startingAt: 0)) \(format(figures.queries[$0] ?? 0, 3)) ms, \(figures.query_results[$0] ?? 0) matches"
        }
        return """
            search over \(figures.count) projects
              graph memory          \(format(figures.graph_rss_mb, 1)) MB anonymous resident
              index memory          \(format(figures.index_rss_mb, 1)) MB anonymous resident (\(format(figures.index_share_of_graph * 100, 1))% of the graph), \(format(figures.index_estimate_mb, 1)) MB counted (\(format(figures.index_estimate_share_of_graph * 100, 1))%)
              index build           \(format(figures.index_build_s, 3)) s, on the first search
              query (50 results)    p50 \(format(figures.query_ms_p50, 3)) ms, p99 \(format(figures.query_ms_p99, 3)) ms wall clock
                                    p50 \(format(figures.query_cpu_ms_p50, 3)) ms, p99 \(format(figures.query_cpu_ms_p99, 3)) ms of CPU time
            \(perQuery.joined(separator: "\n"))
              save one change       p50 \(format(figures.save_one_ms_p50_without_index, 3)) ms, p99 \(format(figures.save_one_ms_p99_without_index, 3)) ms without the index
                                    p50 \(format(figures.save_one_ms_p50_with_index, 3)) ms, p99 \(format(figures.save_one_ms_p99_with_index, 3)) ms with it
              engine updateProject  p50 \(format(figures.engine_edit_ms_p50_without_index, 3)) ms, p99 \(format(figures.engine_edit_ms_p99_without_index, 3)) ms wall clock; CPU p50 \(format(figures.engine_edit_cpu_ms_p50_without_index, 3)) ms, p99 \(format(figures.engine_edit_cpu_ms_p99_without_index, 3)) ms, without the index
                                    p50 \(format(figures.engine_edit_ms_p50_with_index, 3)) ms, p99 \(format(figures.engine_edit_ms_p99_with_index, 3)) ms wall clock; CPU p50 \(format(figures.engine_edit_cpu_ms_p50_with_index, 3)) ms, p99 \(format(figures.engine_edit_cpu_ms_p99_with_index, 3)) ms, with it
              engine moveProject    p50 \(format(figures.engine_move_ms_p50_without_index, 3)) ms, p99 \(format(figures.engine_move_ms_p99_without_index, 3)) ms without the index (to the top)
                                    p50 \(format(figures.engine_move_ms_p50_with_index, 3)) ms, p99 \(format(figures.engine_move_ms_p99_with_index, 3)) ms with it
            """
    }
}
