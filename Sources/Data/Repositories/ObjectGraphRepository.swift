import Foundation
import ProjectManagerDomain

/// The Domain's storage ports, kept in an ``ObjectContext``: projects, boards and stars read by id
/// and by window, each board's history with its undo and redo, and units of work.
///
/// Works over any store the context has: in memory for tests, a file for the app. It decides no
/// business rule: a use case reads and decides inside ``write(_:)``, on this actor, so nothing else
/// is written between its reads and its save, and hands back one ``ChangeSet``, written as one save
/// and one undo step of its board. A use case finds a card's neighbours through the ordered index
/// of its column (``ProjectColumn``, read by ``GraphReader``), so a one-card change reads and
/// writes that card and its activity; the history is read from the ordered index of each board's
/// activities. The store numbers the history entries it records.
///
/// The default board is never written until something is saved on it, so reading a new store
/// writes nothing.
///
/// Its capabilities are split by port: `+Projects`, `+Boards`, `+History`, `+Saving`,
/// `+Changes`, and the favourites and GitHub links beside their records.
public actor ObjectGraphRepository: ProjectRepository, BoardRepository, HistoryRepository, ChangeRecording {
    let context: ObjectContext
    /// The sequence number of the next activity: the store numbers the history it records. Read
    /// from the history when first asked, so that opening a store to read it reads no history.
    var nextSequence: Int {
        get {
            if let knownNextSequence { return knownNextSequence }
            let next =
                (context.lastObjects(ActivityRecord.self, ordering: ActivityRecord.history).map(\.sequence).max() ?? 0)
                + 1
            knownNextSequence = next
            return next
        }
        set { knownNextSequence = newValue }
    }
    private var knownNextSequence: Int?

    /// A repository over a root context of ``Schema/projectManager``.
    ///
    /// - Complexity: O(1); the first change reads the last activity of each board's history, in
    ///   O(*b*) for *b* boards, to number the history after it.
    public init(context: ObjectContext) {
        self.init(context: context, deviceName: { nil })
    }

    /// A repository whose history names what is done signed out by `deviceName` (this store's
    /// replica, once it has one), and what is done signed in by the account's email.
    ///
    /// Each save of a change to a board the store shares records it for the next sync
    /// (``PendingChange``), at the time `now` gives.
    package init(
        context: ObjectContext, deviceName: @escaping @Sendable () -> String?,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.context = context
        self.deviceName = deviceName
        context.recordChanges { log, graph, scope in
            PendingChange.entries(for: log, in: graph, scope: scope, now: now())
        }
    }

    /// How the history names who did what nobody signed in did: asked once (a save reads no
    /// file for it after), and told again when the store starts sharing (``knowDeviceName(_:)``).
    private let deviceName: @Sendable () -> String?
    private var knownDeviceName: String??

    /// The author of history entries of an action of `authorName` (signed in), or of this device.
    func historyAuthor(_ authorName: String?) -> String? {
        if let authorName { return authorName }
        if knownDeviceName == nil { knownDeviceName = .some(deviceName()) }
        return knownDeviceName ?? nil
    }

    /// Names this device in the history from now on: its replica, once it shares or joins a board.
    package func knowDeviceName(_ name: String) {
        knownDeviceName = .some(name)
    }

    /// The default board as it reads before anything was saved on it.
    /// The default board as it reads before any save writes it: made at the Unix epoch, since the
    /// store does not know yet when it will be. The first save that touches it writes it with the
    /// save's date.
    static let defaultBoard = Board(id: .default, title: Board.defaultTitle, createdAt: Date(timeIntervalSince1970: 0))

    /// The undo scope of a board's changes.
    static func undoScope(_ board: Board.ID) -> String { board.description }

    /// The graph read as the ports read it.
    var reader: GraphReader { GraphReader(context: context) }

    /// Throws once the engine closed the store: every call after `close()` fails, reads too.
    func requireOpen() throws(RepositoryError) {
        try reader.requireOpen()
    }

    func mapped<T>(_ work: () throws(ContextError) -> T) throws(RepositoryError) -> T {
        try GraphReader.mapped(work)
    }
}
