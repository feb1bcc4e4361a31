import Foundation

/// Another device (replica) that shares boards on a remote, and how far each has read the other's
/// log, as the last sync left them: so that a device stuck on a file shows, by the file's name.
///
/// ```swift
/// for device in try engine.remotes().flatMap(\.devices) where device.waitsFor != nil {
///     print("\(device.replica) waits for \(device.waitsFor!)")
/// }
/// ```
public struct SyncDevice: Hashable, Sendable {
    /// Its replica id: its folder on the remote.
    public let replica: ReplicaID
    /// How far it has read this store's log (the number of this store's last file it took in),
    /// as it published at its last sync; `nil` when it published nothing (an engine before 4.0.0,
    /// or one that has not synced since this store first wrote).
    public let readOfOurs: Int?
    /// This store's file it set aside and waits for (its path on the remote, as
    /// `replicas/0f3a…/4.ops`): a file it did not receive whole, or one that fails its checks
    /// there; `nil` when it waits for none.
    public let waitsFor: String?
    /// How far this store has read its log (the number of its last file taken in).
    public let readOfTheirs: Int
    /// Its file this store set aside and waits for; `nil` when none.
    public let waitingFor: String?

    /// A device as a listing shows it.
    public init(replica: ReplicaID, readOfOurs: Int?, waitsFor: String?, readOfTheirs: Int, waitingFor: String?) {
        self.replica = replica
        self.readOfOurs = readOfOurs
        self.waitsFor = waitsFor
        self.readOfTheirs = readOfTheirs
        self.waitingFor = waitingFor
    }
}
