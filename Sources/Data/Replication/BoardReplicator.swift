import Foundation
import ProjectManagerDomain
import Synchronization

/// Syncs the boards a store shares on one remote.
///
/// A sync pulls the remote; reads each other replica's log files that are new since the last
/// sync, checks them like user input and sets aside any that fails (the rest still apply);
/// compares the store with the merged state of the last sync to find what changed here, as
/// operations stamped by this replica's hybrid logical clock; merges both into that state (each
/// slot takes the value of the greatest stamp, a delete wins over edits, a later create over a
/// delete); makes the store hold the merge as one save; appends the operations made here to this
/// replica's log; and pushes it.
public struct BoardReplicator: Sendable {
    let repository: ObjectGraphRepository
    let transport: any SyncTransport
    /// Whether the files written into the transport's folder are this store's alone (`0600`, in
    /// folders of `0700`): a copy of a git remote is; a shared folder is the team's, and its
    /// files take the process's umask.
    var copyIsPrivate: Bool { !(transport is FolderTransport) }
    let stateFile: URL
    let replica: ReplicaID
    let now: @Sendable () -> Date
    let author: String?
    let owner: Account.ID?
    let generation: @Sendable () -> String?
    /// Where a sync stops as if the process died there, for tests; `nil`: nowhere.
    package var interruption: (@Sendable (Step) -> Bool)?
    /// How many operations of this replica's log, made since its last checkpoint, make a
    /// sync fold the log into a checkpoint (``ReplicaCheckpoint``), given how many objects the
    /// merged state holds: half of them, and at least 4,096 by default. Then the checkpoint is
    /// about the size the log files would be, and a new device reads it instead of them.
    package var checkpointAfter: @Sendable (_ objects: Int) -> Int = { max(4096, $0 / 2) }
    /// Where the merged state stays between syncs of one engine; `nil`: it is read each time.
    package var stateCache: ReplicationStateCache?

    /// The steps of a sync after which a test may stop it as if the process died: what each
    /// left on disk stays, and the next sync goes on from there.
    package enum Step: Sendable, CaseIterable {
        /// The remote was pulled.
        case pulled
        /// The store holds the merge.
        case applied
        /// This replica's new log file is written in the remote's folder, and the state is not.
        case appended
        /// The state is saved, and nothing is pushed.
        case saved
    }

    private func stop(after step: Step) throws(SyncError) {
        if interruption?(step) == true { throw .localState(reason: "interrupted after \(step) (a test's stop)") }
    }

    /// A replicator of `repository`'s boards on `transport`, keeping its state in `stateFile`.
    ///
    /// - Parameters:
    ///   - replica: This store's replica id: the folder its log is written to.
    ///   - now: The wall clock the stamps follow.
    ///   - author: Who makes this store's changes, as the log files name them; `nil`: the replica.
    ///   - owner: The account a board that comes in new belongs to here (the signed-in one).
    ///   - generation: What changes whenever the store is saved (for a file, its identity, size
    ///     and time of change); `nil` when unknown. While it stays the same and no other replica
    ///     wrote, a sync reads nothing but what it keeps about the remote.
    public init(
        repository: ObjectGraphRepository, transport: any SyncTransport, stateFile: URL, replica: ReplicaID,
        now: @escaping @Sendable () -> Date, author: String? = nil, owner: Account.ID? = nil,
        generation: @escaping @Sendable () -> String? = { nil }
    ) {
        self.repository = repository
        self.transport = transport
        self.stateFile = stateFile
        self.replica = replica
        self.now = now
        self.author = author
        self.owner = owner
        self.generation = generation
    }

    /// Which boards a sync brings to this store besides those it shares already.
    public enum Joining: Sendable, Hashable {
        /// None.
        case none
        /// Every board on the remote.
        case all
        /// This board.
        case board(Board.ID)
    }

    /// The boards shared, from the state of the last sync.
    ///
    /// - Throws: ``SyncError/localState(reason:)`` when the state cannot be read.
    public func sharedBoards() throws(SyncError) -> [Board.ID] {
        try ReplicationState.loadHeader(from: stateFile, replica: replica).boards
    }

    /// Where the last sync left this remote: when it was, how many operations wait to be sent,
    /// each shared board's conflicts (cards deleted on one device while edited on another), how
    /// many log files this replica wrote, and the other devices that write there with how far
    /// each read the other (as the remote's files were at the last sync: nothing is fetched).
    ///
    /// - Throws: ``SyncError/localState(reason:)`` when the state cannot be read.
    public func status() throws(SyncError) -> (
        boards: [Board.ID], lastSync: Date?, unsent: Int, conflicts: [Board.ID: Int], written: Int,
        devices: [SyncDevice], remoteIDs: [Board.ID: Board.ID]
    ) {
        let header = try ReplicationState.loadHeader(from: stateFile, replica: replica)
        var conflicts: [Board.ID: Int] = [:]
        for board in header.boards {
            conflicts[board] = header.conflicts?[board.rawValue.uuidString]?.count ?? 0
        }
        var remoteIDs: [Board.ID: Board.ID] = [:]
        if let swap = header.swap, header.boards.contains(.default) { remoteIDs[.default] = swap.remoteID }
        return (
            header.boards, header.lastSync, header.unsent, conflicts, header.nextSequence - 1, devices(header),
            remoteIDs
        )
    }

    /// The other replicas with a folder on the remote's files, and how far each read the other.
    private func devices(_ header: ReplicationState.Header) -> [SyncDevice] {
        let folder = transport.folder.appendingPathComponent("replicas")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let ours = ReadPositions(header)
        return names.compactMap(ReplicaID.init(rawValue:)).filter { $0 != replica }.sorted().map { other in
            let theirs = ReadPositions.published(by: other, in: transport.folder)?.positions[replica.rawValue]
            let mine = ours.positions[other.rawValue]
            return SyncDevice(
                replica: other, readOfOurs: theirs?.sequence, waitsFor: theirs?.waiting,
                readOfTheirs: mine?.sequence ?? 0, waitingFor: mine?.waiting)
        }
    }

    /// Adds `board` to the boards shared on this remote; the next ``sync(remote:joining:)`` sends it.
    ///
    /// - Throws: ``SyncError/localState(reason:)`` when the state cannot be read or written.
    public func share(_ board: Board.ID) throws(SyncError) {
        var header = try ReplicationState.loadHeader(from: stateFile, replica: replica)
        guard !header.boards.contains(board) else { return }
        header.boards.append(board)
        // The next sync reads the store, whatever it was when the last one ended.
        header.storeGeneration = nil
        try ReplicationState.saveHeader(header, to: stateFile)
    }

    /// Whether the remote, as the last sync read it, holds a board of `board`'s id that another
    /// replica made and this one does not share: on a remote used before 5.2, every store's
    /// default board went by one id (`DefaultBoardSwap`), and sharing this store's would merge
    /// the two.
    ///
    /// - Throws: ``SyncError/localState(reason:)`` when the state cannot be read.
    public func isSharedByAnotherReplica(_ board: Board.ID) throws(SyncError) -> Bool {
        let header = try ReplicationState.loadHeader(from: stateFile, replica: replica)
        guard !header.boards.contains(board) else { return false }
        let state = try ReplicationState.load(from: stateFile, replica: replica, cache: stateCache)
        guard let object = state.objects[ReplicatedKey(entity: Board.entityName, id: board.rawValue)],
            let created = object.created
        else { return false }
        return created.replica != replica
    }

    /// Syncs: see the type's description. Never throws: a failure is the report's.
    public func sync(remote name: String, joining: Joining = .none) async -> SyncReport.Remote {
        var report = SyncReport.Remote(name: name)
        do throws(SyncError) {
            try await run(&report, joining: joining)
        } catch {
            report.failure = error
        }
        return report
    }

    private func run(_ report: inout SyncReport.Remote, joining: Joining) async throws(SyncError) {
        try await transport.pull()
        try stop(after: .pulled)
        // A state whose files are damaged is made again from the remote's (``rebuiltState``).
        var damage: String?
        var kept: ReplicationState.Header?
        do {
            kept = try ReplicationState.readHeader(from: stateFile, replica: replica)
        } catch {
            guard case .damaged(let reason) = error else { throw error.syncError }
            damage = reason
        }
        // Nothing changed here and nobody wrote: only what waits to be sent, if anything, goes.
        if var header = kept, joining == .none, let stored = header.storeGeneration, stored == generation(),
            !hasNewFiles(header)
        {
            report.boards = header.boards
            report.waiting = ReadPositions(header).waiting
            header.lastSync = now()
            try ReplicationState.saveHeader(header, to: stateFile)
            if header.unsent > 0 {
                try await transport.push(["replicas/\(replica)"], message: "sync: \(header.unsent) operations")
                header.unsent = 0
                try ReplicationState.saveHeader(header, to: stateFile)
            }
            return
        }
        var state: ReplicationState
        if let kept {
            do {
                state = try ReplicationState.read(from: stateFile, header: kept, cache: stateCache)
            } catch {
                guard case .damaged(let reason) = error else { throw error.syncError }
                damage = reason
                state = ReplicationState(header: kept, objects: [:])
            }
        } else {
            state = ReplicationState(replica: replica)
        }
        var outboxIsWhole = false
        if let damage {
            let rebuilt = await rebuiltState(from: kept, report: &report)
            state = rebuilt.state
            outboxIsWhole = rebuilt.outboxIsWhole
            report.rebuilt = damage
        }
        state.header.replica = replica
        // The board a join guessed, before reading, this store's default board becomes.
        var guessed: Board.ID?
        if state.header.defaultBoard == nil {
            // A remote this store begins to use gives its default board an id of its own; one it
            // used before keeps the default board's, which its files hold already.
            let fresh =
                state.header.nextSequence == 1 && state.header.positions.isEmpty && state.header.objectsVersion == 0
                && state.header.lastSync == nil
            if fresh, let guess = try await joinedDefaultBoard(joining) {
                guessed = guess
                state.header.defaultBoard = guess
            } else {
                state.header.defaultBoard = fresh ? DefaultBoardSwap.remoteID(of: replica) : .default
            }
        }
        let swap = state.header.swap
        let adopted = adoptUnrecordedFiles(&state, report: &report)
        // A store put back from an older copy is behind: its token is not the one this state
        // left in it, or (the state put back with it) its own log went on past the state. What
        // it lacks was not deleted here; what it holds older than the merged state is not an
        // edit made here. A sync that stopped after it wrote its log file looks alike, and its
        // store holds what the merged state holds: nothing is taken for a change there either.
        let token = await repository.syncToken(remote: report.name)
        let behind =
            (state.header.mark != nil && token != state.header.mark) || adopted > 0 || (damage != nil && !outboxIsWhole)
        // Unless the store took the operations a sync made here, and its process died before the
        // state recorded them (or before they went out): they go out now, as they were stamped.
        let pendingFile = PendingOperations.url(beside: stateFile)
        var recovered: [ReplicaOperation] = []
        if let pending = PendingOperations.read(at: pendingFile), pending.token == token,
            pending.file.replica == replica, pending.file.sequence >= state.header.nextSequence
        {
            recovered = pending.file.operations
            for operation in recovered {
                state.header.clock.observe(operation.stamp)
                state.apply(operation)
            }
        }

        // What changed here since the last sync: what the saves that made the changes recorded
        // (``PendingChange``), once the store records every shared board's; else (a store of
        // before, a board shared since, a store put back from an older copy, a board joined)
        // what the store holds otherwise than the merged state.
        let changes: [PendingChange]
        do {
            changes = try await repository.pendingChanges()
        } catch {
            throw .localState(reason: "the store could not be read (\(error))")
        }
        var changedAt: [ReplicatedKey: Date] = [:]
        var changedSlots: [ReplicatedKey: Set<String>] = [:]
        var slotTimes: [ReplicatedKey: [String: Date]] = [:]
        for change in changes {
            guard let key = ObjectGraphRepository.replicatedKey(of: change, replica: replica) else { continue }
            changedAt[key] = change.changedAt
            if let slots = change.slots { changedSlots[key] = Set(slots) }
            if let times = change.slotTimes { slotTimes[key] = times }
        }
        let recordedBoards = await repository.recordedBoards(remote: report.name)
        let recording = recordedBoards.map { Set(state.header.boards).isSubset(of: $0) } ?? false
        let current: Current
        var local: [ReplicaOperation] = []
        if damage != nil, outboxIsWhole {
            // The merged state made again holds only what this replica wrote: what the store
            // recorded goes out as recorded, and the store is read whole to take what comes in.
            do {
                let objects = try await repository.replicatedObjects(on: state.header.boards, replica: replica)
                current = .read(objects)
                // The changes of this remote's boards: those the store holds there, and those
                // gone from a board shared here.
                let boards = Set(state.header.boards.map(\.rawValue))
                var times: [ReplicatedKey: Date] = [:]
                for change in changes {
                    guard let key = ObjectGraphRepository.replicatedKey(of: change, replica: replica) else { continue }
                    if objects[key] != nil || change.board.map(boards.contains) == true { times[key] = changedAt[key] }
                }
                local = recordedOperations(
                    current: objects.filter { times[$0.key] != nil }, state: &state, times: times,
                    slotTimes: slotTimes, slots: changedSlots)
            } catch {
                throw .localState(reason: "the store could not be read (\(error))")
            }
        } else if joining == .none, !behind, recording {
            let shared = SharedBoardSet(state.header.boards)
            do {
                let objects = try await repository.replicatedObjects(
                    changedIn: changes, on: state.header.boards, replica: replica)
                current = .recorded(objects, keys: Set(changedAt.keys), shared)
                state.keepObjectsBefore()
                local = localOperations(
                    current: objects, state: &state, times: changedAt, slotTimes: slotTimes, onlyTimed: true)
            } catch {
                throw .localState(reason: "the store could not be read (\(error))")
            }
        } else {
            do {
                var objects = try await repository.replicatedObjects(on: state.header.boards, replica: replica)
                if behind, try await renumberHistory(in: objects, state: state) {
                    objects = try await repository.replicatedObjects(on: state.header.boards, replica: replica)
                }
                current = .read(objects)
                local = localOperations(
                    current: objects, state: &state, behind: behind, times: changedAt, slotTimes: slotTimes,
                    slots: recording ? changedSlots : nil)
            } catch {
                throw .localState(reason: "the store could not be read (\(error))")
            }
        }
        // The operations kept for a crash (below) are coded beside the merge.
        local = recovered + local
        let newToken = UUID()
        let pending = PendingOperations(
            token: newToken,
            file: ReplicaLogFile(
                replica: replica, sequence: state.header.nextSequence, previous: state.header.lastDigest,
                author: author, operations: local))
        async let pendingBytes = pending.file.operations.isEmpty ? nil : pending.encoded()
        for operation in local.dropFirst(recovered.count) { state.apply(operation) }
        // The changes read go with this sync's save, but those of a board another remote
        // shares (a board is shared on one remote): that remote's sync sends them, and takes
        // them away.
        let elsewhere = Set(
            (recordedBoards == nil ? [:] : await repository.recordedBoardsByRemote()).filter { $0.key != report.name }
                .values.joined())
        let sent = changes.filter { change in
            guard !elsewhere.isEmpty else { return true }
            guard let key = ObjectGraphRepository.replicatedKey(of: change, replica: replica),
                let object = state.objects[key]
            else { return false }
            let board = key.entity == Board.entityName ? Board.ID(rawValue: key.id) : object.boardID
            return board.map { !elsewhere.contains($0) } ?? false
        }

        // What came in.
        var touched: Set<ReplicatedKey> = []
        var checked: [ReplicatedKey: CheckedObject] = [:]
        let incoming = readIncoming(&state, report: &report, checkpointed: &touched, checked: &checked)
        for batch in incoming {
            for operation in batch {
                // Read into the merged state already, as each file was checked against the one before.
                state.header.clock.observe(operation.stamp)
                touched.insert(operation.key)
            }
            report.received += batch.count
        }

        // Boards joined.
        var joined: [Board.ID] = []
        switch joining {
        case .none: break
        case .all:
            for (key, object) in state.objects
            where key.entity == Board.entityName && object.isAlive
                && !state.header.boards.contains(Board.ID(rawValue: key.id))
            {
                joined.append(Board.ID(rawValue: key.id))
            }
        case .board(let remoteID):
            // The id the remote knows the board by; this store may know it by another.
            let board = Board.ID(rawValue: swap?.id(remoteID.rawValue) ?? remoteID.rawValue)
            guard state.objects[ReplicatedKey(entity: Board.entityName, id: board.rawValue)]?.isAlive == true else {
                throw .boardNotOnRemote(remoteID)
            }
            joined = [board]
        }
        if let rebinding = try await defaultBoardRebinding(joining: joined, state, guessed: guessed) {
            state.objects = MergedObjects(rebinding.swap.objects(state.objects.dictionary))
            state.changed = nil
            state.header.conflicts = state.header.conflicts.map(rebinding.swap.conflicts)
            state.header.defaultBoard = rebinding.remoteID
            joined = joined.map { Board.ID(rawValue: rebinding.swap.id($0.rawValue)) }
            // What was checked as it came in went by the ids of before.
            checked = [:]
        }
        for board in joined where !state.header.boards.contains(board) { state.header.boards.append(board) }
        if joining != .none || behind || damage != nil {
            touched.formUnion(state.objects.keys)
        }
        let lostHere = Self.findConflicts(
            among: touched.union(local.map(\.key)), in: &state, replica: replica)

        // The store holds the merge.
        let shared = SharedBoardSet(state.header.boards)
        var target: [ReplicatedKey: [String: JSONValue]?] = [:]
        for key in touched {
            guard let object = state.objects[key] else { continue }
            let keep = object.isAlive && object.isOn(shared, id: key.id)
            if keep {
                // The values checked as they came in are the object's (each change after a check
                // is checked again): the same dictionary, so the store compares them at once.
                let values: [String: JSONValue]
                if let earlier = checked[key] {
                    assert(earlier.values == object.values, "\(key) changed after it was checked")
                    values = earlier.values
                } else {
                    values = object.values
                }
                if !current.holds(key, with: values, in: state) { target[key] = values }
            } else if current.holds(key, in: state) {
                // Only what this store holds on a shared board goes: never an object of a board
                // it does not share (the default board, whose id every store has, among them).
                target[key] = .some(nil)
            }
        }
        // The store and the state take a new token when the store changes or anything goes out,
        // before anything goes out.
        let mark = SyncToken(remote: report.name, token: newToken, boards: state.header.boards)
        var marked = true
        if let bytes = await pendingBytes { try pending.write(to: pendingFile, encoded: bytes) }
        // The merged state's objects file is made beside the store's save and the log's; it
        // holds unless the merge's consequences change the objects.
        let saving = state
        async let prepared = saving.preparedSave()
        var preparedHolds = true
        if !target.isEmpty || !lostHere.isEmpty {
            do {
                let applied = try await repository.applyReplicated(
                    target, replica: replica, owner: owner, lostEdits: lostHere, at: now(), by: author,
                    checked: checked, mark: mark, sent: sent)
                report.changed = applied.changed
                // What the merge did besides: a delete's cascade, a repair. It goes out with the rest.
                if !applied.beyond.isEmpty {
                    let merged = try await repository.replicatedObjects(
                        applied.beyond, on: state.header.boards, replica: replica)
                    let time = now()
                    var keys: [ReplicatedKey: Date] = [:]
                    for id in applied.beyond {
                        if let key = ObjectGraphRepository.replicatedKey(of: id, replica: replica) { keys[key] = time }
                    }
                    let consequences = localOperations(
                        current: merged, state: &state, atSyncTime: true, times: keys, onlyTimed: true)
                    for operation in consequences { state.apply(operation) }
                    local += consequences
                    preparedHolds = preparedHolds && consequences.isEmpty
                }
            } catch {
                throw .localState(reason: "what came in could not be saved (\(error))")
            }
            try stop(after: .applied)
        } else if !local.isEmpty || behind || !sent.isEmpty || recordedBoards != Set(state.header.boards) {
            do {
                try await repository.markSynced(mark, sent: sent)
            } catch {
                throw .localState(reason: "the store could not be saved (\(error))")
            }
        } else {
            marked = false
        }
        if marked { state.header.mark = mark.token }

        // What went out.
        if !local.isEmpty {
            let unfolded = (state.header.unfolded ?? 0) + local.count
            if unfolded >= checkpointAfter(state.objects.count) {
                try fold(&state, sending: local.count)
            } else {
                try append(local, to: &state)
                state.header.unfolded = unfolded
            }
            report.sent = local.count
            try stop(after: .appended)
        }
        state.header.lastSync = now()
        state.header.storeGeneration = generation()
        state.forgetObjectsBefore()
        try state.save(to: stateFile, cache: stateCache, prepared: preparedHolds ? await prepared : nil)
        // The state records what the store took: it is never sent again.
        try? FileManager.default.removeItem(at: pendingFile)
        try stop(after: .saved)
        report.boards = state.header.boards
        if let remoteID = state.header.swap?.remoteID, state.header.boards.contains(.default) {
            report.remoteIDs[.default] = remoteID
        }
        report.waiting = ReadPositions(state.header).waiting
        if dropDominatedCheckpoint() { state.header.unsent = max(state.header.unsent, 1) }
        // How far this replica read the others, for their writers to see.
        let published = try ReadPositions(state.header).publish(
            as: replica, in: transport.folder, private: copyIsPrivate)
        if state.header.unsent > 0 || published {
            try await transport.push(["replicas/\(replica)"], message: "sync: \(state.header.unsent) operations")
            state.header.unsent = 0
            try ReplicationState.saveHeader(state.header, to: stateFile)
        }
    }

    /// The board another store shares as its default board that a join into this store, whose
    /// default board holds nothing yet, makes this store's default board, when the remote tells
    /// before anything is read: the one a join of one board names; for a join of every board, the
    /// first (by id) of those other replicas publish as theirs (``ReadPositions``). Read with
    /// that board's id traded with the default board's, what comes in needs no rebinding; a
    /// wrong guess costs one after the read (``defaultBoardRebinding(joining:_:guessed:)``).
    private func joinedDefaultBoard(_ joining: Joining) async throws(SyncError) -> Board.ID? {
        guard joining != .none else { return nil }
        let others = otherReplicas()
        let defaultBoards = Set(others.map(DefaultBoardSwap.remoteID(of:)) + [.default])
        let guess: Board.ID?
        switch joining {
        case .none: return nil
        case .board(let remoteID):
            guess = defaultBoards.contains(remoteID) ? remoteID : nil
        case .all:
            guess = others.compactMap { ReadPositions.published(by: $0, in: transport.folder)?.defaultBoard }
                .map(Board.ID.init(rawValue:)).filter(defaultBoards.contains)
                .min { $0.rawValue.uuidString < $1.rawValue.uuidString }
        }
        guard let guess else { return nil }
        do {
            return try await repository.holdsReplicatedObjects(on: .default) ? nil : guess
        } catch {
            throw .localState(reason: "the store could not be read (\(error))")
        }
    }

    /// The replicas with a folder on the remote, this one aside.
    private func otherReplicas() -> [ReplicaID] {
        let folder = transport.folder.appendingPathComponent("replicas")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap(ReplicaID.init(rawValue:)).filter { $0 != replica }
    }

    /// How the state's ids change when a join brings another store's default board
    /// (``DefaultBoardSwap``) and this store's default board is not shared: it becomes this
    /// store's default board when that holds nothing yet (a second device of one person, most
    /// often); or, when the state knows it by the id this store's default board goes by (a remote
    /// used before 5.2, whose boards kept the default board's id) and this store's default board
    /// holds something, it comes in under this store's remote id instead, beside it. A board
    /// `guessed` before the read that did not come in gives the default board its own remote id
    /// back. `nil`: they do not change.
    private func defaultBoardRebinding(
        joining boards: [Board.ID], _ state: ReplicationState, guessed: Board.ID?
    ) async throws(SyncError) -> (swap: DefaultBoardSwap, remoteID: Board.ID)? {
        guard !state.header.boards.contains(.default) else { return nil }
        let current = state.header.defaultBoard ?? .default
        let own = DefaultBoardSwap.remoteID(of: replica)
        guard !boards.isEmpty else {
            // Nothing came in: a guess goes back to this store's own id.
            guard guessed != nil, current != own else { return nil }
            return (DefaultBoardSwap.rebinding(from: current, to: own), own)
        }
        let swap = state.header.swap
        func remote(_ board: Board.ID) -> Board.ID { Board.ID(rawValue: swap?.id(board.rawValue) ?? board.rawValue) }
        // The default boards of the others: each store's remote id, or the default board's own.
        let others = Set(otherReplicas().map(DefaultBoardSwap.remoteID(of:)) + [.default])
        // By the ids on the remote, which a guess does not change.
        let candidate =
            boards.map(remote).filter(others.contains).min { $0.rawValue.uuidString < $1.rawValue.uuidString }
        let target: Board.ID
        if let candidate {
            let empty: Bool
            do {
                empty = try await !repository.holdsReplicatedObjects(on: .default)
            } catch {
                throw .localState(reason: "the store could not be read (\(error))")
            }
            if empty {
                target = candidate
            } else if candidate == current {
                target = own
            } else {
                return nil
            }
        } else if guessed != nil {
            target = own
        } else {
            return nil
        }
        guard target != current else { return nil }
        return (DefaultBoardSwap.rebinding(from: current, to: target), target)
    }

    /// Notes, among the objects `keys`, each card, checklist item, comment, list or label deleted
    /// while it holds a value stamped after the delete: an edit made where the delete was not seen
    /// yet (a hybrid clock stamps what a replica saw before everything it does after), which the
    /// delete won. Returns those of them edited last here, the first time they are found, for this
    /// store to record in the board's history: only the replica whose edit was lost records it, so
    /// the history that replicates holds it once.
    static func findConflicts(
        among keys: Set<ReplicatedKey>, in state: inout ReplicationState, replica: ReplicaID
    ) -> [LostEdit] {
        var lost: [LostEdit] = []
        // Objects deleted, in the order of their keys.
        let deleted = keys.filter { key in
            conflictSubjects.keys.contains(key.entity)
                && state.objects[key].map { !$0.isAlive && $0.deleted != nil } ?? false
        }
        for key in deleted.sorted() {
            guard let object = state.objects[key], !object.isAlive, let deleted = object.deleted,
                let latest = object.slots.values.map(\.stamp).max(), latest > deleted,
                let board = object.boardID
            else { continue }
            let noted =
                state.header.conflicts?[board.rawValue.uuidString, default: []].contains(key.description) ?? false
            guard !noted else { continue }
            state.header.conflicts = state.header.conflicts ?? [:]
            state.header.conflicts?[board.rawValue.uuidString, default: []].insert(key.description)
            guard latest.replica == replica else { continue }
            func text(_ name: String, of object: ReplicatedObject?) -> String {
                guard case .string(let value)? = object?.slots[name]?.value else { return "" }
                return value
            }
            switch conflictSubjects[key.entity] ?? nil {
            case nil:
                lost.append(
                    LostEdit(
                        board: board, project: Project.ID(rawValue: key.id), title: text("title", of: object),
                        body: text("body", of: object)))
            case let subject? where subject == .checklistItem || subject == .comment:
                let card = UUID(uuidString: text("projectID", of: object))
                let title = card.map {
                    text("title", of: state.objects[ReplicatedKey(entity: Project.entityName, id: $0)])
                }
                lost.append(
                    LostEdit(
                        board: board, project: card.map(Project.ID.init(rawValue:)), title: title ?? "",
                        subject: subject, text: text("text", of: object)))
            case let subject?:
                let name = text(subject == .list ? "title" : "name", of: object)
                lost.append(LostEdit(board: board, project: nil, title: name, subject: subject, text: name))
            }
        }
        return lost
    }

    /// The entities whose edits a delete may win, each with what its history entry calls it
    /// (`nil`: a card).
    private static let conflictSubjects: [String: LostEditSubject?] = [
        Project.entityName: nil, ChecklistItem.entityName: .checklistItem, Comment.entityName: .comment,
        BoardList.entityName: .list, Label.entityName: .label,
    ]

    /// What the store holds of the shared boards before the merge.
    private enum Current {
        /// As read from it.
        case read([ReplicatedKey: [String: JSONValue]])
        /// As read from it for the objects of `keys` (changed here since the last sync), and
        /// for the others the merged objects alive on the shared boards, as they were before
        /// this sync changed them (``ReplicationState/objectBefore(_:)``): the last sync left
        /// the store so, and nothing else changed here.
        case recorded([ReplicatedKey: [String: JSONValue]], keys: Set<ReplicatedKey>, SharedBoardSet)

        /// Whether the store holds the object of `key` (with `state` the merged state).
        func holds(_ key: ReplicatedKey, in state: ReplicationState) -> Bool {
            switch self {
            case .read(let objects): objects[key] != nil
            case .recorded(let objects, let keys, _) where keys.contains(key): objects[key] != nil
            case .recorded(_, _, let shared):
                state.objectBefore(key).map { $0.isAlive && $0.isOn(shared, id: key.id) } ?? false
            }
        }

        /// Whether the store holds the object of `key` with `values` (with `state` the merged state).
        func holds(_ key: ReplicatedKey, with values: [String: JSONValue], in state: ReplicationState) -> Bool {
            switch self {
            case .read(let objects): return objects[key] == values
            case .recorded(let objects, let keys, _) where keys.contains(key): return objects[key] == values
            case .recorded(_, _, let shared):
                guard let object = state.objectBefore(key), object.isAlive, object.isOn(shared, id: key.id),
                    object.slots.count == values.count
                else { return false }
                return values.allSatisfy { name, value in object.slots[name]?.value == value }
            }
        }
    }

    /// The operations that make the merged state hold `current` for the shared boards.
    ///
    /// Each operation is stamped when it was made: as `times` has it (the store recorded it,
    /// ``PendingChange``; an update's slots each at its own time, as `slotTimes` has them, one
    /// operation per time), or where the object keeps it (a card's `updatedAt`, a comment's
    /// `editedAt`, a history entry's `date`, a star's `starredAt`, a card's delete the date of its
    /// history entry), or else when the sync runs; `atSyncTime` stamps all of them then (what a
    /// merge's repairs change). Stamps follow the clock as ever: never before what this replica
    /// saw at its last sync, which is what it saw when it made them. With `onlyTimed`, `current`
    /// holds only the objects of `times` that the store holds, and only they may have changed.
    ///
    /// When the store is `behind` (put back from an older copy), an object it lacks is not
    /// deleted here unless it recorded the delete, and one it holds otherwise than the merged
    /// state is changed here only when it was changed after the merged state's last change of
    /// it (as `times`, or where `slots` is given only `times`, or the object, keep it), and only
    /// in the slots the store recorded (`slots`, where given): the store receives the rest.
    /// What is new to the merged state is made here.
    private func localOperations(
        current: [ReplicatedKey: [String: JSONValue]], state: inout ReplicationState, atSyncTime: Bool = false,
        behind: Bool = false, times: [ReplicatedKey: Date] = [:], slotTimes: [ReplicatedKey: [String: Date]] = [:],
        slots recorded: [ReplicatedKey: Set<String>]? = nil, onlyTimed: Bool = false
    ) -> [ReplicaOperation] {
        let time = now()
        /// When the object of `key` (holding `slots`, if any) was changed here, if known.
        func changeTime(_ key: ReplicatedKey, _ slots: [String: JSONValue]?) -> Date? {
            if let time = times[key] { return time }
            // A store that records its changes and did not record this one did not change it.
            guard recorded == nil, let slots else { return nil }
            return Self.editTime(of: key.entity, slots)
        }
        var made: [(operation: ReplicaOperation, time: Date)] = []
        // Their order is the sort's below: the objects are taken as they come.
        for key in Self.differing(current, from: state.objects) {
            let slots = current[key] ?? [:]
            if behind, let merged = state.objects[key] {
                guard merged.isAlive, let edited = changeTime(key, slots),
                    let latest = merged.latestStamp, Self.milliseconds(edited) > latest.time
                else { continue }
            }
            let madeAt = atSyncTime ? time : min(changeTime(key, slots) ?? time, time)
            let stamp = ReplicaStamp(time: 0, counter: 0, replica: replica)  // stamped below, in order
            if let merged = state.objects[key], merged.isAlive {
                var changed = slots.filter { merged.slots[$0.key]?.value != $0.value }
                // A slot gone here is cleared, unless it is clear already (a set's element removed).
                var cleared = merged.slots.filter { slots[$0.key] == nil && $0.value.value != .null }.map(\.key)
                // Behind, only what the store recorded changing since.
                if behind, let names = recorded?[key] {
                    changed = changed.filter { names.contains($0.key) }
                    cleared = cleared.filter { names.contains($0) }
                }
                guard !changed.isEmpty || !cleared.isEmpty else { continue }
                // What differs only as the merge settled it is not a change made here.
                if let settled = ReplicatedFields.settled(key, slots: merged.values) {
                    changed = changed.filter { settled[$0.key] != $0.value }
                    cleared = cleared.filter { settled[$0] != nil }
                    guard !changed.isEmpty || !cleared.isEmpty else { continue }
                }
                var update = changed
                for name in cleared { update[name] = .null }
                // Each slot when it was changed, where the store recorded it: one operation per time.
                var parts: [Date: [String: JSONValue]] = [:]
                for (name, value) in update {
                    let changedAt = atSyncTime ? madeAt : min(slotTimes[key]?[name] ?? madeAt, madeAt)
                    parts[changedAt, default: [:]][name] = value
                }
                for (changedAt, slots) in parts {
                    made.append(
                        (
                            ReplicaOperation(kind: .update, entity: key.entity, id: key.id, stamp: stamp, slots: slots),
                            changedAt
                        ))
                }
            } else {
                // A create after a delete (a restore) says every slot: one it lacks (a field
                // absent, a set's element) is cleared, as the store here holds it.
                var slots = slots
                for (name, slot) in state.objects[key]?.slots ?? [:] where slots[name] == nil && slot.value != .null {
                    slots[name] = .null
                }
                made.append(
                    (
                        ReplicaOperation(kind: .create, entity: key.entity, id: key.id, stamp: stamp, slots: slots),
                        madeAt
                    ))
            }
        }
        let shared = SharedBoardSet(state.header.boards)
        func deletedHere(_ key: ReplicatedKey, _ object: ReplicatedObject) -> Bool {
            guard object.isAlive, current[key] == nil, object.isOn(shared, id: key.id) else { return false }
            guard behind else { return true }
            // Behind, only a delete the store recorded after the merged state's last change.
            guard let deletedAt = times[key], let latest = object.latestStamp else { return false }
            return Self.milliseconds(deletedAt) > latest.time
        }
        let deleted: [ReplicatedKey] =
            onlyTimed
            ? times.keys.filter { key in state.objects[key].map { deletedHere(key, $0) } ?? false }
            : state.objects.compactMap { key, object in deletedHere(key, object) ? key : nil }
        // A card deleted here was deleted when its history says.
        let deletions =
            atSyncTime || !deleted.contains(where: { $0.entity == Project.entityName && times[$0] == nil })
            ? [:] : Self.deletionTimes(in: current)
        for key in deleted {
            let deletedAt =
                atSyncTime
                ? time
                : min(
                    times[key] ?? (key.entity == Project.entityName ? deletions[key.id.uuidString] : nil) ?? time, time)
            let stamp = ReplicaStamp(time: 0, counter: 0, replica: replica)  // stamped below, in order
            made.append(
                (ReplicaOperation(kind: .delete, entity: key.entity, id: key.id, stamp: stamp, slots: [:]), deletedAt))
        }
        // In the order they were made, so that the clock's stamps keep it.
        made.sort { $0.time < $1.time || $0.time == $1.time && $0.operation.key < $1.operation.key }
        return made.map { entry in
            var operation = entry.operation
            operation.stamp = state.header.clock.tick(now: entry.time, replica: replica)
            return operation
        }
    }

    /// The keys of `current` whose slots are not those of the alive object of `merged` (a slot
    /// changed or gone, or the object new or deleted there), found on every core when they are many.
    private static func differing(
        _ current: [ReplicatedKey: [String: JSONValue]], from merged: MergedObjects
    ) -> [ReplicatedKey] {
        let keys = Array(current.keys)
        @Sendable func differs(_ key: ReplicatedKey) -> Bool {
            guard let object = merged[key], object.isAlive, let slots = current[key] else { return true }
            return slots.contains { object.slots[$0.key]?.value != $0.value }
                || object.slots.contains { slots[$0.key] == nil && $0.value.value != .null }
        }
        let chunkSize = 8_192
        let chunks = (keys.count + chunkSize - 1) / chunkSize
        guard chunks > 1 else { return keys.filter(differs) }
        let parts = Mutex<[Int: [ReplicatedKey]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let part = keys[(chunk * chunkSize)..<min((chunk + 1) * chunkSize, keys.count)].filter(differs)
            parts.withLock { $0[chunk] = part }
        }
        return parts.withLock { parts in (0..<chunks).flatMap { parts[$0] ?? [] } }
    }

    /// `date` as a stamp's time: milliseconds since 1970.
    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    }

    /// Renumbers, in a store that is behind, its own history entries (numbered here) that go
    /// by the id of another entry in the merged state: numbered again from where the older copy
    /// stood, they took the numbers of entries this replica sent since, which the store is about
    /// to receive. Returns whether it renumbered any.
    private func renumberHistory(
        in current: [ReplicatedKey: [String: JSONValue]], state: ReplicationState
    ) async throws -> Bool {
        var colliding: [Activity.ID] = []
        var greatest = 0
        for (key, object) in state.objects where key.entity == ActivityRecord.entityName {
            if case .number(let sequence)? = object.slots["sequence"]?.value { greatest = max(greatest, Int(sequence)) }
            guard object.isAlive, let slots = current[key], slots != object.values else { continue }
            let local = ActivityRecord.localID(key.id, of: replica)
            if local != key.id { colliding.append(Activity.ID(rawValue: local)) }
        }
        guard !colliding.isEmpty else { return false }
        return try await repository.renumberHistory(colliding, after: greatest) > 0
    }

    /// When each card was last deleted, by its id's text, as the history entries among `current` say.
    private static func deletionTimes(in current: [ReplicatedKey: [String: JSONValue]]) -> [String: Date] {
        var times: [String: Date] = [:]
        for (key, slots) in current where key.entity == ActivityRecord.entityName {
            guard case .object(let kind)? = slots["kind"], kind["deleted"] != nil,
                case .string(let project)? = slots["projectID"], case .number(let seconds)? = slots["date"]
            else { continue }
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            if times[project].map({ $0 < date }) ?? true { times[project] = date }
        }
        return times
    }

    /// When an object was last changed, as its fields keep it: a card's `updatedAt`, a comment's
    /// `editedAt` or `createdAt`, a history entry's `date`, a star's `starredAt`; `nil` for the others.
    private static func editTime(of entity: String, _ slots: [String: JSONValue]) -> Date? {
        let names =
            switch entity {
            case Project.entityName: ["updatedAt"]
            case Comment.entityName: ["editedAt", "createdAt"]
            case ActivityRecord.entityName: ["date"]
            case FavouriteRecord.entityName: ["starredAt"]
            default: [String]()
            }
        for name in names {
            if case .number(let seconds)? = slots[name] { return Date(timeIntervalSinceReferenceDate: seconds) }
        }
        return nil
    }
}

extension ReplicaOperation {
    var key: ReplicatedKey { ReplicatedKey(entity: entity, id: id) }
    var emptyObject: ReplicatedObject { ReplicatedObject(entity: entity) }
}
