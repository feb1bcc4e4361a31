import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

@Suite("pm demo")
struct DemoTests {
    @Test("walks the main story, shows an overdue marker, exits 0, and leaves the user's store alone")
    func story() async throws {
        // Given: PM_STORE points at a store the demo must not touch
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let demo = await harness.run(["demo"], environment: ["PM_STORE": harness.store.path], useStore: false)

        // Then
        #expect(demo.status == CommandLineTool.ExitCode.success.rawValue)
        #expect(demo.errors.isEmpty)
        for step in 1...9 {
            #expect(demo.output.contains("\n\(step). "), "step \(step) has a caption")
        }
        #expect(demo.output.contains("$ pm add \"Write the quarterly report\" --due 2026-03-14"))
        #expect(demo.output.contains("$ pm move 7b1d0e44 doing"))
        #expect(demo.output.contains("! overdue 2026-03-14"))
        #expect(demo.output.contains("due 2026-03-15"))
        #expect(!demo.output.contains("! overdue 2026-03-15"), "due today is not overdue")
        #expect(demo.output.contains("To Do (1)                │ Doing (1)                │ Done (1)"))
        #expect(
            demo.output.contains(
                """
                   $ pm history --limit 3
                2026-03-15 12:00  Moved 'Renew passport' from To Do to Done
                2026-03-15 12:00  Edited 'Send the quarterly report'
                2026-03-15 12:00  Moved 'Book the team offsite' from To Do to Doing
                """))
        #expect(demo.output.contains("$ pm undo\nundid: Moved 'Renew passport' from To Do to Done\n"))
        #expect(demo.output.contains("To Do (2)                │ Doing (1)                │ Done (0)"))
        #expect(demo.output.contains("$ pm redo\nredid: Moved 'Renew passport' from To Do to Done\n"))
        #expect(demo.output.contains("Reopened from disk: 1 in To Do, 1 in Doing, 1 in Done"))
        #expect(try harness.storeContents() == nil)
    }

    @Test("shows a list of one's own, a label on a card and an archived card, and they are saved")
    func listsLabelsAndArchive() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let demo = await harness.run(["demo"], width: 80, useStore: false)

        // Then
        #expect(demo.status == 0)
        for step in 10...12 {
            #expect(demo.output.contains("\n\(step). "), "step \(step) has a caption")
        }
        #expect(demo.output.contains("$ pm list add Review --stage active --limit 2\n"))
        #expect(demo.output.contains("\nReview (0/2)\n"), "a fourth list stands in a second row at 80 columns")
        #expect(demo.output.contains("$ pm label add Urgent --color red && pm label 3f2a9c1e Urgent\n"))
        #expect(demo.output.contains("\n[Urgent]   "))
        #expect(demo.output.contains("$ pm archived\n"))
        #expect(demo.output.contains("  Old meeting notes  (in Review)\n"))
        #expect(
            demo.output.contains("Reopened from disk: 1 in To Do, 1 in Doing, 1 in Done, 0 in Review, 1 archived.\n"))
    }

    @Test("gives the report a checklist, shown on its card, and a comment, shown with the checklist by pm show")
    func checklistAndComment() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let demo = await harness.run(["demo"], width: 80, useStore: false)

        // Then
        #expect(demo.status == 0)
        for step in 13...14 {
            #expect(demo.output.contains("\n\(step). "), "step \(step) has a caption")
        }
        #expect(
            demo.output.contains(
                """
                   $ pm check add 3f2a9c1e "Gather the numbers"
                   $ pm check add 3f2a9c1e "Write the summary"
                   $ pm check done 3f2a9c1e 1

                """))
        #expect(demo.output.contains("\n☐ 1/2 "))
        #expect(demo.output.contains("   $ pm show 3f2a9c1e\n3f2a9c1e  Send the quarterly report\n"))
        #expect(
            demo.output.contains(
                """
                  Checklist 1/2
                  1 [x] Gather the numbers
                  2 [ ] Write the summary

                  Comments, newest first
                  1  2026-03-15 12:00  nobody
                     The numbers are in; the summary is next.

                """))
    }

    @Test(
        "ends with two stores syncing through a bare git repository: both show one board",
        .enabled(if: SyncProcessTests.gitIsInstalled))
    func sync() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let demo = await harness.run(["demo"], width: 80, useStore: false)

        // Then
        #expect(demo.status == 0, "\(demo.errors)")
        #expect(demo.errors.isEmpty)
        #expect(demo.output.contains("\n15. Two stores in step through git"))
        #expect(demo.output.contains("   $ git init --bare ~/hub.git\n"))
        #expect(demo.output.contains("shared Projects on hub: sent 5, received 0, changed 0 here (Projects)\n"))
        #expect(demo.output.contains("joined hub: sent 0, received 5, changed 5 here (Projects)\n"))
        #expect(demo.output.contains("\n16. Each store moves a card"))
        #expect(demo.output.contains("To Do (0)                │ Doing (1)                │ Done (1)"))
        #expect(demo.output.contains("Both stores show this board.\n"))
    }

    @Test("fits 80 columns, in colour on a terminal and plain otherwise", arguments: [false, true])
    func width(_ isTerminal: Bool) async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        // When
        let demo = await harness.run(["demo"], isTerminal: isTerminal, width: 80, useStore: false)

        // Then
        #expect(demo.status == 0)
        #expect(demo.errors.isEmpty)
        #expect(demo.output.contains("\u{1B}[1;31m! overdue") == isTerminal)
        for line in demo.outputLines {
            #expect(withoutEscapes(line).count <= 80, "\(line)")
        }
    }

    @Test("makes its temporary store under TMPDIR and removes it")
    func cleansUp() async throws {
        // Given
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let temporary = harness.directory.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)

        // When
        let demo = await harness.run(["demo"], environment: ["TMPDIR": temporary.path], useStore: false)

        // Then
        #expect(demo.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }
}
