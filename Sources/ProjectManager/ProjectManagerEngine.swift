import Foundation
@_exported import ProjectManagerDomain
@_exported import ProjectManagerPresentation
import ProjectManagerData

/// The whole engine, wired: every use case over one store.
///
/// This is the composition root, the one place where the Domain's ports meet the Data layer's
/// implementations.
/// ```swift
/// import ProjectManager
///
/// let engine = try ProjectManagerEngine.persistent(at: URL(filePath: "/tmp/projects.pmstore"))
/// let report = try await engine.createProject(ProjectDraft(title: "Write report"))
/// try await engine.moveProject(report.id, to: .doing)
/// let board = try await engine.fetchBoard()
/// print(board.column(.doing).count) // 1
/// ```
public struct ProjectManagerEngine: Sendable {
    /// The clock, calendar, time zone and id generator the use cases read.
    public let environment: EngineEnvironment

    public let createProject: CreateProject
    /// Many projects in one save and one undo step (an import).
    public let importProjects: ImportProjects
    public let updateProject: UpdateProject
    public let deleteProject: DeleteProject
    public let moveProject: MoveProject
    public let fetchProject: FetchProject
    public let fetchBoard: FetchBoard
    public let createBoard: CreateBoard
    public let renameBoard: RenameBoard
    public let deleteBoard: DeleteBoard
    public let listBoards: ListBoards
    public let fetchHistory: FetchHistory
    public let undoRedo: UndoRedo
    public let beginProjectEdit: BeginProjectEdit

    /// The project repository, for its change stream.
    public let projects: any ProjectRepository
    /// The board repository.
    public let boards: any BoardRepository

    /// An engine whose store lives in memory only: for tests and previews.
    public static func inMemory(environment: EngineEnvironment = .live) -> ProjectManagerEngine {
        do {
            return try ProjectManagerEngine(store: .inMemory, environment: environment)
        } catch {
            preconditionFailure("an in-memory store cannot fail to open: \(error)")
        }
    }

    /// An engine over the store file at `url`, made on the first save when missing.
    ///
    /// - Throws: ``StoreError`` when the file cannot be read (it is left untouched) or another
    ///   process holds it.
    public static func persistent(at url: URL, environment: EngineEnvironment = .live) throws(StoreError) -> ProjectManagerEngine {
        try ProjectManagerEngine(store: .file(url), environment: environment)
    }

    private init(store: StoreDescription, environment: EngineEnvironment) throws(StoreError) {
        let context: ObjectContext
        do {
            context = try ObjectContext(schema: .projectManager, store: store)
        } catch {
            guard case .store(let storeError) = error else {
                preconditionFailure("opening a context fails only in its store: \(error)")
            }
            throw storeError
        }
        let repository = ObjectGraphRepository(context: context, environment: environment)
        self.environment = environment
        self.projects = repository
        self.boards = repository
        createProject = CreateProject(projects: repository, environment: environment)
        importProjects = ImportProjects(projects: repository, environment: environment)
        updateProject = UpdateProject(projects: repository, environment: environment)
        deleteProject = DeleteProject(projects: repository)
        moveProject = MoveProject(projects: repository, environment: environment)
        fetchProject = FetchProject(projects: repository)
        fetchBoard = FetchBoard(boards: repository, projects: repository, environment: environment)
        createBoard = CreateBoard(boards: repository, environment: environment)
        renameBoard = RenameBoard(boards: repository)
        deleteBoard = DeleteBoard(boards: repository)
        listBoards = ListBoards(boards: repository)
        fetchHistory = FetchHistory(history: repository)
        undoRedo = UndoRedo(history: repository)
        beginProjectEdit = BeginProjectEdit(editing: repository)
    }
}
