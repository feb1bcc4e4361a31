import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Project search index")
struct ProjectSearchIndexTests {
    static let now = TestClock.defaultStart
    static let other = Board(id: Board.ID(rawValue: SequentialIDs.id(500)), title: "Other", createdAt: now)

    static func project(_ n: Int, _ title: String, body: String = "", board: Board.ID = .default, minute: Int = 0) -> Project {
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(n)), boardID: board, title: title, body: body,
            createdAt: now, updatedAt: now.addingTimeInterval(Double(minute) * 60))
    }

    /// A context with both boards and these projects saved.
    static func context(_ projects: [Project], store: StoreDescription = .inMemory) throws -> ObjectContext {
        let context = try ObjectContext(schema: .projectManager, store: store)
        try context.insert(Board(id: .default, title: Board.defaultTitle, createdAt: now))
        try context.insert(other)
        for project in projects { try context.insert(project) }
        try context.save()
        return context
    }

    static func titles(_ index: ProjectSearchIndex, _ query: String, board: Board.ID? = nil) -> [String] {
        index.search(SearchQuery(query), onBoard: board).items.map(\.project.title)
    }

    @Test("a save is searchable as soon as it returns: inserts, edits and deletes")
    func followsSaves() throws {
        // Given an index already built
        let context = try Self.context([Self.project(1, "주간 보고서")])
        let index = ProjectSearchIndex(context: context)
        #expect(Self.titles(index, "ㅂㄱㅅ") == ["주간 보고서"])

        // When a project is added, one is renamed, and then one is deleted
        try context.insert(Self.project(2, "Quarterly report", minute: 1))
        try context.save()
        #expect(Self.titles(index, "report") == ["Quarterly report"])

        var renamed = Self.project(1, "월간 계획", minute: 2)
        renamed.body = "보고서 없음"
        try context.update(renamed)
        try context.save()
        #expect(Self.titles(index, "ㅂㄱㅅ") == ["월간 계획"])
        #expect(index.search(SearchQuery("ㅂㄱㅅ")).items.first?.relevance.field == .body)

        try context.delete(Project.self, id: Self.project(2, "").id)
        try context.save()

        // Then
        #expect(Self.titles(index, "report").isEmpty)
        #expect(index.count == 1)
    }

    @Test("undo and redo update the index like any save")
    func followsUndo() throws {
        let context = try Self.context([])
        let index = ProjectSearchIndex(context: context)
        index.prepare()
        try context.insert(Self.project(1, "Café opening"))
        try context.save()

        try context.undo()
        #expect(Self.titles(index, "cafe").isEmpty)

        try context.redo()
        #expect(Self.titles(index, "CAFÉ") == ["Café opening"])
    }

    @Test("an index built after saves sees them, and a board's deletion takes its projects out")
    func lazyBuildAndCascade() throws {
        let context = try Self.context([
            Self.project(1, "plan the trip"), Self.project(2, "plan the party", board: Self.other.id, minute: 1),
        ])
        try context.insert(Self.project(3, "plan the budget", minute: 2))
        try context.save()
        let index = ProjectSearchIndex(context: context)
        #expect(index.count == 0)

        #expect(Self.titles(index, "plan") == ["plan the budget", "plan the party", "plan the trip"])
        #expect(Self.titles(index, "plan", board: Self.other.id) == ["plan the party"])
        #expect(Self.titles(index, "plan", board: .default) == ["plan the budget", "plan the trip"])

        try context.delete(Board.self, id: Self.other.id)
        try context.save()
        #expect(Self.titles(index, "plan") == ["plan the budget", "plan the trip"])
        #expect(index.count == 2)
    }

    @Test("a store reopened from disk is searchable, match ranges included")
    func reopened() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.file("search.pmstore")
        do {
            _ = try Self.context([Self.project(1, "🎉 보고서 작성", body: "Report for 👍🏽 Q4")], store: .file(url))
        }
        let index = ProjectSearchIndex(context: try ObjectContext(schema: .projectManager, store: .file(url)))

        let result = try #require(index.search(SearchQuery("ㅂㄱㅅ q4")).items.first)

        #expect(result.titleMatchIndices.map { String(result.project.title[$0]) } == ["보고서"])
        #expect(result.bodyMatchIndices.map { String(result.project.body[$0]) } == ["Q4"])
    }

    @Test("the index ranks and limits exactly as the search rules do over the same projects")
    func agreesWithTheRules() throws {
        // Given 300 projects drawn from a fixed mix of English and Korean words
        let words = ["plan", "planning", "보고서", "회의", "Café", "ＲＥＰＯＲＴ", "report", "바다", "보다", "review", "주간"]
        var generator = SeededGenerator(seed: 7)
        let projects = (1...300).map { n in
            let title = (0..<3).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            let body = (0..<4).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            return Self.project(n, title, body: body, board: n % 4 == 0 ? Self.other.id : .default, minute: n % 17)
        }
        let index = ProjectSearchIndex(context: try Self.context(projects))

        // Then
        for query in ["plan", "ㅂㄱㅅ", "보ㄷ", "cafe report", "ㅎㅇ", "ＰＬＡＮ", "view", "없음"] {
            let expected = SearchQuery(query).results(in: projects, limit: 25)
            #expect(index.search(SearchQuery(query), limit: 25) == expected, "\(query)")
            let onOther = SearchQuery(query).results(in: projects.filter { $0.boardID == Self.other.id })
            #expect(index.search(SearchQuery(query), onBoard: Self.other.id) == onOther, "\(query)")
        }
    }
}
