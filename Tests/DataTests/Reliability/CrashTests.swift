import Foundation
import ProjectManagerCrashWorkload
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A writer process is killed with `SIGKILL` at random moments while it saves, over and over, to
/// one store; after each kill, this process reopens the store and checks it.
///
/// The writer is `pm-store-crash-child save-loop`, making ``CrashWorkload``'s saves. It prints a
/// save's number only after `save()` returned, so every number read here is a save that must
/// survive. Most kills come after a random number of those acknowledgements, or (on Linux, where
/// inotify shows the test the writer's file operations) just as the writer has written its next
/// record. One kill in 25 waits for the writer to compact the store, and lands as the new file is
/// created, written, given its permissions, or renamed into place, in turn.
///
/// The kills follow a seeded generator: set `PM_CRASH_SEED` to replay a run, and `PM_CRASH_KILLS`
/// for more kills than the default 200 (`PM_CRASH_KILLS=5000 swift test --filter CrashTests`).
@Suite("Reliability: a writer killed mid-save")
struct CrashTests {
    static let kills = environmentInteger("PM_CRASH_KILLS") ?? 200
    static let seed = UInt64(environmentInteger("PM_CRASH_SEED") ?? 0xC4A5)
    /// The most saves waited for before a kill; few, so that the journal grows slowly and each
    /// reopen stays cheap.
    static let mostAcknowledgementsBeforeKill = 5
    /// Every this many kills, one waits for a compaction.
    static let compactionKillPeriod = 25
    /// The permission bits given to the store, which compactions must keep.
    static let storePermissions = 0o640

    @Test("every acknowledged save survives SIGKILL, nothing partial does, and the store stays writable")
    func killedWriter() throws {
        // Given one store that every writer continues
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("crash.pmstore")
        var random = SeededGenerator(seed: Self.seed)
        var saves = 0
        var tally = Tally()
        var permissionsGiven = false

        for round in 1...Self.kills {
            let label = "kill \(round) of \(Self.kills) (PM_CRASH_SEED=\(Self.seed))"
            let plan = Self.plan(round, using: &random)
            let fileBefore = try Self.fileNumber(of: url)

            // When a writer is killed as planned
            let lines = try Self.runWriter(on: url, killing: plan, label)
            let acknowledged = try Self.lastAcknowledgedSave(in: lines, storeHeld: saves, label)
            tally.count(plan, acknowledged: acknowledged - saves)
            if case .inCompaction = plan {
                if try Self.fileNumber(of: url) == fileBefore { tally.compactionsInterrupted += 1 }
            } else if let fileBefore, try Self.fileNumber(of: url) != fileBefore {
                tally.compactionsCompleted += 1
            }

            // Then the store holds exactly the acknowledged saves, or one more that returned unseen
            let undoes = Int.random(in: 0..<4, using: &random) == 0
            saves = try Self.checkStore(at: url, acknowledged: acknowledged, undoingLastSave: undoes, &tally, label)
            try Self.checkPermissions(of: url, given: &permissionsGiven, label)
        }

        // And the store opens and takes the next save
        do {
            let context = try CrashWorkload.openStore(at: url)
            try CrashWorkload.makeSave(saves + 1, in: context)
        }
        let reopened = try CrashWorkload.openStore(at: url)
        #expect(try CrashWorkload.state(in: reopened) == CrashWorkload.expectedState(afterSaves: saves + 1))
        print("CrashTests: \(Self.kills) kills (PM_CRASH_SEED=\(Self.seed)): \(tally)")
    }

    // MARK: - Kill plans

    /// When to kill the writer in one round.
    enum KillPlan {
        /// As it starts: while it loads, or opens the store.
        case atStart
        /// Once it acknowledged this many saves.
        case afterAcknowledgements(Int)
        /// Once it acknowledged this many saves and then wrote to the store file: its next record
        /// is written, and not yet synced or acknowledged. Linux only.
        case atRecordWrite(afterAcknowledgements: Int)
        /// At this step of its next compaction, however many saves that takes. Linux only.
        case inCompaction(CompactionStep)
    }

    /// The steps of a compaction, in order, that a kill can follow.
    enum CompactionStep: CaseIterable {
        case fileCreated, fileWritten, permissionsSet, renamedIntoPlace

        #if os(Linux)
            /// The file event that marks the step, for the store file named `store`.
            func event(store: String) -> FolderWatch.Event {
                let temporary = store + ".compacting"
                return switch self {
                case .fileCreated: .created(temporary)
                case .fileWritten: .modified(temporary)
                case .permissionsSet: .attributesChanged(temporary)
                case .renamedIntoPlace: .renamedTo(store)
                }
            }
        #endif
    }

    private static func plan(_ round: Int, using random: inout SeededGenerator) -> KillPlan {
        let acknowledgements = Int.random(in: 0...mostAcknowledgementsBeforeKill, using: &random)
        let draw = Int.random(in: 0..<16, using: &random)
        #if os(Linux)
            if round % compactionKillPeriod == compactionKillPeriod / 2 {
                let steps = CompactionStep.allCases
                return .inCompaction(steps[(round / compactionKillPeriod) % steps.count])
            }
            if draw >= 11 { return .atRecordWrite(afterAcknowledgements: acknowledgements) }
        #endif
        return draw == 0 ? .atStart : .afterAcknowledgements(acknowledgements)
    }

    /// Starts a writer on the store, kills it as `plan` says, and returns every line it printed.
    private static func runWriter(on url: URL, killing plan: KillPlan, _ label: String) throws -> [String] {
        #if os(Linux)
            let watch = try FolderWatch(url.deletingLastPathComponent())
        #endif
        let child = try CrashChildProcess(.saveLoop, store: url)
        var lines: [String] = []
        /// The compaction step awaited in vain, if any.
        var missedStep: String?
        /// Reads "opened N" and `count` save numbers, fewer if the output ends.
        func readAcknowledgements(_ count: Int) throws {
            while lines.count <= count, let line = try child.readLine() { lines.append(line) }
        }
        switch plan {
        case .atStart:
            break
        case .afterAcknowledgements(let count):
            try readAcknowledgements(count)
        #if os(Linux)
            case .atRecordWrite(let count):
                try readAcknowledgements(count)
                _ = try watch.pendingEvents()
                let store = url.lastPathComponent
                _ = try child.waitForAny(of: [.modified(store)], in: watch, lineLimit: 1_000)
            case .inCompaction(let step):
                let event = step.event(store: url.lastPathComponent)
                if try child.waitForAny(of: [event], in: watch, lineLimit: 20_000) == nil { missedStep = "\(event)" }
        #else
            case .atRecordWrite, .inCompaction:
                preconditionFailure("plans that watch files are made on Linux only")
        #endif
        }
        child.kill()
        let termination = child.waitForExit()
        lines += try child.remainingLines()
        let complaint = try child.standardError()
        try #require(
            termination == .killed(signal: SIGKILL), "\(label): the writer \(termination) by itself: \(complaint)")
        try #require(
            missedStep == nil,
            "\(label): no \(missedStep ?? "") after \(lines.count - 1) saves: the writer never compacted")
        return lines
    }

    // MARK: - Checks

    /// The last save number the writer printed: the saves must follow on from those in the store.
    private static func lastAcknowledgedSave(
        in lines: [String], storeHeld saves: Int, _ label: String
    ) throws -> Int {
        guard let first = lines.first else { return saves }
        try #require(first == "opened \(saves)", "\(label): the writer opened the store with \(first)")
        let numbers = lines.dropFirst().map { Int($0) }
        let expected = (0..<numbers.count).map { saves + 1 + $0 }
        try #require(numbers == expected, "\(label): the writer printed \(lines.dropFirst())")
        return saves + numbers.count
    }

    /// Opens the store, checks that it holds the workload's state after `acknowledged` saves or
    /// one more, and returns how many saves it holds.
    ///
    /// - Parameter undoingLastSave: Whether to check that the last save undoes to the state
    ///   before it, and redoes, which adds two records to the journal.
    private static func checkStore(
        at url: URL, acknowledged: Int, undoingLastSave: Bool, _ tally: inout Tally, _ label: String
    ) throws -> Int {
        let store = JournalStore(url: url)
        let context = try ObjectContext(schema: CrashWorkload.schema, store: store, undoLimit: CrashWorkload.undoLimit)
        tally.tornTailsDropped += store.warnings.count
        let saves = CrashWorkload.savesMade(in: context)
        try #require(
            saves == acknowledged || saves == acknowledged + 1,
            "\(label): the store holds \(saves) saves, but save \(acknowledged) had returned"
        )
        if saves > acknowledged { tally.savedUnacknowledged += 1 }
        let state = try CrashWorkload.state(in: context)
        try #require(
            state == CrashWorkload.expectedState(afterSaves: saves),
            "\(label): after \(saves) saves the store holds \(state)"
        )
        guard undoingLastSave, saves > 0 else { return saves }
        // The undo stack came through too: the last save undoes to the state before it.
        try context.undo()
        try #require(
            try CrashWorkload.state(in: context) == CrashWorkload.expectedState(afterSaves: saves - 1),
            "\(label): undoing save \(saves) did not give the state before it"
        )
        try context.redo()
        try #require(
            try CrashWorkload.state(in: context) == CrashWorkload.expectedState(afterSaves: saves),
            "\(label): redoing save \(saves) did not give the state after it"
        )
        return saves
    }

    /// Gives the store ``storePermissions`` once it exists, and from then on checks that it keeps them.
    private static func checkPermissions(of url: URL, given: inout Bool, _ label: String) throws {
        let path = url.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard given else {
            try FileManager.default.setAttributes(
                [.posixPermissions: NSNumber(value: storePermissions)], ofItemAtPath: path)
            given = true
            return
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let permissions = try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o7777
        try #require(
            permissions == storePermissions, "\(label): the store has permissions \(String(permissions, radix: 8))")
    }

    /// The store file's inode number, which changes when a compaction renames a new file over it;
    /// `nil` while there is no store file.
    private static func fileNumber(of url: URL) throws -> UInt64? {
        let path = url.path(percentEncoded: false)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.systemFileNumber] as? NSNumber).uint64Value
    }

    private static func environmentInteger(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }

    /// What the kills ran into, for the summary line.
    private struct Tally: CustomStringConvertible {
        var acknowledged = 0
        var savedUnacknowledged = 0
        var killsAtStart = 0
        var killsAtRecordWrite = 0
        var killsInCompaction = 0
        var compactionsInterrupted = 0
        var compactionsCompleted = 0
        var tornTailsDropped = 0

        mutating func count(_ plan: KillPlan, acknowledged saves: Int) {
            acknowledged += saves
            switch plan {
            case .atStart: killsAtStart += 1
            case .afterAcknowledgements: break
            case .atRecordWrite: killsAtRecordWrite += 1
            case .inCompaction: killsInCompaction += 1
            }
        }

        var description: String {
            "\(acknowledged) saves acknowledged, \(savedUnacknowledged) more saved unacknowledged; "
                + "\(killsAtStart) kills at start, \(killsAtRecordWrite) at a record's write, "
                + "\(killsInCompaction) in a compaction (\(compactionsInterrupted) before its rename); "
                + "\(compactionsCompleted) other compactions; \(tornTailsDropped) torn tails dropped"
        }
    }
}
