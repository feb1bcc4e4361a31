import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

@Suite("pm recur")
struct RecurCommandTests {
    @Test("parses into a typed command")
    func parses() throws {
        let invocation = try CommandParser.parse([
            "recur", "FREQ=MONTHLY;BYDAY=4SU,2SU", "--start", "2026-01-01", "--count", "3",
        ])
        let expected = RecurCommand(
            rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"), start: Day("2026-01-01"), count: 3)

        #expect(invocation.command.isSame(as: expected))
    }

    @Test("prints the mart closing days, one ISO date a line, without opening a store")
    func printsDays() async throws {
        let harness = try CLIHarness()

        let outcome = await harness.run([
            "recur", "FREQ=MONTHLY;BYDAY=2SU,4SU", "--start", "2026-01-01", "--count", "4",
        ])

        #expect(outcome.status == 0)
        #expect(outcome.outputLines == ["2026-01-11", "2026-01-25", "2026-02-08", "2026-02-22"])
        #expect(try harness.storeContents() == nil)
    }

    @Test("stops at --until, at the rule's own COUNT, or after 10 days of an endless rule")
    func limits() async throws {
        let harness = try CLIHarness()

        let until = await harness.run([
            "recur", "FREQ=MONTHLY;BYMONTHDAY=10,25", "--start", "2026-01-01", "--until", "2026-03-10",
        ])
        let counted = await harness.run(["recur", "FREQ=DAILY;COUNT=3", "--start", "2026-02-27"])
        let endless = await harness.run(["recur", "FREQ=WEEKLY", "--start", "2026-01-01"])

        #expect(until.outputLines == ["2026-01-10", "2026-01-25", "2026-02-10", "2026-02-25", "2026-03-10"])
        #expect(counted.outputLines == ["2026-02-27", "2026-02-28", "2026-03-01"])
        #expect(endless.outputLines.count == 10)
    }

    @Test("--json prints the rule, its summary and the days")
    func json() async throws {
        let harness = try CLIHarness()

        let outcome = await harness.run([
            "recur", "freq=monthly;byday=2su,4su", "--start", "2026-01-01", "--count", "2", "--json",
        ])
        let document = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]

        #expect(outcome.status == 0)
        #expect(document?["rule"] as? String == "FREQ=MONTHLY;BYDAY=2SU,4SU")
        #expect(document?["summary"] as? String == "every 2nd and 4th Sunday")
        #expect(document?["occurrences"] as? [String] == ["2026-01-11", "2026-01-25"])
    }

    @Test(
        "a broken rule or day is a usage error naming the part; a rule that never occurs fails",
        arguments: [
            (["recur", "FREQ=MONTHLY;BYDAY=5XX", "--start", "2026-01-01"], 2, "BYDAY=5XX"),
            (["recur", "FREQ=WEEKLY;BYDAY=2MO", "--start", "2026-01-01"], 2, "BYDAY=2MO"),
            (["recur", "FREQ=DAILY;COUNT=2;UNTIL=20260101", "--start", "2026-01-01"], 2, "COUNT and UNTIL"),
            (["recur", "FREQ=DAILY"], 2, "--start"),
            (["recur", "FREQ=DAILY", "--start", "2026-02-30"], 2, "2026-02-30"),
            (["recur", "FREQ=DAILY", "--start", "2026-01-01", "--count", "0"], 2, "--count"),
            (["recur", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "--start", "2026-01-01"], 1, "never"),
        ])
    func errors(arguments: [String], status: Int32, mentions: String) async throws {
        let harness = try CLIHarness()

        let outcome = await harness.run(arguments)

        #expect(outcome.status == status)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errors.contains(mentions))
    }
}
