import Foundation
import ProjectManagerDomain

// MARK: - This replica's log

extension BoardReplicator {
    /// Takes into the state the log files of this replica past the last one it recorded: written
    /// by a sync that stopped before it saved the state (the process died). They may have been
    /// read by others already (a shared folder shows them at once), so they are kept as they are,
    /// never written again with other operations: their operations are merged, and the next file
    /// follows them. What they hold is in the store, which made them.
    ///
    /// A file at the next place that this replica did not write (junk, or a file of another
    /// replica or place) is reported and taken away, for its next file to take the place: the
    /// others wait for that place. Returns how many files and checkpoints it took in.
    @discardableResult
    func adoptUnrecordedFiles(_ state: inout ReplicationState, report: inout SyncReport.Remote) -> Int {
        var adopted = 0
        while true {
            let path = ReplicaLogFile.path(replica: replica, sequence: state.header.nextSequence)
            let url = transport.folder.appendingPathComponent(path)
            let read = LogRead.of(url)
            guard case .read(let digest, let file?)? = read,
                file.replica == replica, file.sequence == state.header.nextSequence,
                file.previous == state.header.lastDigest
            else {
                if adoptUnrecordedCheckpoint(&state) {
                    adopted += 1
                    continue
                }
                if read != nil, Self.isOwn(read, replica: replica, sequence: state.header.nextSequence) {
                    return adopted
                }
                // Nothing at or after the next place is this replica's: it writes there next.
                let folder = url.deletingLastPathComponent()
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                let numbers = names.compactMap { $0.hasSuffix(".ops") ? Int($0.dropLast(4)) : nil }
                for number in numbers.sorted() where number >= state.header.nextSequence {
                    let junk = ReplicaLogFile.path(replica: replica, sequence: number)
                    report.setAside.append(
                        SyncReport.SetAside(path: junk, reason: "in this replica's folder, not written by it: replaced")
                    )
                    try? FileManager.default.removeItem(at: transport.folder.appendingPathComponent(junk))
                    // Its removal goes out with the next push, whatever else does.
                    state.header.unsent = max(state.header.unsent, 1)
                }
                return adopted
            }
            adopted += 1
            for operation in (state.header.swap.map { $0.file(file) } ?? file).operations {
                state.header.clock.observe(operation.stamp)
                state.apply(operation)
            }
            state.header.lastDigest = digest
            state.header.nextSequence += 1
            state.header.unsent += file.operations.count
        }
    }

    /// Whether `read` is a log file of `replica` at `sequence` (whatever file it names before).
    private static func isOwn(_ read: LogRead?, replica: ReplicaID, sequence: Int) -> Bool {
        guard case .read(_, let file?)? = read else { return false }
        return file.replica == replica && file.sequence == sequence
    }

    /// Takes into the state this replica's checkpoint when it stands in for the log file the
    /// state says is next, or a later one: written by a sync that stopped before it saved the
    /// state, which removed the files before it (each sync in a row that stopped so wrote
    /// one, replacing the last).
    ///
    /// When this replica's own checkpoint is gone (another's covered it, ``dropDominatedCheckpoint()``),
    /// the checkpoint of another replica that covers this one's next place stands in for it.
    private func adoptUnrecordedCheckpoint(_ state: inout ReplicationState) -> Bool {
        let next = state.header.nextSequence
        let folder = transport.folder.appendingPathComponent("replicas")
        let writers =
            [replica]
            + ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            .compactMap(ReplicaID.init(rawValue:)).filter { $0 != replica }
        guard
            let (writer, coverage) = writers.lazy.compactMap({
                writer -> (ReplicaID, [ReplicaID: ReplicationState.Position])? in
                guard let coverage = ReplicaCheckpoint.coverage(of: writer, in: self.transport.folder),
                    let place = coverage[self.replica], place.sequence >= next
                else { return nil }
                return (writer, coverage)
            }).first,
            let own = coverage[replica],
            let data = try? Data(
                contentsOf: transport.folder.appendingPathComponent(ReplicaCheckpoint.path(replica: writer))),
            let checkpoint = ReplicaCheckpoint.decode(data, swapping: state.header.swap), checkpoint.replica == writer
        else { return false }
        for (key, object) in checkpoint.objects {
            if let stamp = object.latestStamp { state.header.clock.observe(stamp) }
            state.objects[key, default: ReplicatedObject(entity: key.entity)].merge(object)
            state.changed?.insert(key)
        }
        // It holds the others' logs as far as it covers them: they are read on from there (the
        // checkpoint of a replica whose files it stands in for may be gone, covered by it).
        for (covered, position) in coverage where covered != replica {
            let read = state.header.positions[covered]
            guard read?.stopped != true, position.sequence > (read?.sequence ?? 0) else { continue }
            state.header.positions[covered] = ReplicationState.Position(
                sequence: position.sequence, digest: position.digest)
        }
        for (board, keys) in checkpoint.conflicts where !keys.isEmpty {
            state.header.conflicts = state.header.conflicts ?? [:]
            state.header.conflicts?[board, default: []].formUnion(keys)
        }
        state.header.lastDigest = own.digest
        state.header.nextSequence = own.sequence + 1
        state.header.unsent = max(state.header.unsent, 1)
        state.header.unfolded = 0
        return true
    }

    /// Folds this replica's log into a checkpoint of the merged state, which stands in for its
    /// next log file (holding the `sending` operations made here), and removes its log files:
    /// the checkpoint holds what they held.
    func fold(_ state: inout ReplicationState, sending: Int) throws(SyncError) {
        let sequence = state.header.nextSequence
        let digest = ReplicaCheckpoint.digest(after: state.header.lastDigest, sequence: sequence)
        let checkpoint = ReplicaCheckpoint(
            replica: replica, place: ReplicationState.Position(sequence: sequence, digest: digest),
            objects: state.objects.dictionary, conflicts: state.header.conflicts ?? [:])
        let path = ReplicaCheckpoint.path(replica: replica)
        let url = transport.folder.appendingPathComponent(path)
        // What it covers of the others' logs: how far this replica read them.
        var positions: [String: ReplicaCheckpoint.Coverage.Entry] = [:]
        for (other, position) in state.header.positions where !position.stopped && position.sequence > 0 {
            positions[other.rawValue] = ReplicaCheckpoint.Coverage.Entry(
                sequence: position.sequence, digest: position.digest)
        }
        let coverage = ReplicaCheckpoint.Coverage(
            place: ReplicaCheckpoint.Coverage.Entry(sequence: sequence, digest: digest), positions: positions)
        do {
            try PrivateStateFile.write(
                checkpoint.encoded(swapping: state.header.swap), to: url, private: copyIsPrivate)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try PrivateStateFile.write(
                encoder.encode(coverage),
                to: transport.folder.appendingPathComponent(ReplicaCheckpoint.coveragePath(replica: replica)),
                private: copyIsPrivate)
        } catch {
            throw .localState(reason: "\(path) could not be written (\(error.localizedDescription))")
        }
        state.header.lastDigest = digest
        state.header.nextSequence += 1
        state.header.unsent += sending
        state.header.unfolded = 0
        // What a reader of a file no longer there needs is in the checkpoint; git keeps the files
        // in its history.
        let folder = url.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix(".ops") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Appends `operations` to this replica's log, as its next file.
    func append(_ operations: [ReplicaOperation], to state: inout ReplicationState) throws(SyncError) {
        let file = ReplicaLogFile(
            replica: replica, sequence: state.header.nextSequence, previous: state.header.lastDigest, author: author,
            operations: state.header.swap.map { swap in operations.map(swap.operation) } ?? operations)
        let path = ReplicaLogFile.path(replica: replica, sequence: state.header.nextSequence)
        let url = transport.folder.appendingPathComponent(path)
        let data = ReplicaLogCoding.encode(file)
        // A file stays well under what a reader takes (a board shared whole is many files): as
        // many equal parts as it takes, each coded again (and parted again if need be).
        let target = ReplicaLogFile.maximumSize / 4
        if data.count > target, operations.count > 1 {
            let parts = min(operations.count, (data.count + target / 2) / (target / 2))
            let size = (operations.count + parts - 1) / parts
            for start in stride(from: 0, to: operations.count, by: size) {
                try append(Array(operations[start..<min(start + size, operations.count)]), to: &state)
            }
            return
        }
        do {
            try PrivateStateFile.write(data, to: url, private: copyIsPrivate)
        } catch {
            throw .localState(reason: "\(path) could not be written (\(error.localizedDescription))")
        }
        state.header.lastDigest = SHA256.hash(data: data).hexadecimal
        state.header.nextSequence += 1
        state.header.unsent += operations.count
    }
}
