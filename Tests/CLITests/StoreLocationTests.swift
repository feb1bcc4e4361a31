import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@Suite("where pm keeps its store")
struct StoreLocationTests {
    @Test("PM_STORE names the store file")
    func pmStore() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let environment = ["PM_STORE": harness.store.path, "HOME": harness.directory.url.path]

        // When
        let added = await harness.run(["add", "Kept"], environment: environment, useStore: false)
        let board = await harness.run(["board"], environment: environment, useStore: false)

        // Then
        #expect(added.status == 0)
        #expect(try harness.storeContents() != nil)
        #expect(board.output.contains("Kept"))
    }

    @Test("--store wins over PM_STORE, wherever it stands")
    func storeFlag() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let other = harness.directory.file("other.pmstore")
        let environment = ["PM_STORE": other.path]

        // When
        let added = await harness.run(
            ["--store", harness.store.path, "add", "Here"], environment: environment, useStore: false)
        let flagged = await harness.run(
            ["board", "--store=\(harness.store.path)"], environment: environment, useStore: false)

        // Then
        #expect(added.status == 0)
        #expect(flagged.output.contains("Here"))
        #expect(!FileManager.default.fileExists(atPath: other.path))
    }

    @Test(
        "the default store is under XDG_DATA_HOME when it is absolute, else under HOME",
        arguments: [
            (["XDG_DATA_HOME": "{dir}/data", "HOME": "{dir}/home"], "data/projectmanager/projects.pmstore"),
            (
                ["XDG_DATA_HOME": "relative/data", "HOME": "{dir}/home"],
                "home/.local/share/projectmanager/projects.pmstore"
            ),
            (["XDG_DATA_HOME": "", "HOME": "{dir}/home"], "home/.local/share/projectmanager/projects.pmstore"),
            (["HOME": "{dir}/home", "PM_STORE": ""], "home/.local/share/projectmanager/projects.pmstore"),
        ])
    func defaultStore(_ template: [String: String], expected: String) async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let environment = template.mapValues { $0.replacingOccurrences(of: "{dir}", with: harness.directory.url.path) }

        // When
        let added = await harness.run(["add", "Default"], environment: environment, useStore: false)
        let board = await harness.run(["board"], environment: environment, useStore: false)

        // Then
        #expect(added.status == 0, "\(added.errors)")
        #expect(FileManager.default.fileExists(atPath: harness.directory.file(expected).path))
        #expect(board.output.contains("Default"))
    }
}
