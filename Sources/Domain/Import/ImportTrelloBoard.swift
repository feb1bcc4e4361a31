import Foundation

/// Brings a board exported from Trello ("Export as JSON") into a new board, in one save and one
/// undo step.
///
/// ```swift
/// let report = try await importTrelloBoard(data, named: "From Trello")
/// print(report.cards, report.notCarried)
/// ```
/// Lists keep Trello's order (closed ones archived), each with a stage read from its name (a list
/// named like "Done" is done, like "Doing" or "In progress" active, else open); cards keep their
/// lists' order (closed ones archived), their labels, due dates (at their time of day, in this
/// engine's time zone), checklists and comments (with their authors' names and dates). A card
/// Trello marks complete goes to the first done list, made when the board has none. What the
/// engine cannot carry is counted in ``TrelloImportReport/notCarried``, never dropped unsaid.
public struct ImportTrelloBoard: Sendable {
    private let store: any ProjectStore
    private let environment: EngineEnvironment

    /// A use case that saves to `store`, at `environment`'s time, zone and ids.
    public init(store: any ProjectStore, environment: EngineEnvironment) {
        self.store = store
        self.environment = environment
    }

    /// Decodes `data` as a Trello board export and imports it as a new board titled `name`
    /// (the export's own name when `nil`).
    /// - Throws: ``ImportTrelloBoardError/export(_:)`` for input that is not a Trello board export
    ///   (nothing is saved), ``ImportTrelloBoardError/store(_:)`` when the save fails.
    public func callAsFunction(_ data: Data, named name: String? = nil) async throws(ImportTrelloBoardError)
        -> TrelloImportReport
    {
        let export: TrelloBoard
        do {
            export = try TrelloBoard.decode(data)
        } catch {
            throw .export(error)
        }
        return try await callAsFunction(export, named: name)
    }

    /// Imports a decoded Trello board as a new board titled `name` (the export's own when `nil`).
    /// - Throws: ``ImportTrelloBoardError/store(_:)`` for a bad board name or a failed save.
    public func callAsFunction(_ export: TrelloBoard, named name: String? = nil) async throws(ImportTrelloBoardError)
        -> TrelloImportReport
    {
        let title = TrelloImportPlan.oneLine(name ?? export.name, limit: ProjectRules.titleLimit).text
        let failures = ProjectRules.failures(title: title)
        guard failures.isEmpty else { throw .store(.invalid(ValidationError(failures))) }
        let now = environment.now()
        let zone = environment.timeZone
        let makeID = environment.makeID
        do {
            return try await store.write { store throws(RepositoryError) in
                let board = Board(
                    id: Board.ID(rawValue: makeID()), title: title, createdAt: now, owner: store.author)
                let plan = TrelloImportPlan(export, board: board, at: now, timeZone: zone, makeID: makeID)
                return (plan.changes, plan.report)
            }
        } catch {
            throw .store(error)
        }
    }
}

/// Why a Trello board could not be imported; nothing was saved.
public enum ImportTrelloBoardError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input is not a Trello board export, or breaks its format at a named place.
    case export(TrelloImportError)
    /// The board could not be saved.
    case store(RepositoryError)

    /// The reason, in one line of facts.
    public var description: String {
        switch self {
        case .export(let error): error.description
        case .store(let error): error.description
        }
    }
}

/// What a Trello import brought, and what it could not carry.
public struct TrelloImportReport: Hashable, Sendable {
    /// The board made.
    public var board: Board
    /// The lists made, archived ones included.
    public var lists = 0
    /// The lists archived because Trello had them closed.
    public var archivedLists = 0
    /// The cards made, archived ones included.
    public var cards = 0
    /// The cards archived because Trello had them closed.
    public var archivedCards = 0
    /// The labels made.
    public var labels = 0
    /// The checklist items made.
    public var checklistItems = 0
    /// The comments made.
    public var comments = 0
    /// Whether a Done list was added for cards Trello marks complete, the board having none.
    public var addedDoneList = false
    /// Cards whose title was cut to the engine's limit or made one line.
    public var shortenedTitles = 0
    /// Cards whose description was cut to the engine's limit.
    public var shortenedDescriptions = 0
    /// Checklist items whose text was cut to the engine's limit or made one line.
    public var shortenedChecklistItems = 0
    /// Comments whose text was cut to the engine's limit.
    public var shortenedComments = 0
    /// What could not be carried, and how many of each: Trello's own counts (attachments,
    /// custom fields, power-up data, …) and the engine's (members, who are not accounts here).
    public var notCarried: [String: Int] = [:]
    /// The board members' names, which Trello names and this engine keeps in the report only.
    public var members: [String] = []

    /// A report of an import into `board`.
    public init(board: Board) {
        self.board = board
    }
}
