import Foundation
import ProjectManagerDomain
import Synchronization

// MARK: - Reading other replicas

extension BoardReplicator {
    /// Whether another replica wrote a file this replica has not read, a folder appeared, or a
    /// file stands at this replica's next place (one it did not write, or one of its own that a
    /// sync that stopped wrote).
    func hasNewFiles(_ header: ReplicationState.Header) -> Bool {
        let own = ReplicaLogFile.path(replica: replica, sequence: header.nextSequence)
        if FileManager.default.fileExists(atPath: transport.folder.appendingPathComponent(own).path) { return true }
        let folder = transport.folder.appendingPathComponent("replicas")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var coverages: [[ReplicaID: ReplicationState.Position]]?
        for name in names {
            guard let other = ReplicaID(rawValue: name) else {
                if !header.reported.contains("replicas/\(name)") { return true }
                continue
            }
            guard other != replica else { continue }
            let position = header.positions[other]
            if position?.stopped == true { continue }
            let sequence = (position?.sequence ?? 0) + 1
            let next = transport.folder.appendingPathComponent(ReplicaLogFile.path(replica: other, sequence: sequence))
            if let blocked = position?.blocked {
                // The file set aside there is new once its bytes changed, or a file came after it.
                let after = ReplicaLogFile.path(replica: other, sequence: sequence + 1)
                if FileManager.default.fileExists(atPath: transport.folder.appendingPathComponent(after).path) {
                    return true
                }
                switch LogRead.of(next) {
                case .read(let digest, _)?: if digest != blocked { return true }
                case .unread?: if blocked != LogRead.unreadDigest { return true }
                case nil: return true  // gone: waited for no more
                }
            } else if FileManager.default.fileExists(atPath: next.path) {
                return true
            }
            if checkpoint(of: other, covers: sequence) != nil { return true }
            // Its own checkpoint may be gone, covered by another's.
            coverages =
                coverages
                ?? names.compactMap(ReplicaID.init(rawValue:)).filter { $0 != replica }
                .compactMap { ReplicaCheckpoint.coverage(of: $0, in: transport.folder) }
            if coverages?.contains(where: { ($0[other]?.sequence ?? 0) >= sequence }) == true { return true }
        }
        return false
    }

    /// The batches of operations new since the last sync, each one file's, checked; a file that
    /// fails is set aside and reported once.
    ///
    /// A file no longer there, folded into its replica's checkpoint, is read from the
    /// checkpoint: the objects it changed here are put in `checkpointed`. The objects decoded to
    /// be checked are put in `checked`, for the store to take as they are.
    func readIncoming(
        _ state: inout ReplicationState, report: inout SyncReport.Remote, checkpointed: inout Set<ReplicatedKey>,
        checked: inout [ReplicatedKey: CheckedObject]
    ) -> [[ReplicaOperation]] {
        let folder = transport.folder.appendingPathComponent("replicas")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var batches: [[ReplicaOperation]] = []
        let swap = state.header.swap
        var readAhead = LogReadAhead(folder: transport.folder, expected: expectedLogFiles(names, state.header))
        // A checkpoint read for one replica may move others' places (it holds their logs too):
        // those already passed are read on from there in a second pass.
        var moved = false
        var passes = 0
        repeat {
            moved = false
            passes += 1
            for name in names.sorted() {
                guard let other = ReplicaID(rawValue: name) else {
                    setAside("replicas/\(name)", "not a replica's folder", &state, &report)
                    continue
                }
                guard other != replica else { continue }
                var position = state.header.positions[other]
                reading: while position?.stopped != true {
                    let sequence = (position?.sequence ?? 0) + 1
                    let path = ReplicaLogFile.path(replica: other, sequence: sequence)
                    let digest: String
                    let file: ReplicaLogFile?
                    switch readAhead.take(path) {
                    case nil:
                        // A file set aside and gone since (junk its replica took away) is waited for no more.
                        position?.blocked = nil
                        state.header.positions[other] = position
                        guard
                            readCheckpoint(
                                of: other, covering: sequence, &state, &report, into: &checkpointed, checked: &checked,
                                moved: &moved)
                        else { break reading }
                        position = state.header.positions[other]
                        continue reading
                    case .unread?:
                        // Read again once it changes (a file still being copied in may shrink).
                        guard position?.blocked != LogRead.unreadDigest else { break reading }
                        setAside(path, "larger than \(ReplicaLogFile.maximumSize >> 20) MiB", &state, &report)
                        position = Self.blocking(position, at: LogRead.unreadDigest)
                        break reading
                    case .read(let read, let decoded)?:
                        (digest, file) = (read, decoded.map { swap?.file($0) ?? $0 })
                    }
                    // A file set aside is read again only once its bytes changed, unless the file
                    // after it names these bytes: then its replica wrote it so, and it stays aside.
                    if position?.blocked == digest {
                        guard follows(digest, of: other, at: sequence) else { break reading }
                        position = ReplicationState.Position(sequence: sequence, digest: digest)
                        continue reading
                    }
                    switch check(
                        file, from: other, sequence: sequence, after: position, state: state, checked: &checked)
                    {
                    case .success(let (operations, objects)):
                        batches.append(operations)
                        for (key, object) in objects { state.set(key, object) }
                        position = ReplicationState.Position(sequence: sequence, digest: digest)
                    case .failure(.rewritten):
                        setAside(path, "its replica's earlier files were rewritten", &state, &report)
                        position = ReplicationState.Position(
                            sequence: position?.sequence ?? 0, digest: position?.digest ?? "", stopped: true)
                    case .failure(.invalid(let reason)):
                        // Written so by its replica (the file after it names these bytes): the files
                        // after it are read. Else not whole yet (a shared folder shows a file as it is
                        // copied in), or junk its replica will write over: they wait for it.
                        setAside(path, reason, &state, &report, digest: digest)
                        guard follows(digest, of: other, at: sequence) else {
                            position = Self.blocking(position, at: digest)
                            break reading
                        }
                        position = ReplicationState.Position(sequence: sequence, digest: digest)
                    }
                }
                state.header.positions[other] = position
            }
        } while moved && passes < 4
        return batches
    }

    /// The log files of the other replicas in `names` that a sync reads next, in the order it
    /// reads them: each replica's from its place on (or from where its checkpoint stands, when it
    /// stands in for the next), while they are there.
    private func expectedLogFiles(_ names: [String], _ header: ReplicationState.Header) -> [String] {
        var paths: [String] = []
        for name in names.sorted() {
            guard let other = ReplicaID(rawValue: name), other != replica else { continue }
            let position = header.positions[other]
            guard position?.stopped != true else { continue }
            var files = logFiles(of: other, from: (position?.sequence ?? 0) + 1)
            if files.isEmpty,
                let (writer, place) = ReplicaCheckpoint.place(
                    at: transport.folder.appendingPathComponent(ReplicaCheckpoint.path(replica: other))),
                writer == other
            {
                files = logFiles(of: other, from: place.sequence + 1)
            }
            paths += files
        }
        return paths
    }

    /// `other`'s log files from `sequence` on, while they are there.
    private func logFiles(of other: ReplicaID, from sequence: Int) -> [String] {
        var paths: [String] = []
        var sequence = sequence
        while true {
            let path = ReplicaLogFile.path(replica: other, sequence: sequence)
            guard FileManager.default.fileExists(atPath: transport.folder.appendingPathComponent(path).path) else {
                return paths
            }
            paths.append(path)
            sequence += 1
        }
    }

    /// The path of `other`'s checkpoint, when there is one that stands in for its log file
    /// `sequence` (or a later one).
    private func checkpoint(of other: ReplicaID, covers sequence: Int) -> String? {
        let path = ReplicaCheckpoint.path(replica: other)
        guard let (writer, place) = ReplicaCheckpoint.place(at: transport.folder.appendingPathComponent(path)),
            writer == other, place.sequence >= sequence
        else { return nil }
        return path
    }

    /// The checkpoints on the remote whose coverage holds `other`'s log file `sequence`, by
    /// writer, the one that covers the most of what `state` has not read first (`other`'s own
    /// first among equals).
    private func checkpoints(
        covering other: ReplicaID, _ sequence: Int, _ state: ReplicationState
    ) -> [(writer: ReplicaID, coverage: [ReplicaID: ReplicationState.Position])] {
        let folder = transport.folder.appendingPathComponent("replicas")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var found: [(writer: ReplicaID, coverage: [ReplicaID: ReplicationState.Position], advance: Int)] = []
        for writer in names.compactMap(ReplicaID.init(rawValue:)) where writer != replica {
            guard let coverage = ReplicaCheckpoint.coverage(of: writer, in: transport.folder),
                let covered = coverage[other], covered.sequence >= sequence
            else { continue }
            var advance = 0
            for (covered, position) in coverage where covered != replica {
                let read = state.header.positions[covered]
                guard read?.stopped != true else { continue }
                advance += max(0, position.sequence - (read?.sequence ?? 0))
            }
            found.append((writer, coverage, advance))
        }
        found.sort { left, right in
            if left.advance != right.advance { return left.advance > right.advance }
            if (left.writer == other) != (right.writer == other) { return left.writer == other }
            return left.writer < right.writer
        }
        return found.map { ($0.writer, $0.coverage) }
    }

    /// Merges a checkpoint that stands in for `other`'s log file `sequence` (``checkpoints(covering:_:_:)``:
    /// the one covering the most of what is unread, whoever wrote it) into the state when it
    /// keeps the rules, and reads every log it covers on from where it stands; returns whether
    /// it did. `moved` is set when it moved the place of another replica than `other`.
    /// The objects it changed go in `touched`. One that fails is set aside and reported once,
    /// and the next is tried.
    private func readCheckpoint(
        of other: ReplicaID, covering sequence: Int, _ state: inout ReplicationState,
        _ report: inout SyncReport.Remote, into touched: inout Set<ReplicatedKey>,
        checked: inout [ReplicatedKey: CheckedObject], moved: inout Bool
    ) -> Bool {
        for (writer, coverage) in checkpoints(covering: other, sequence, state)
        where merge(
            ReplicaCheckpoint.path(replica: writer), of: writer, &state, &report, into: &touched, checked: &checked)
        {
            for (covered, position) in coverage where covered != replica {
                let read = state.header.positions[covered]
                guard read?.stopped != true, position.sequence > (read?.sequence ?? 0) else { continue }
                state.header.positions[covered] = ReplicationState.Position(
                    sequence: position.sequence, digest: position.digest)
                if covered != other { moved = true }
            }
            return true
        }
        return false
    }

    /// Merges the checkpoint at `path`, written by `writer`, into the state when it keeps the
    /// rules; returns whether it did.
    private func merge(
        _ path: String, of writer: ReplicaID, _ state: inout ReplicationState, _ report: inout SyncReport.Remote,
        into touched: inout Set<ReplicatedKey>, checked: inout [ReplicatedKey: CheckedObject]
    ) -> Bool {
        let url = transport.folder.appendingPathComponent(path)
        guard let size = Self.size(of: url), size <= ReplicaCheckpoint.maximumSize,
            let data = try? Data(contentsOf: url)
        else {
            setAside(path, "larger than \(ReplicaCheckpoint.maximumSize >> 20) MiB", &state, &report)
            return false
        }
        guard let checkpoint = ReplicaCheckpoint.decode(data, swapping: state.header.swap), checkpoint.replica == writer
        else {
            setAside(path, "not a checkpoint this engine can read", &state, &report)
            return false
        }
        // A state that holds nothing yet (a new device's) takes the checkpoint's objects as they are.
        let taken = state.objects.isEmpty
        var changed: [ReplicatedKey: ReplicatedObject] = taken ? checkpoint.objects : [:]
        if !taken { changed.reserveCapacity(checkpoint.objects.count) }
        for (key, object) in checkpoint.objects {
            guard object.entity == key.entity, replicatedEntityNames.contains(key.entity) else {
                setAside(path, "holds an object of an unknown entity \(key.entity)", &state, &report)
                return false
            }
            guard !taken else { continue }
            guard var merged = state.objects[key] else {
                changed[key] = object
                continue
            }
            let before = merged
            merged.merge(object)
            if merged != before { changed[key] = merged }
        }
        if let (key, failure) = Self.firstFailure(among: changed, checked: &checked) {
            setAside(path, "\(key): \(failure)", &state, &report)
            return false
        }
        var latest: ReplicaStamp?
        for object in changed.values {
            if let stamp = object.latestStamp, latest.map({ stamp > $0 }) ?? true { latest = stamp }
        }
        if taken {
            state.take(changed)
        } else {
            for (key, object) in changed { state.set(key, object) }
        }
        touched.formUnion(changed.keys)
        if let latest { state.header.clock.observe(latest) }
        for (board, keys) in checkpoint.conflicts where !keys.isEmpty {
            state.header.conflicts = state.header.conflicts ?? [:]
            state.header.conflicts?[board, default: []].formUnion(keys)
        }
        report.received += changed.count
        return true
    }

    private enum Rejection: Error {
        case rewritten
        case invalid(String)
    }

    /// The operations of a log file (`nil`: one that did not decode), with the merged objects
    /// they leave, if it is one `other` wrote next and every object they leave keeps the rules.
    private func check(
        _ file: ReplicaLogFile?, from other: ReplicaID, sequence: Int, after position: ReplicationState.Position?,
        state: ReplicationState, checked: inout [ReplicatedKey: CheckedObject]
    ) -> Result<([ReplicaOperation], [ReplicatedKey: ReplicatedObject]), Rejection> {
        guard let file else {
            return .failure(.invalid("not a log file this engine can read"))
        }
        guard file.replica == other, file.sequence == sequence else {
            return .failure(.invalid("names another replica or place in the log"))
        }
        // Before its first file (a position of sequence 0 only waits for a file set aside), none.
        let previous = (position?.sequence ?? 0) == 0 ? nil : position?.digest
        guard file.previous == previous else { return .failure(.rewritten) }
        var objects: [ReplicatedKey: ReplicatedObject] = [:]
        for operation in file.operations {
            guard operation.stamp.replica == other else {
                return .failure(.invalid("holds an operation stamped by another replica"))
            }
            guard replicatedEntityNames.contains(operation.entity) else {
                return .failure(.invalid("holds an operation on an unknown entity \(operation.entity)"))
            }
            objects[operation.key, default: state.objects[operation.key] ?? operation.emptyObject].apply(operation)
        }
        if let (key, failure) = Self.firstFailure(among: objects, checked: &checked) {
            return .failure(.invalid("\(key): \(failure)"))
        }
        return .success((file.operations, objects))
    }

    /// The first (by key) of `objects` alive that is not an object of its entity keeping its
    /// rules, and why; `nil` when there is none, and then each is in `checked`, decoded. Many
    /// are checked on every core.
    private static func firstFailure(
        among objects: [ReplicatedKey: ReplicatedObject], checked: inout [ReplicatedKey: CheckedObject]
    ) -> (ReplicatedKey, String)? {
        let alive = objects.filter { $0.value.isAlive }.map { ($0.key, $0.value) }
        let chunkSize = 2_048
        let chunks = (alive.count + chunkSize - 1) / chunkSize
        var results: [(checked: [(ReplicatedKey, CheckedObject)], failure: (ReplicatedKey, String)?)] = []
        if chunks <= 1 {
            results = [check(alive[...])]
        } else {
            let parts = Mutex<[Int: ([(ReplicatedKey, CheckedObject)], (ReplicatedKey, String)?)]>([:])
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                let part = check(alive[(chunk * chunkSize)..<min((chunk + 1) * chunkSize, alive.count)])
                parts.withLock { $0[chunk] = part }
            }
            results = parts.withLock { parts in (0..<chunks).compactMap { parts[$0] } }
        }
        if let failure = results.compactMap(\.failure).min(by: { $0.0 < $1.0 }) { return failure }
        checked.reserveCapacity(checked.count + alive.count)
        for part in results {
            for (key, object) in part.checked { checked[key] = object }
        }
        return nil
    }

    /// `objects` checked: each decoded, or the first (by key) that fails and why.
    private static func check(
        _ objects: ArraySlice<(ReplicatedKey, ReplicatedObject)>
    ) -> (checked: [(ReplicatedKey, CheckedObject)], failure: (ReplicatedKey, String)?) {
        var checked: [(ReplicatedKey, CheckedObject)] = []
        checked.reserveCapacity(objects.count)
        var failure: (ReplicatedKey, String)?
        for (key, object) in objects {
            guard let entity = replicatedEntities.first(where: { $0.entityName == key.entity }) else { continue }
            let values = object.values
            switch decoded(entity, key: key, values: values) {
            case .success(let decoded): checked.append((key, CheckedObject(values: values, object: decoded)))
            case .failure(let reason):
                if failure.map({ key < $0.0 }) ?? true { failure = (key, reason.text) }
            }
        }
        return (checked, failure)
    }

    /// Why a check failed.
    private struct CheckFailure: Error {
        var text: String
    }

    /// The object of `type` that `values` are, when it keeps its rules.
    private static func decoded<E: ReplicatedEntity>(
        _ type: E.Type, key: ReplicatedKey, values: [String: JSONValue]
    ) -> Result<any ReplicatedEntity, CheckFailure> {
        guard let object = try? ReplicatedFields.object(E.self, id: key.id, slots: values) else {
            return .failure(CheckFailure(text: "its fields are not a \(E.entityName)"))
        }
        if let failure = object.replicatedFailures.first { return .failure(CheckFailure(text: failure)) }
        return .success(object)
    }

    /// Reports `path` as set aside for `reason`, once per store; with `digest`, once per content
    /// (a file set aside and then changed, and set aside again, is reported again).
    private func setAside(
        _ path: String, _ reason: String, _ state: inout ReplicationState, _ report: inout SyncReport.Remote,
        digest: String? = nil
    ) {
        let noted = digest.map { "\(path)@\($0.prefix(16))" } ?? path
        guard state.header.reported.insert(noted).inserted else { return }
        report.setAside.append(SyncReport.SetAside(path: path, reason: reason))
    }

    /// Whether `other`'s log file after `sequence` is there and names `digest` as its previous.
    private func follows(_ digest: String, of other: ReplicaID, at sequence: Int) -> Bool {
        let next = transport.folder.appendingPathComponent(ReplicaLogFile.path(replica: other, sequence: sequence + 1))
        guard case .read(_, let file?)? = LogRead.of(next) else { return false }
        return file.previous == digest
    }

    /// `position`, the file after it set aside with `digest`: waited for until its bytes change.
    private static func blocking(
        _ position: ReplicationState.Position?, at digest: String
    ) -> ReplicationState.Position {
        var blocked = position ?? ReplicationState.Position(sequence: 0, digest: "")
        blocked.blocked = digest
        return blocked
    }

    private static func size(of url: URL) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }
}

/// A log file as read: its digest and what it decodes to (`nil`: not a log file this engine
/// reads), or left unread (too large, or not readable).
enum LogRead: Sendable {
    case read(digest: String, file: ReplicaLogFile?)
    case unread

    /// What a reader notes for a file left unread, in place of its digest.
    static let unreadDigest = "unread"

    /// The file at `url`, read; `nil` when there is none.
    static func of(_ url: URL) -> LogRead? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        guard let size = (attributes[.size] as? NSNumber)?.intValue, size <= ReplicaLogFile.maximumSize,
            let data = try? Data(contentsOf: url)
        else { return .unread }
        return .read(digest: SHA256.hash(data: data).hexadecimal, file: ReplicaLogCoding.decode(data))
    }
}

/// The log files a sync reads, read and decoded ahead of it a few at a time, on every core: a
/// file's checks need the files before it, its decoding does not.
struct LogReadAhead {
    let folder: URL
    /// The files expected, in the order they are taken.
    let expected: [String]
    private var next = 0
    private var read: [String: LogRead?] = [:]

    init(folder: URL, expected: [String]) {
        self.folder = folder
        self.expected = expected
    }

    /// The file at `path` (in the folder), read; `nil` when there is none. Reads the files
    /// expected from it on, a window at a time.
    mutating func take(_ path: String) -> LogRead? {
        if read[path] == nil, let index = expected[next...].firstIndex(of: path) {
            let window = Array(expected[index..<min(index + Self.window, expected.count)])
            let results = Mutex<[String: LogRead?]>([:])
            let folder = folder
            DispatchQueue.concurrentPerform(iterations: window.count) { item in
                let result = LogRead.of(folder.appendingPathComponent(window[item]))
                results.withLock { $0[window[item]] = .some(result) }
            }
            read = results.withLock { $0 }
            next = index + window.count
        }
        if let ahead = read.removeValue(forKey: path) { return ahead }
        return LogRead.of(folder.appendingPathComponent(path))
    }

    /// How many files are read at a time: enough to keep every core busy, few enough to hold.
    static let window = max(2, ProcessInfo.processInfo.activeProcessorCount)
}
