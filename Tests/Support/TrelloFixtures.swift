import Foundation

/// The Trello exports `Scripts/make_trello_fixtures.py` writes to `Tests/Fixtures/Trello`.
public enum TrelloFixtures {
    /// The URL of `Tests/Fixtures/Trello/<name>`, e.g. `small-board.json`.
    public static func url(_ name: String) -> URL {
        FixtureFiles.url("Trello").appendingPathComponent(name)
    }

    /// The bytes of `Tests/Fixtures/Trello/<name>`.
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }
}
