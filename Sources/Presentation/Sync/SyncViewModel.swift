import ProjectManagerDomain

/// The sync screen: the remotes, each shared board's status (what waits to be sent, conflicts,
/// the other devices and how far each read), progress while a sync runs, and "sync now".
///
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: SyncViewModel.Event.self)
/// let output = factory.makeSync().transform(SyncViewModel.Input(events: events))
/// send.yield(.appear)
/// send.yield(.syncNow)
/// for await remotes in output.remotes { render(remotes) }
/// ```
/// After every event that can change them, the remotes are read again and sent, so the screen
/// shows the last sync's time and what is left to send. What a sync brings to the store reaches
/// every other open screen through the engine's change stream, as any save does.
@MainActor
public final class SyncViewModel: ViewModelType {
    /// What the user does.
    public enum Event: Hashable, Sendable {
        /// The screen is shown: read the remotes.
        case appear
        /// Add the remote `name` at `address` (a git URL, a repository's path, a shared folder's).
        case addRemote(name: String, address: String)
        /// Remove the remote `name`; its boards stay here, no longer shared.
        case removeRemote(String)
        /// Share a board on a remote (``ShareBoard``).
        case share(Board.ID, on: String)
        /// Bring a board shared on a remote here, or every board there when `nil` (``JoinBoard``).
        case join(remote: String, board: Board.ID?)
        /// Sync every remote that shares a board (``SyncBoards``).
        case syncNow
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the screen renders.
    public struct Output: Sendable {
        /// The remotes, in name order, after the screen appears and after each change or sync.
        public let remotes: AsyncStream<[SyncRemote]>
        /// Which remote a sync is at, as each remote starts; `nil` when the sync ends.
        public let progress: AsyncStream<SyncProgress?>
        /// What each share, join and sync did, one report each; a remote that could not be synced
        /// carries its failure.
        public let synced: AsyncStream<SyncReport>
        /// What went wrong, for the user, in the locale's language: a refused event, and each
        /// remote of a report that failed.
        public let errors: AsyncStream<String>
        /// What went wrong, as the error itself, for a front end that chooses its own words; the
        /// same failures as ``errors``, in the same order.
        public let failures: AsyncStream<SyncError>
    }

    private let remotes: any RemoteRepository
    private let shareBoard: ShareBoard
    private let joinBoard: JoinBoard
    private let syncBoards: SyncBoards
    private let localizer: Localizer

    /// The sync screen over `remotes`, sharing, joining and syncing with the use cases given.
    public init(
        remotes: any RemoteRepository, shareBoard: ShareBoard, joinBoard: JoinBoard, syncBoards: SyncBoards,
        localizer: Localizer
    ) {
        self.remotes = remotes
        self.shareBoard = shareBoard
        self.joinBoard = joinBoard
        self.syncBoards = syncBoards
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let listed = OutputChannel<[SyncRemote]>()
        let progress = OutputChannel<SyncProgress?>()
        let synced = OutputChannel<SyncReport>()
        let errors = ErrorChannels<SyncError>()
        Task {
            for await event in input.events {
                do throws(SyncError) {
                    switch event {
                    case .appear:
                        break
                    case .addRemote(let name, let address):
                        try await remotes.addRemote(named: name, address: address)
                    case .removeRemote(let name):
                        try await remotes.removeRemote(named: name)
                    case .share(let board, let remote):
                        progress.send(SyncProgress(remote: remote, position: 1, count: 1))
                        defer { progress.send(nil) }
                        report(SyncReport(remotes: [try await shareBoard(board, on: remote)]), to: synced, errors)
                    case .join(let remote, let board):
                        progress.send(SyncProgress(remote: remote, position: 1, count: 1))
                        defer { progress.send(nil) }
                        report(SyncReport(remotes: [try await joinBoard(board, from: remote)]), to: synced, errors)
                    case .syncNow:
                        let report = await syncBoards { progress.send($0) }
                        progress.send(nil)
                        self.report(report, to: synced, errors)
                    }
                } catch {
                    errors.send(error, as: localizer.message(for: error))
                }
                do throws(SyncError) {
                    listed.send(try await remotes.remotes())
                } catch {
                    errors.send(error, as: localizer.message(for: error))
                }
            }
            listed.finish()
            progress.finish()
            synced.finish()
            errors.finish()
        }
        return Output(
            remotes: listed.stream, progress: progress.stream, synced: synced.stream, errors: errors.texts.stream,
            failures: errors.failures.stream)
    }

    /// Sends `report`, and each of its remotes' failures as an error.
    private func report(_ report: SyncReport, to synced: OutputChannel<SyncReport>, _ errors: ErrorChannels<SyncError>)
    {
        synced.send(report)
        for failure in report.remotes.compactMap(\.failure) {
            errors.send(failure, as: localizer.message(for: failure))
        }
    }
}
