import Foundation
import ProjectManager
import ProjectManagerData
import ProjectManagerTestSupport
import Synchronization
import Testing

@testable import ProjectManagerCLI

@Suite("pm: who is signed in is read once per command")
struct SessionReadTests {
    /// A signed-in account with two boards, "Home card" on the first and "Work card" on Work.
    static func signedIn() async throws -> (harness: CLIHarness, home: String, work: String) {
        let harness = try CLIHarness()
        await AccountCommandTests.signUp(harness)
        let home = try await harness.add("Home card", ["--due", "2026-03-15"])
        _ = await harness.run(["board", "new", "Work"])
        let work = try await harness.add("Work card", ["--board", "Work"])
        _ = await harness.run(["star", home])
        return (harness, home, work)
    }

    /// Runs `arguments` on the harness's store with accounts that count the session's reads.
    @MainActor
    static func run(
        _ arguments: [String], on harness: CLIHarness, terminal: TerminalInput? = nil
    ) async -> (outcome: RunOutcome, reads: Int) {
        let output = CapturedText()
        let errors = CapturedText()
        var tool = CommandLineTool(
            output: output, errors: errors, processEnvironment: [:], outputIsTerminal: false, terminalWidth: 80,
            engineEnvironment: harness.engineEnvironment, terminal: terminal, accounts: CLIHarness.accounts)
        let counting = Mutex<CountingAccounts?>(nil)
        tool.accountsBeside = { store, environment, settings in
            let accounts = CountingAccounts(
                LocalAuthenticationProvider(
                    folder: LocalAccountSettings.folder(besideStoreAt: store), environment: environment,
                    rounds: settings.passwordHashRounds))
            counting.withLock { $0 = accounts }
            return accounts
        }
        let status = await tool.run(arguments + ["--store", harness.store.path])
        let reads = counting.withLock { $0?.reads ?? 0 }
        return (RunOutcome(status: status, output: output.contents, errors: errors.contents), reads)
    }

    @Test(
        "a command that resolves boards, reads cards and saves reads the session and the accounts once",
        arguments: [
            ["move", "WORK", "doing", "--board", "Work", "--to-board", "Projects", "--at", "1"],
            ["move", "HOME", "done"], ["board"], ["board", "Work", "--json"], ["boards", "--json"], ["today"],
            ["favourites"], ["show", "HOME"], ["edit", "HOME", "--title", "Renamed"],
            ["delete", "WORK", "--board", "Work"],
            ["star", "--board", "Work"], ["unstar", "HOME"], ["search", "card"], ["history"], ["undo"],
            ["export", "--json"], ["whoami"], ["board", "rename", "Work", "Office"], ["board", "use", "Work"],
        ])
    @MainActor
    func once(_ arguments: [String]) async throws {
        let (harness, home, work) = try await Self.signedIn()
        defer { harness.directory.remove() }
        let resolved = arguments.map { $0 == "HOME" ? home : $0 == "WORK" ? work : $0 }

        let (outcome, reads) = await Self.run(resolved, on: harness)

        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(reads == 1)
    }

    @Test("deleting a board after asking opens the store twice and still reads the session once")
    @MainActor
    func deleteAfterAsking() async throws {
        let (harness, _, _) = try await Self.signedIn()
        defer { harness.directory.remove() }

        let (outcome, reads) = await Self.run(
            ["board", "delete", "Work"], on: harness, terminal: ScriptedTerminal(["y"]).input)

        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(reads == 1)
    }

    @Test("signing out writes through, and then no one is signed in for the rest of the command")
    @MainActor
    func signOut() async throws {
        let (harness, _, _) = try await Self.signedIn()
        defer { harness.directory.remove() }

        let (outcome, reads) = await Self.run(["logout"], on: harness)
        let after = await harness.run(["whoami"])

        #expect(outcome.output == "signed out: \(AccountCommandTests.email)\n")
        #expect(reads == 1)
        #expect(after.output == "Not signed in.\n")
    }
}
