import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Fetch sorting agrees with Foundation")
struct FetchSortTests {
    /// Projects with a spread of optional deadlines, states and positions, and unique titles so
    /// that every order below is total.
    static func projects() -> [Project] {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<300).map { index in
            Project(
                id: Project.ID(rawValue: SequentialIDs.id(index + 1)), boardID: .default,
                title: "P\(String(format: "%04d", next(10_000)))-\(index)",
                deadline: next(4) == 0 ? nil : Day(year: 2026, month: 1 + next(12), day: 1 + next(28)),
                state: ProjectState.allCases[next(3)], rank: Rank(ordinal: next(50)), createdAt: TestClock.defaultStart)
        }
    }

    static let orders: [(name: String, descriptors: [SortDescriptor<Project>])] = [
        ("deadline, then title", [SortDescriptor(\.deadline), SortDescriptor(\.title)]),
        ("deadline reversed, then title", [SortDescriptor(\.deadline, order: .reverse), SortDescriptor(\.title)]),
        (
            "state, rank reversed, title",
            [SortDescriptor(\.state), SortDescriptor(\.rank, order: .reverse), SortDescriptor(\.title)]
        ),
        ("title lexically, reversed", [SortDescriptor(\.title, comparator: .lexical, order: .reverse)]),
    ]

    @Test(
        "a fetch sorts exactly as Array.sorted(using:) does, nil deadlines included",
        arguments: orders.indices)
    func sameOrder(_ index: Int) throws {
        // Given
        let context = try ObjectContext(schema: .projectManager, store: .inMemory, undoLimit: 0)
        try context.insert(Board(id: .default, title: "Projects", createdAt: TestClock.defaultStart))
        let projects = Self.projects()
        for project in projects { try context.insert(project) }
        let descriptors = Self.orders[index].descriptors

        // When
        let fetched = try context.fetch(FetchRequest<Project>(sortBy: descriptors))

        // Then
        #expect(fetched.map(\.id) == projects.sorted(using: descriptors).map(\.id))
    }
}
