import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// ``ObjectContext/insert(contentsOf:)``: many new objects at once, sorted into their entity's
/// orderings once, against the same objects inserted one at a time.
@Suite("Inserting many objects at once")
struct BatchInsertTests {
    @Test(
        "a batch reads in the same orders as the same objects inserted one at a time, before and after later changes",
        arguments: [UInt64(1), 2, 3])
    func batchMatchesOneAtATime(seed: UInt64) throws {
        // Given two contexts holding the same boards, lists and first projects
        var random = SeededGenerator(seed: seed)
        var model = InPlaceStoreTests.Model()
        let batched = try ObjectContext(schema: .projectManager, store: .inMemory)
        let single = try ObjectContext(schema: .projectManager, store: .inMemory)
        for _ in 0..<2 {
            let (board, lists) = model.makeBoard(&random)
            for context in [batched, single] {
                try context.insert(board)
                for list in lists { try context.insert(list) }
            }
        }
        func makeProjects(_ count: Int) -> [Project] {
            (0..<count).map { _ in
                var project = model.makeProject(&random)
                if Bool.random(using: &random) {
                    project.deadline = Day(year: 2026, month: .random(in: 1...12, using: &random), day: 1)
                }
                model.put(project)
                return project
            }
        }
        for project in makeProjects(300) {
            try batched.insert(project)
            try single.insert(project)
        }

        // When 3,000 more go into one as a batch and into the other one by one
        let many = makeProjects(3_000)
        try batched.insert(contentsOf: many)
        for project in many { try single.insert(project) }

        // Then every column and every board's deadlines read in the same order
        try Self.expectSameOrders(batched, single, model: model)

        // When both then take the same moves, one at a time
        for project in many.shuffled(using: &random).prefix(200) {
            var moved = project
            moved.rank = model.rank(in: InPlaceStoreTests.Model.column(of: project), excluding: project.id, &random)
            moved.deadline = nil
            model.put(moved)
            try batched.update(moved)
            try single.update(moved)
        }

        // Then they still agree
        try Self.expectSameOrders(batched, single, model: model)
    }

    @Test("a batch with an object that exists, or with one id twice, inserts none of it")
    func batchIsAllOrNothing() throws {
        // Given a context with a board, its lists and one saved project
        var random = SeededGenerator(seed: 9)
        var model = InPlaceStoreTests.Model()
        let context = try ObjectContext(schema: .projectManager, store: .inMemory)
        let (board, lists) = model.makeBoard(&random)
        try context.insert(board)
        for list in lists { try context.insert(list) }
        let saved = model.makeProject(&random)
        try context.insert(saved)
        try context.save()
        let fresh = (0..<2_000).map { _ in model.makeProject(&random) }

        // When a batch holds the saved project, or one new project twice
        let withSaved = #expect(throws: ContextError.self) { try context.insert(contentsOf: fresh + [saved]) }
        let twice = #expect(throws: ContextError.self) { try context.insert(contentsOf: fresh + [fresh[7]]) }

        // Then each is refused, naming that object, and nothing of either was inserted
        #expect(withSaved == .objectExists(saved.objectID))
        #expect(twice == .objectExists(fresh[7].objectID))
        #expect(!context.hasChanges)
        #expect(try context.count(FetchRequest<Project>()) == 1)
    }

    static func expectSameOrders(_ left: ObjectContext, _ right: ObjectContext, model: InPlaceStoreTests.Model) throws {
        for list in model.lists {
            for archived in [false, true] {
                let column = ProjectColumn(list.id, archived: archived)
                let expected = model.ordered(column).map(\.id)
                #expect(
                    left.objects(Project.self, ordering: ProjectColumn.ordering, group: column).map(\.id) == expected)
                #expect(
                    right.objects(Project.self, ordering: ProjectColumn.ordering, group: column).map(\.id) == expected)
            }
        }
        for board in model.boards {
            for waiting in [false, true] {
                let group = ProjectDeadlines(board: board.id, waiting: waiting)
                let fromLeft = left.objects(Project.self, ordering: ProjectDeadlines.ordering, group: group).map(\.id)
                let fromRight = right.objects(Project.self, ordering: ProjectDeadlines.ordering, group: group).map(\.id)
                #expect(fromLeft == fromRight)
                #expect(fromLeft.count == left.count(Project.self, ordering: ProjectDeadlines.ordering, group: group))
            }
        }
        #expect(try left.count(FetchRequest<Project>()) == right.count(FetchRequest<Project>()))
    }
}
