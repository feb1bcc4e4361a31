import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Project search index")
struct ProjectSearchIndexTests {
    static let now = TestClock.defaultStart
    static let other = Board(id: Board.ID(rawValue: SequentialIDs.id(500)), title: "Other", createdAt: now)

    static func project(_ n: Int, _ title: String, body: String = "", board: Board.ID = .default, minute: Int = 0)
        -> Project
    {
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

    @Test(
        "text read from the graph's own strings and text kept folded search alike, as edits move a project between them"
    )
    func originalAndFoldedText() throws {
        // Given a title that folds to itself but for case, and one that does not (an accent)
        let context = try Self.context([
            Self.project(1, "Quarterly Report", body: "보고서 초안"),
            Self.project(2, "Café REPORT", body: "ＰＭ-7", minute: 1),
        ])
        let index = ProjectSearchIndex(context: context)
        #expect(Self.titles(index, "report") == ["Café REPORT", "Quarterly Report"])

        // When each is edited into the other kind of text
        var first = Self.project(1, "Résumé report", body: "보고서", minute: 2)
        var second = Self.project(2, "Weekly Report", body: "PM-7 ㄱ", minute: 3)
        try context.update(first)
        try context.update(second)
        try context.save()

        // Then both are found, ranked and highlighted from whichever text they now have
        let found = index.search(SearchQuery("REPORT ㅂㄱㅅ"))
        #expect(found.items.map(\.project.title) == ["Résumé report"])
        let result = try #require(found.items.first)
        #expect(result.titleMatchIndices.map { String(result.project.title[$0]) } == ["report"])
        #expect(result.bodyMatchIndices.map { String(result.project.body[$0]) } == ["보고서"])
        #expect(Self.titles(index, "resume") == ["Résumé report"])
        #expect(Self.titles(index, "pm-7") == ["Weekly Report"])
        #expect(Self.titles(index, "cafe").isEmpty)

        (first.title, second.title) = ("plain", "Plain")
        try context.update(first)
        try context.update(second)
        try context.save()
        #expect(Set(Self.titles(index, "PLAIN")) == ["plain", "Plain"])
        #expect(Self.titles(index, "resume").isEmpty)
    }

    @Test(
        "thousands of inserts, edits and deletes in random order leave exactly the live projects, as the rules rank them"
    )
    func churn() throws {
        // Given an index over 1,000 projects, every other one with accents (kept folded), the
        // others read from the graph's strings; an edit may move a project from one kind to the other
        let context = try Self.context([])
        let index = ProjectSearchIndex(context: context)
        index.prepare()
        var generator = SeededGenerator(seed: 12)
        let plain = ["plan", "보고서", "REVIEW", "회의", "ship"]
        let accented = plain + ["Café", "résumé"]
        func text(_ count: Int, _ n: Int) -> String {
            let words = n % 2 == 0 ? plain : accented
            return (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        var live: [Int: Project] = [:]
        for n in 1...1_000 {
            let project = Self.project(n, text(3, n), body: text(40, n), minute: n % 50)
            live[n] = project
            try context.insert(project)
        }
        try context.save()

        // When two thirds are deleted and the rest edited, several times over, in random order
        for round in 0..<4 {
            for n in live.keys.sorted() {
                switch generator.next() % 3 {
                case 0 where round < 2:
                    try context.delete(Project.self, id: Self.project(n, "").id)
                    live[n] = nil
                default:
                    let project = Self.project(
                        n, text(3, n + round), body: text(40, n + round), minute: (n + round) % 50)
                    live[n] = project
                    try context.update(project)
                }
            }
            try context.save()
        }

        // Then the index holds the live projects and answers as the rules do over them
        #expect(index.count == live.count)
        let projects = Array(live.values)
        for query in ["plan", "cafe", "ㅂㄱㅅ", "review resume", "회ㅇ", "ship plan 보고서"] {
            #expect(
                index.search(SearchQuery(query), limit: 30) == SearchQuery(query).results(in: projects, limit: 30),
                "\(query)")
        }
        #expect(
            index.search(SearchQuery("a"), limit: 0).totalCount == SearchQuery("a").results(in: projects).totalCount)
    }
}
