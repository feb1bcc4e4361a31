import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm` on a store whose cards are read in place from its snapshot (a table of 512
/// objects or more): each command a new process that opens it, reads what it shows, and closes it.
@Suite("The pm executable on a store read in place")
struct InPlaceStoreProcessTests {
    static func pm(_ arguments: [String], store: URL) throws -> ProcessRun {
        try JSONShapeProcessTests.pm(arguments, store: store)
    }

    /// The cards of each list as `pm lists` prints them: name and count.
    static func counts(_ run: ProcessRun) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in run.output.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 3, let count = Int(words[words.count - 1]) else { continue }
            counts[words[0..<(words.count - 2)].joined(separator: " ")] = count
        }
        return counts
    }

    @Test("a board of 1,000 cards reads, moves a card, stays healthy and counts the same in every new process")
    func thousandCards() throws {
        // Given Trello's board of 1,000 cards, imported in one save (written as a snapshot)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("projects.pmstore")
        let imported = try Self.pm(
            ["import", "--trello", TrelloFixtures.url("thousand-cards.json").path, "--board", "Big"], store: store)
        #expect(imported.status == 0, "\(imported.errors)")

        // When each command runs in a process of its own
        let before = Self.counts(try Self.pm(["lists", "--board", "Big"], store: store))
        let json = try Self.pm(["board", "Big", "--json"], store: store)
        let first = try #require(json.output.firstMatch(of: /"id":"([0-9a-f]{8})","labels"/))
        let target = "Done"
        let shownBefore = try Self.pm(["show", String(first.1), "--board", "Big"], store: store)
        let moved = try Self.pm(["move", String(first.1), target, "--board", "Big"], store: store)
        let after = Self.counts(try Self.pm(["lists", "--board", "Big"], store: store))
        let doctor = try Self.pm(["doctor"], store: store)

        // Then every card is read, the move lands, and the store is whole
        #expect(before.values.reduce(0, +) == 900, "the 100 archived cards are off the lists: \(before)")
        #expect(json.status == 0)
        #expect(shownBefore.status == 0, "\(shownBefore.errors)")
        #expect(moved.status == 0, "\(moved.errors)")
        let sourceOfCard = before.keys.first { key in
            after[key] == (before[key] ?? 0) - 1
        }
        #expect(sourceOfCard != nil, "one list lost the card: \(before) → \(after)")
        #expect(after[target] == (before[target] ?? 0) + (sourceOfCard == target ? 0 : 1))
        #expect(after.values.reduce(0, +) == 900)
        #expect(doctor.status == 0, "\(doctor.output)\(doctor.errors)")
        #expect(doctor.output.contains("healthy"))
        #expect(doctor.output.contains("1000 Project"))
    }
}
