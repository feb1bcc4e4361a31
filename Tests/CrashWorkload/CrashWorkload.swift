import Foundation
import ProjectManagerData
import ProjectManagerDomain

/// A fixed sequence of saves whose every prefix has one known state, for the crash tests.
///
/// Save *n* (from 1) changes a group of objects that must all be present, with the same save
/// number, or all absent:
/// - save 1 inserts the board;
/// - every save sets the ledger project's rank to the *n*th ordinal: it counts the saves in the store;
/// - save *n* rewrites group `(n - 1) % 8` of four projects, giving each the title and the rank of ordinal
///   of save *n* and a body of a length that varies with *n* (Japanese text: three bytes a
///   character); every fifth save deletes its group instead.
///
/// The writer (`pm-store-crash-child`) runs ``makeSave(_:in:)``; a test that reopens the store
/// compares ``state(in:)`` with ``expectedState(afterSaves:)``. Both open it with ``undoLimit``.
/// ```swift
/// let saves = try CrashWorkload.savesMade(in: context)
/// #expect(try CrashWorkload.state(in: context) == CrashWorkload.expectedState(afterSaves: saves))
/// ```
public enum CrashWorkload {
    /// The entities the workload writes.
    public static let schema = Schema.projectManager

    /// How many groups of projects the saves take turns on.
    public static let groupCount = 8
    /// How many projects a group holds.
    public static let projectsPerGroup = 4
    /// Every save whose number is a multiple of this deletes its group.
    public static let deletionPeriod = 5
    /// The undo steps the contexts over the workload's store keep. Fewer than the default, as
    /// the steps are part of every snapshot, so that a test can reopen the store hundreds of times.
    public static let undoLimit = 16

    /// What the workload's objects are after some saves: the board, if saved, and every project.
    public struct State: Hashable, Sendable, CustomStringConvertible {
        public var board: Board?
        public var projects: [Project.ID: Project]

        public var description: String {
            let ledger = projects[CrashWorkload.ledgerID].map { "ledger at \(savesCounted(by: $0))" } ?? "no ledger"
            let groups = (0..<CrashWorkload.groupCount).map { group in
                let members = CrashWorkload.memberIDs(ofGroup: group).compactMap {
                    projects[$0].map(CrashWorkload.savesCounted)
                }
                return members.isEmpty ? "-" : members.map(String.init).joined(separator: "/")
            }
            return "\(board == nil ? "no board" : "board"), \(ledger), groups \(groups.joined(separator: " "))"
        }
    }

    // MARK: - Writing

    /// Opens a root context over the store file at `url`, with ``undoLimit``.
    public static func openStore(at url: URL) throws(ContextError) -> ObjectContext {
        try ObjectContext(schema: schema, store: .file(url), undoLimit: undoLimit)
    }

    /// Makes save number `number` (from 1) in `context`, which holds the state after the saves before it.
    ///
    /// - Throws: What ``ObjectContext/save(actionName:undoScope:)`` throws; the changes are then left unsaved.
    public static func makeSave(_ number: Int, in context: ObjectContext) throws(ContextError) {
        precondition(number >= 1, "saves are numbered from 1")
        if number == 1 { try context.insert(board) }
        try upsert(ledger(afterSaves: number), in: context)
        let group = group(ofSave: number)
        if number.isMultiple(of: deletionPeriod) {
            for id in memberIDs(ofGroup: group) where context.object(Project.self, id: id) != nil {
                try context.delete(Project.self, id: id)
            }
        } else {
            for member in members(ofGroup: group, writtenBy: number) { try upsert(member, in: context) }
        }
        try context.save(actionName: "save \(number)")
    }

    private static func upsert(_ project: Project, in context: ObjectContext) throws(ContextError) {
        if context.object(Project.self, id: project.id) == nil {
            try context.insert(project)
        } else {
            try context.update(project)
        }
    }

    // MARK: - Reading

    /// How many saves of the workload the context holds, read from the ledger.
    public static func savesMade(in context: ObjectContext) -> Int {
        context.object(Project.self, id: ledgerID).map(savesCounted) ?? 0
    }

    /// The workload's objects in `context`.
    public static func state(in context: ObjectContext) throws(ContextError) -> State {
        let boards = try context.fetch(FetchRequest<Board>())
        let projects = try context.fetch(FetchRequest<Project>())
        return State(
            board: boards.first,
            projects: Dictionary(projects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        )
    }

    /// The state after the first `count` saves, and after no others.
    ///
    /// - Complexity: O(1): each group holds what its last save before `count` wrote.
    public static func expectedState(afterSaves count: Int) -> State {
        guard count >= 1 else { return State(board: nil, projects: [:]) }
        var projects = [ledgerID: ledger(afterSaves: count)]
        for group in 0..<min(groupCount, count) {
            // The last save up to `count` whose group is `group`.
            let last = group + 1 + (count - 1 - group) / groupCount * groupCount
            if last.isMultiple(of: deletionPeriod) { continue }
            for member in members(ofGroup: group, writtenBy: last) { projects[member.id] = member }
        }
        return State(board: board, projects: projects)
    }

    // MARK: - Objects

    private static let createdAt = Date(timeIntervalSince1970: 1_773_576_000)

    private static let board = Board(id: .default, title: "Crash test", createdAt: createdAt)

    static let ledgerID = Project.ID(rawValue: id(group: 0xFF, member: 0))

    /// The ordinal a project's rank stands for: the number of saves it counts.
    static func savesCounted(by project: Project) -> Int {
        project.rank.rawValue.utf8.dropFirst().reduce(0) { total, digit in
            let value =
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(digit - UInt8(ascii: "A")) + 10
                default: Int(digit - UInt8(ascii: "a")) + 36
                }
            return total * 62 + value
        }
    }

    private static func ledger(afterSaves count: Int) -> Project {
        Project(
            id: ledgerID, boardID: board.id, title: "Ledger", rank: Rank(ordinal: count),
            createdAt: createdAt, updatedAt: createdAt.addingTimeInterval(Double(count))
        )
    }

    private static func group(ofSave number: Int) -> Int { (number - 1) % groupCount }

    static func memberIDs(ofGroup group: Int) -> [Project.ID] {
        (0..<projectsPerGroup).map { Project.ID(rawValue: id(group: UInt8(group), member: UInt8($0))) }
    }

    /// The group's projects as save `number` writes them.
    private static func members(ofGroup group: Int, writtenBy number: Int) -> [Project] {
        memberIDs(ofGroup: group).enumerated().map { member, id in
            // Bodies of 0 to 999 characters, mostly of three UTF-8 bytes each, so that records
            // differ in size, many span pages, and a few hundred saves outgrow the compaction floor.
            let length = (number * 37 + member * 211) % ProjectRules.bodyLimit
            let line = "保存\(number)・計画\(member)・組\(group)。進捗を記録する。"
            return Project(
                id: id, boardID: board.id, title: "Save \(number) project \(member)",
                body: String(String(repeating: line, count: length / line.count + 1).prefix(length)),
                state: ProjectState.allCases[number % ProjectState.allCases.count], rank: Rank(ordinal: number),
                createdAt: createdAt, updatedAt: createdAt.addingTimeInterval(Double(number))
            )
        }
    }

    private static func id(group: UInt8, member: UInt8) -> UUID {
        UUID(uuid: (0xC7, 0xA5, 0x40, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, group, member))
    }
}
