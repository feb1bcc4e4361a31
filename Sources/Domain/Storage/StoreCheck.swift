import Foundation

/// What checking a store file whole found: read again from disk, every frame's checksum, every
/// object against its entity's rules, every relationship, index and uniqueness constraint.
///
/// ```swift
/// let check = engine.checkStore()
/// print(check.isHealthy ? "healthy" : check.problems.joined(separator: "\n"))
/// ```
public struct StoreCheck: Hashable, Sendable, CustomStringConvertible {
    /// The store file.
    public var file: String
    /// The journal records after the snapshot that were read whole.
    public var records: Int
    /// How many objects of each entity the store holds, by entity name.
    public var objects: [String: Int]
    /// What is wrong, one sentence each; empty when the store is healthy.
    public var problems: [String]
    /// What the store warns about, such as a torn last record left out; not problems of the file.
    public var warnings: [StoreWarning]

    /// `true` when nothing is wrong (warnings aside).
    public var isHealthy: Bool { problems.isEmpty }

    /// Makes a check result.
    public init(
        file: String, records: Int = 0, objects: [String: Int] = [:], problems: [String], warnings: [StoreWarning] = []
    ) {
        self.file = file
        self.records = records
        self.objects = objects
        self.problems = problems
        self.warnings = warnings
    }

    public var description: String {
        // Entities the store has none of (a board never linked to GitHub) are left out.
        let counts = objects.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            .joined(separator: ", ")
        var lines = [
            "\(file): \(isHealthy ? "healthy" : "\(problems.count) problem(s)"); "
                + "\(records) record(s) after the snapshot; \(counts.isEmpty ? "no objects" : counts)"
        ]
        lines += problems.map { "problem: \($0)" }
        lines += warnings.map { "warning: \($0.description)" }
        return lines.joined(separator: "\n")
    }
}
