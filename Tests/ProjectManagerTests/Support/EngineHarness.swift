import Foundation
import ProjectManagerTestSupport
import Synchronization
import Testing

@testable import ProjectManager

/// Where an engine under test keeps its store.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory = "in memory"
    case file = "in a file"

    var testDescription: String { rawValue }
}

/// An engine over a deterministic environment, in memory or over a store file in a temporary
/// directory that goes away with the harness.
final class EngineHarness: Sendable {
    let kind: StoreKind
    let clock: TestClock
    let environment: EngineEnvironment
    /// The engine now open; a file store admits one at a time.
    private let current: Mutex<ProjectManagerEngine?>
    let directory: TemporaryDirectory
    /// The store file, for a file store.
    let storeURL: URL
    /// How the engine's accounts work: two hashing rounds, so that signing up is quick.
    let accounts = LocalAccountSettings(passwordHashRounds: 2)

    init(_ kind: StoreKind, clock: TestClock = TestClock(), timeZone: TimeZone = .gmt) throws {
        self.kind = kind
        self.clock = clock
        environment = .test(clock: clock, timeZone: timeZone)
        directory = try TemporaryDirectory()
        storeURL = directory.file("projects.pmstore")
        let engine: ProjectManagerEngine =
            switch kind {
            case .inMemory: .inMemory(environment: environment, accounts: accounts)
            case .file: try .persistent(at: storeURL, environment: environment, accounts: accounts)
            }
        current = Mutex(engine)
    }

    /// The engine now open.
    var engine: ProjectManagerEngine {
        current.withLock { engine in
            guard let engine else { preconditionFailure("the harness always holds an engine between restarts") }
            return engine
        }
    }

    deinit { directory.remove() }

    /// The engine as a new run of the program sees the store: the old engine is closed (the store
    /// admits one writer) and a new one opened over the same file; in memory, the same engine.
    func restarted() throws -> ProjectManagerEngine {
        guard kind == .file else { return engine }
        return try current.withLock { current in
            current?.close()
            current = nil
            let engine = try ProjectManagerEngine.persistent(at: storeURL, environment: environment, accounts: accounts)
            current = engine
            return engine
        }
    }

    /// The board's projects as stored, read after a restart.
    func storedProjects(onBoard board: Board.ID = .default) async throws -> [Project] {
        try await restarted().projects.projects(onBoard: board)
    }

    /// Whether the store file exists.
    var storeFileExists: Bool { FileManager.default.fileExists(atPath: storeURL.path) }

    /// Creates projects with these titles, last in the column of `state`.
    @discardableResult
    func create(_ titles: [String], in state: ProjectState = .todo, on board: Board.ID = .default) async throws
        -> [Project]
    {
        var made: [Project] = []
        for title in titles {
            made.append(try await engine.createProject(ProjectDraft(title: title), on: board, in: state))
        }
        return made
    }

    /// Each project's index in its column now.
    func indexes(of projects: [Project]) async throws -> [Int] {
        var indexes: [Int] = []
        for project in projects { indexes.append(try await engine.fetchProject.place(of: project.id).index) }
        return indexes
    }
}

extension Array where Element == Project {
    /// The project with this id, which the array holds.
    func first(where id: Project.ID) -> Project? { first { $0.id == id } }
}
