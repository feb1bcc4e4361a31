import Foundation
import ProjectManager
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@Suite("pm star, pm unstar, pm favourites")
struct FavouriteCommandTests {
    /// Makes a board named `title` in the harness's store, as an app would.
    static func makeBoard(_ title: String, in harness: CLIHarness) async throws -> Board {
        let engine = try ProjectManagerEngine.persistent(at: harness.store, environment: harness.engineEnvironment)
        defer { engine.close() }
        return try await engine.createBoard(title: title)
    }

    @Test("a star put on by pm survives the next run and is taken off by pm undo")
    func starSurvivesRestartAndUndo() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let report = try await harness.add("Write report", ["--due", "2026-03-20"])
        _ = try await harness.add("Slides")

        let starred = await harness.run(["star", "3f2a"])
        #expect(starred.status == 0)
        #expect(starred.outputLines == ["starred \(report): Write report"])

        let listed = await harness.run(["favourites"])
        #expect(listed.outputLines == ["\(report)  Write report  (Projects, To Do, due 2026-03-20)"])
        #expect(await harness.run(["history"]).outputLines.first?.contains("Starred 'Write report'") == true)

        let undone = await harness.run(["undo"])
        #expect(undone.outputLines == ["undid: Starred 'Write report'"])
        #expect(
            await harness.run(["favourites"]).outputLines
                == ["no favourites: star a project with 'pm star ID', or a board with 'pm star --board NAME'"])

        #expect(await harness.run(["redo"]).status == 0)
        #expect(await harness.run(["favourites"]).outputLines.count == 1)
    }

    @Test("starring twice and unstarring what is not starred say nothing changed, and exit 0")
    func nothingChanged() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let report = try await harness.add("Write report")
        _ = await harness.run(["star", report])
        let before = try harness.storeContents()

        let again = await harness.run(["star", report])
        #expect(again.status == 0)
        #expect(again.outputLines == ["nothing changed: \(report): Write report is already starred"])
        #expect(try harness.storeContents() == before)

        #expect(await harness.run(["unstar", report]).outputLines == ["unstarred \(report): Write report"])
        #expect(
            await harness.run(["unstar", report]).outputLines == [
                "nothing changed: \(report): Write report is not starred"
            ])
    }

    @Test("--board NAME stars the board itself, or with an id a project of that board; --json lists both")
    func boards() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let mart = try await Self.makeBoard("이마트", in: harness)
        let engine = try ProjectManagerEngine.persistent(at: harness.store, environment: harness.engineEnvironment)
        let sunday = try await engine.createProject(
            ProjectDraft(title: "휴무일", deadline: Day("2026-03-22")), on: mart.id)
        engine.close()
        let short = String(sunday.id.description.prefix(8))

        #expect(await harness.run(["star", "--board", "이마트"]).outputLines == ["starred the board '이마트'"])
        harness.clock.advance(by: 60)
        #expect(await harness.run(["star", short, "--board", "이마트"]).outputLines == ["starred \(short): 휴무일"])
        #expect(await harness.run(["star", short]).errorLines == ["pm: no project with id '\(short)'"])

        let listed = await harness.run(["favourites"])
        #expect(listed.outputLines == ["board     이마트", "\(short)  휴무일  (이마트, To Do, due 2026-03-22)"])

        let json = await harness.run(["favourites", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let favourites = try #require(object["favourites"] as? [[String: Any]])
        #expect(favourites.map { $0["kind"] as? String } == ["board", "project"])
        let boards = favourites.compactMap { $0["board"] as? [String: Any] }
        #expect(boards.map { $0["title"] as? String } == ["이마트", "이마트"])
        #expect(boards.map { $0["fullID"] as? String } == [mart.id.description, mart.id.description])
        #expect(favourites[0]["project"] is NSNull)
        let project = try #require(favourites[1]["project"] as? [String: Any])
        #expect(project["title"] as? String == "휴무일")
        #expect(project["fullID"] as? String == sunday.id.description)
        #expect(project["id"] as? String == short)
        #expect(project["deadline"] as? String == "2026-03-22")
        #expect(favourites.map { $0["starredAt"] as? String } == ["2026-03-15T12:00:00Z", "2026-03-15T12:01:00Z"])

        #expect(await harness.run(["unstar", "--board", "이마트"]).outputLines == ["unstarred the board '이마트'"])
    }

    @Test("no id and no board is a usage error; an unknown board names the boards; neither writes the store")
    func errors() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        _ = try await harness.add("Write report")
        let before = try harness.storeContents()

        let bare = await harness.run(["star"])
        #expect(bare.status == 2)
        #expect(bare.errorLines.first == "pm: give a project id, or --board NAME for a board: pm star 3f2a")

        let unknown = await harness.run(["unstar", "--board", "Nowhere"])
        #expect(unknown.status == 1)
        #expect(unknown.errorLines == ["pm: no board is named 'Nowhere': pm boards lists them"])
        #expect(try harness.storeContents() == before)
    }

    @Test("pm help lists the commands, and each has its help")
    func help() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let help = await harness.run(["help"], useStore: false).output
        for name in ["star [ID]", "unstar [ID]", "favourites [--json]"] { #expect(help.contains("  pm \(name)")) }
        let star = await harness.run(["star", "--help"], useStore: false)
        #expect(star.status == 0)
        #expect(star.output.contains("pm star [ID] [--board NAME]"))
    }
}
