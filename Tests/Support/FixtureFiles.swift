import Foundation

/// Files committed under `Tests/Fixtures`, read from the source tree.
public enum FixtureFiles {
    /// The URL of `Tests/Fixtures/<name>`.
    public static func url(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Support
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures", isDirectory: true)
            .appendingPathComponent(name)
    }
}

/// The expectations `Scripts/recurrence_oracle.py` computed with python-dateutil: for each rule
/// and first day, the first occurrences.
public struct RecurrenceOracle: Decodable, Sendable {
    /// One rule from one first day.
    public struct Case: Decodable, Sendable {
        /// RRULE text.
        public let rule: String
        /// `DTSTART`, `YYYY-MM-DD`.
        public let start: String
        /// The first occurrences dateutil gives, `YYYY-MM-DD`.
        public let occurrences: [String]
    }

    /// The dateutil version that computed them.
    public let dateutil: String
    /// How many occurrences each case asked for.
    public let occurrencesPerCase: Int
    public let cases: [Case]

    /// Reads `Tests/Fixtures/recurrence-oracle.json`.
    public static func load() throws -> RecurrenceOracle {
        let data = try Data(contentsOf: FixtureFiles.url("recurrence-oracle.json"))
        return try JSONDecoder().decode(RecurrenceOracle.self, from: data)
    }
}
