import Foundation
import ProjectManagerTestSupport
import Testing

/// A large store with a flipped bit in its card rows, read by `pm`: every command that reads it
/// says so, and no backup silently lacks the cards that cannot be read.
@Suite("pm over a damaged store")
struct DamagedStoreCommandTests {
    /// A compacted store of 4,000 cards (past what is read into memory whole: its rows are read
    /// in place), with one byte of a card's title 40% into the file flipped.
    static func damagedStore(in harness: CLIHarness) async throws {
        let body = String(repeating: "Read in place, checked in blocks. ", count: 10)
        let projects = (0..<4_000).map { number in
            """
            {"id": "\(String(format: "%08x", number))-0000-4000-8000-000000000001", "title": "Card \(100_000 + number)",
             "body": "\(body)", "deadline": null, "state": "todo", "position": \(number),
             "createdAt": "2026-01-02T00:00:00Z", "updatedAt": "2026-01-03T00:00:00Z"}
            """
        }
        let file = harness.directory.file("cards.json")
        try Data(
            """
            {"format": 1, "boards": [{"id": "00000000-0000-0000-0000-000000000001", "title": "Projects",
              "createdAt": "2026-01-01T00:00:00Z", "projects": [\(projects.joined(separator: ","))]}]}
            """.utf8
        ).write(to: file)
        #expect(await harness.run(["import", file.path]).status == 0)
        #expect(await harness.run(["compact"]).status == 0)
        var bytes = try Data(contentsOf: harness.store)
        try #require(bytes.count > 1 << 20)
        let title = try #require(bytes.firstRange(of: Data("Card 101600".utf8)))
        bytes[title.lowerBound + 2] ^= 0x20
        try bytes.write(to: harness.store)
    }

    @Test("the board shows what can be read and says on standard error that the store is damaged; its JSON carries it")
    func boardWarns() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        try await Self.damagedStore(in: harness)

        let board = await harness.run(["board"])
        let json = await harness.run(["board", "--json"])

        #expect(board.status == 0)
        #expect(board.errorLines.count == 1)
        #expect(
            board.errors.hasPrefix(
                "pm: warning: the store \(harness.store.path) is damaged and some of its objects cannot be read ("),
            "\(board.errors)")
        #expect(board.errors.hasSuffix("); what is shown lacks them (pm doctor says more)\n"))
        #expect(json.status == 0 && json.output.contains(#""warnings":["the store "#), "\(json.output.suffix(300))")
    }

    @Test(
        "pm export --json writes no backup of a damaged store, in one line saying how to write what can be read; --partial writes it with the warning"
    )
    func exportRefuses() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        try await Self.damagedStore(in: harness)

        let refused = await harness.run(["export", "--json"])
        let partial = await harness.run(["export", "--json", "--partial"])
        let ics = await harness.run(["export", "--ics", "--partial"])

        #expect(refused.status == 1 && refused.output.isEmpty)
        #expect(refused.errorLines.count == 1, "\(refused.errors)")
        #expect(refused.errors.hasPrefix("pm: no backup written: the store \(harness.store.path) is damaged"))
        #expect(refused.errors.hasSuffix("; pm export --json --partial writes what can be read\n"))
        #expect(partial.status == 0)
        #expect(partial.output.contains(#""warnings":["the store "#))
        let cards = partial.output.components(separatedBy: #""title":"Card 1"#).count - 1
        #expect(cards > 3_000 && cards < 4_000, "\(cards) cards written")
        #expect(ics.status == 2)
    }
}
