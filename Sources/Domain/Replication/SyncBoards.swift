/// Syncs every remote that shares a board, one after the other: what this store changed goes out,
/// what others changed comes in.
///
/// ```swift
/// let report = await syncBoards { progress in show("syncing \(progress.remote)") }
/// for remote in report.remotes where remote.failure != nil { … }
/// ```
/// A remote that fails is the report's, and the others still sync; a remote that shares no board
/// is not visited.
public struct SyncBoards: Sendable {
    private let remotes: any RemoteRepository

    /// Syncs the remotes of `remotes`.
    public init(remotes: any RemoteRepository) {
        self.remotes = remotes
    }

    /// - Parameters:
    ///   - isolation: Where `progress` is called: the caller's actor.
    ///   - progress: Called as each remote's sync starts.
    /// - Returns: Each remote synced, in name order; a failure to read which remotes there are is
    ///   one remote without a name.
    public func callAsFunction(
        isolation: isolated (any Actor)? = #isolation, progress: (SyncProgress) -> Void = { _ in }
    ) async -> SyncReport {
        do throws(SyncError) {
            var sharing: [String] = []
            for name in try await remotes.remoteNames() where !(try await remotes.sharedBoards(on: name)).isEmpty {
                sharing.append(name)
            }
            var reports: [SyncReport.Remote] = []
            for (index, name) in sharing.enumerated() {
                progress(SyncProgress(remote: name, position: index + 1, count: sharing.count))
                reports.append(await remotes.sync(name, joining: nil))
            }
            return SyncReport(remotes: reports)
        } catch {
            return SyncReport(remotes: [SyncReport.Remote(name: "", failure: error)])
        }
    }
}

/// Which remote a sync of several is at.
public struct SyncProgress: Hashable, Sendable {
    /// The remote being synced.
    public let remote: String
    /// Its place among the remotes synced, from 1.
    public let position: Int
    /// How many remotes the sync visits.
    public let count: Int

    /// The sync of `remote`, the `position`th of `count`.
    public init(remote: String, position: Int, count: Int) {
        self.remote = remote
        self.position = position
        self.count = count
    }
}
