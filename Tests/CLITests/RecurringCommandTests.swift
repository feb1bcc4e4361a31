import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

@Suite("pm add --repeat, pm edit --repeat, pm skip, and repeating projects in the feed and the reminders")
struct RecurringCommandTests {
    static let mart = "FREQ=MONTHLY;BYDAY=2SU,4SU"

    @Test(
        "a rule that is not one is a usage error naming the part, and nothing is written",
        arguments: [
            (["add", "Mart", "--repeat", "FREQ=MONTHLY;BYDAY=5XX"], "BYDAY=5XX"),
            (["add", "Mart", "--repeat", "FREQ=WEEKLY;BYDAY=2MO"], "BYDAY=2MO"),
            (["add", "Mart", "--repeat", "FREQ=DAILY;COUNT=2;UNTIL=20261231"], "COUNT and UNTIL"),
            (["add", "Mart", "--repeat", "none"], "none"),
        ])
    func badRule(arguments: [String], mentions: String) async throws {
        let harness = try CLIHarness()

        let outcome = await harness.run(arguments)

        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("--repeat"))
        #expect(outcome.errors.contains(mentions))
        #expect(try harness.storeContents() == nil)
    }

    @Test("a rule with no day left from today is refused with the reason, and nothing is written")
    func noDayLeft() async throws {
        let harness = try CLIHarness()

        let outcome = await harness.run(["add", "Too late", "--repeat", "FREQ=WEEKLY;UNTIL=20260301"])

        #expect(outcome.status == 1)
        #expect(outcome.errors.contains("no day left from 2026-03-15"))
        #expect(try harness.storeContents() == nil)
    }

    @Test(
        "--due with --repeat is the schedule's first day; edit --repeat none keeps the deadline, edit --repeat sets one"
    )
    func editRepeat() async throws {
        let harness = try CLIHarness()
        let rent = try await harness.add("Pay rent", ["--due", "2026-03-25", "--repeat", "FREQ=MONTHLY"])
        #expect(
            await harness.run(["move", rent, "done"]).output.hasPrefix(
                "completed \(rent) of 2026-03-25: next 2026-04-25"))

        let once = await harness.run(["edit", rent, "--repeat", "none"])
        let shownOnce = await harness.run(["show", rent]).output
        let again = await harness.run(["edit", rent, "--repeat", "FREQ=WEEKLY;BYDAY=MO"])
        let shownWeekly = await harness.run(["show", rent]).output

        #expect(once.status == 0, "\(once.errors)")
        #expect(shownOnce.contains("due      2026-04-25"))
        #expect(!shownOnce.contains("repeats"))
        #expect(again.status == 0, "\(again.errors)")
        #expect(shownWeekly.contains("due      2026-04-27"))
        #expect(shownWeekly.contains("repeats  every week on Monday (FREQ=WEEKLY;BYDAY=MO) from 2026-04-25"))
    }

    @Test("after its COUNT a repeating project stays Done; skip on a project that does not repeat says so")
    func countAndSkip() async throws {
        let harness = try CLIHarness()
        let twice = try await harness.add("Twice", ["--repeat", "FREQ=WEEKLY;BYDAY=MO;COUNT=2"])
        let plain = try await harness.add("Once", ["--due", "2026-03-20"])

        #expect(
            await harness.run(["move", twice, "done"]).output.hasPrefix(
                "completed \(twice) of 2026-03-16: next 2026-03-23"))
        let last = await harness.run(["move", twice, "done"])
        let skip = await harness.run(["skip", plain])

        #expect(last.output.hasPrefix("moved \(twice) to Done"))
        #expect(await harness.run(["show", twice]).output.contains("column   Done"))
        #expect(skip.status == 1)
        #expect(skip.errors.contains("no occurrence to skip"))
    }

    @Test("pm export --ics writes RRULE and EXDATE for a repeating project; they parse back to its schedule")
    func exportRoundTrip() async throws {
        let harness = try CLIHarness(timeZone: .named("Asia/Seoul"))
        let mart = try await harness.add("이마트 휴무", ["--due", "2026-03-01", "--repeat", Self.mart])
        _ = try await harness.add("Pay rent", ["--due", "2026-03-20"])
        #expect(await harness.run(["skip", mart]).status == 0)

        let outcome = await harness.run(["export", "--ics"])
        let calendar = try ICalendarParser.parse(outcome.output)

        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(calendar.components("VTODO").count == 1)
        let event = try #require(calendar.components("VEVENT").first)
        #expect(event.property("UID")?.value.hasPrefix(mart) == true)
        #expect(event.property("SUMMARY")?.text == "이마트 휴무")
        #expect(event.property("DTSTART")?.value == "20260308")
        let rule = try RecurrenceRule(parsing: try #require(event.property("RRULE")?.value))
        #expect(rule == RecurrenceRule(Self.mart))
        let exceptions = try #require(event.property("EXDATE")?.value).split(separator: ",").map(String.init)
        #expect(exceptions == ["20260322"])
        #expect(event.components("VALARM").first?.property("TRIGGER")?.value == "-PT15H")
        let json = await harness.run(["export", "--json"]).output
        let schedule =
            #""repeat":{"completions":[],"exceptions":["2026-03-22"],"owedFrom":"2026-03-15","rule":"FREQ=MONTHLY;BYDAY=2SU,4SU""#
        #expect(json.contains(schedule))
    }

    @Test("pm reminders: the day before each occurrence at 09:00 in Seoul, from the one the project waits for")
    func reminders() async throws {
        // 2026-03-15 21:00 in Seoul.
        let harness = try CLIHarness(timeZone: .named("Asia/Seoul"))
        let mart = try await harness.add("이마트 휴무", ["--repeat", Self.mart])

        let before = await harness.run(["reminders", "--days", "40"])
        #expect(await harness.run(["move", mart, "done"]).status == 0)
        let after = await harness.run(["reminders", "--days", "40"])

        #expect(
            before.outputLines == [
                "2026-03-21 09:00  이마트 휴무 (due 2026-03-22)  \(mart)",
                "2026-04-11 09:00  이마트 휴무 (due 2026-04-12)  \(mart)",
            ])
        #expect(after.outputLines == ["2026-04-11 09:00  이마트 휴무 (due 2026-04-12)  \(mart)"])
    }
}
