import Foundation
import ProjectManagerDomain

/// A merged state made again from the remote's files (``BoardReplicator/rebuiltState(from:damage:report:)``).
struct RebuiltState {
    var state: ReplicationState
    /// Whether the changes the store recorded since its last sync (``PendingChange``) are all it
    /// changed: it records every shared board's, and it did not go back in time (its token is the
    /// damaged state's, and its own log does not go on past that state). Then they go out as
    /// recorded, and the others' logs are read after, as at any sync; else the state holds the
    /// others' logs already, and the sync goes on as for a store put back from an older copy.
    var outboxIsWhole: Bool
}

extension BoardReplicator {
    /// The state of this remote made again from the remote's files, for a state whose files beside
    /// the store are damaged or missing (a disk that flipped bits, a file lost by a copy or a
    /// backup tool): what this replica wrote (its log files and checkpoint) is taken in as a sync
    /// that stopped before it saved would have left it (the store made all of it); every other
    /// replica's log is read from its start, as a join reads it: by the sync, after what was done
    /// here, when the store's record of its changes is whole, else at once. Nothing of the store is
    /// changed yet.
    ///
    /// - Parameter kept: The header of the damaged state, when it could be read; else the boards
    ///   shared are those the store's last sync recorded, and the default board's id on the
    ///   remote the one this replica published there.
    func rebuiltState(
        from kept: ReplicationState.Header?, report: inout SyncReport.Remote
    ) async -> RebuiltState {
        let token = await repository.syncToken(remote: report.name)
        let recorded = await repository.recordedBoards(remote: report.name)
        var header = kept ?? ReplicationState.Header(replica: replica)
        if kept == nil {
            header.boards = (recorded ?? []).sorted { $0.rawValue.uuidString < $1.rawValue.uuidString }
            header.defaultBoard =
                ReadPositions.published(by: replica, in: transport.folder)?.defaultBoard.map(Board.ID.init(rawValue:))
                ?? DefaultBoardSwap.remoteID(of: replica)
            header.mark = token
            // The files of objects no header names any more.
            let folder = stateFile.deletingLastPathComponent()
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where name.hasPrefix("objects-") && name.hasSuffix(".bin") {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        header.replica = replica
        header.nextSequence = 1
        header.lastDigest = nil
        header.positions = [:]
        header.storeGeneration = nil
        var state = ReplicationState(header: header, objects: [:])
        // Every object is written again, to a new file: those of the damaged state are removed.
        state.changed = nil
        adoptUnrecordedFiles(&state, report: &report)
        let wentBack =
            kept.map { state.header.nextSequence > $0.nextSequence || ($0.mark != nil && $0.mark != token) } ?? false
        let outboxIsWhole = !wentBack && recorded.map { Set(state.header.boards).isSubset(of: $0) } ?? false
        if !outboxIsWhole {
            var touched: Set<ReplicatedKey> = []
            var checked: [ReplicatedKey: CheckedObject] = [:]
            for batch in readIncoming(&state, report: &report, checkpointed: &touched, checked: &checked) {
                for operation in batch { state.header.clock.observe(operation.stamp) }
                report.received += batch.count
            }
        }
        return RebuiltState(state: state, outboxIsWhole: outboxIsWhole)
    }

    /// The operations of the changes the store recorded since its last sync, each as recorded
    /// (``PendingChange``): an object made since says every slot, one changed says the slots it
    /// changed (each at its own time), one gone is deleted; stamped in the order they were made.
    /// What a sync sends when its merged state was made again, as the store's record is whole.
    func recordedOperations(
        current: [ReplicatedKey: [String: JSONValue]], state: inout ReplicationState, times: [ReplicatedKey: Date],
        slotTimes: [ReplicatedKey: [String: Date]], slots recorded: [ReplicatedKey: Set<String>]
    ) -> [ReplicaOperation] {
        let time = now()
        var made: [(operation: ReplicaOperation, time: Date)] = []
        let stamp = ReplicaStamp(time: 0, counter: 0, replica: replica)  // stamped below, in order
        for (key, changedAt) in times {
            let madeAt = min(changedAt, time)
            guard let slots = current[key] else {
                made.append(
                    (ReplicaOperation(kind: .delete, entity: key.entity, id: key.id, stamp: stamp, slots: [:]), madeAt))
                continue
            }
            guard let names = recorded[key] else {
                // Made since: every slot, and one the merged state holds and the store does not cleared.
                var all = slots
                for (name, slot) in state.objects[key]?.slots ?? [:] where all[name] == nil && slot.value != .null {
                    all[name] = .null
                }
                made.append(
                    (ReplicaOperation(kind: .create, entity: key.entity, id: key.id, stamp: stamp, slots: all), madeAt))
                continue
            }
            var parts: [Date: [String: JSONValue]] = [:]
            for name in names {
                parts[min(slotTimes[key]?[name] ?? madeAt, madeAt), default: [:]][name] = slots[name] ?? .null
            }
            for (changedAt, slots) in parts {
                made.append(
                    (
                        ReplicaOperation(kind: .update, entity: key.entity, id: key.id, stamp: stamp, slots: slots),
                        changedAt
                    ))
            }
        }
        made.sort { $0.time < $1.time || $0.time == $1.time && $0.operation.key < $1.operation.key }
        return made.map { entry in
            var operation = entry.operation
            operation.stamp = state.header.clock.tick(now: entry.time, replica: replica)
            return operation
        }
    }
}

extension BoardReplicator {
    /// The boards shared, from the state of the last sync; when its header is damaged, those the
    /// store's last sync with `name` recorded (the next sync makes the state again).
    ///
    /// - Throws: ``SyncError/localState(reason:)`` when the state cannot be read.
    func sharedBoards(remote name: String) async throws(SyncError) -> [Board.ID] {
        do {
            return try ReplicationState.readHeader(from: stateFile, replica: replica).boards
        } catch {
            guard case .damaged = error, let recorded = await repository.recordedBoards(remote: name) else {
                throw error.syncError
            }
            return recorded.sorted { $0.rawValue.uuidString < $1.rawValue.uuidString }
        }
    }
}

extension BoardReplicator {
    /// Removes this replica's checkpoint (and what it covers) when the checkpoint of another
    /// replica covers at least as much of every log (this one's to its place among them), and
    /// more, or as much and that replica's id is the greater, and that checkpoint reads whole and
    /// names a true place of this replica's log: any reader that needs a file this
    /// one stood in for reads that one instead (``readCheckpoint``), so the remote holds about as
    /// many checkpoints as there are replicas that fold last, not one per replica ever. Returns
    /// whether it removed one.
    func dropDominatedCheckpoint() -> Bool {
        guard let own = ReplicaCheckpoint.coverage(of: replica, in: transport.folder) else { return false }
        let folder = transport.folder.appendingPathComponent("replicas")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for other in names.compactMap(ReplicaID.init(rawValue:)) where other != replica {
            guard let theirs = ReplicaCheckpoint.coverage(of: other, in: transport.folder) else { continue }
            let covers = own.allSatisfy { covered, position in
                (theirs[covered]?.sequence ?? 0) >= position.sequence
            }
            let more = theirs.contains { covered, position in position.sequence > (own[covered]?.sequence ?? 0) }
            guard covers, more || other > replica, let place = theirs[replica], let ownPlace = own[replica],
                confirms(place, ownPlace: ownPlace), Self.decodes(other, in: transport.folder)
            else { continue }
            for path in [ReplicaCheckpoint.path(replica: replica), ReplicaCheckpoint.coveragePath(replica: replica)] {
                try? FileManager.default.removeItem(at: transport.folder.appendingPathComponent(path))
            }
            return true
        }
        return false
    }

    /// Whether `place`, where another checkpoint says it holds this replica's log to, is a place
    /// of that log: this replica's checkpoint's own, or one of its log files there, by its
    /// digest. A damaged or planted coverage never makes a replica take its checkpoint away.
    private func confirms(_ place: ReplicationState.Position, ownPlace: ReplicationState.Position) -> Bool {
        if place.sequence == ownPlace.sequence { return place.digest == ownPlace.digest }
        let url = transport.folder.appendingPathComponent(
            ReplicaLogFile.path(replica: replica, sequence: place.sequence))
        guard let data = try? Data(contentsOf: url) else { return false }
        return SHA256.hash(data: data).hexadecimal == place.digest
    }

    /// Whether the checkpoint of `writer` in `folder` is one this engine reads whole.
    private static func decodes(_ writer: ReplicaID, in folder: URL) -> Bool {
        let url = folder.appendingPathComponent(ReplicaCheckpoint.path(replica: writer))
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = (attributes[.size] as? NSNumber)?.intValue, size <= ReplicaCheckpoint.maximumSize,
            let data = try? Data(contentsOf: url), let checkpoint = ReplicaCheckpoint.decode(data)
        else { return false }
        return checkpoint.replica == writer
    }
}
