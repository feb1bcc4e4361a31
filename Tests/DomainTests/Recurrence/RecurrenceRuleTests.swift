import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Recurrence rules: parsing and printing")
struct RecurrenceRuleTests {
    @Test("parses every part and prints it back in a fixed order")
    func parsesEveryPart() throws {
        // When
        let rule = try RecurrenceRule(
            parsing:
                "RRULE:freq=monthly;wkst=su;bysetpos=-1,1;byday=-1fr,2su;bymonthday=10,-1;bymonth=7,1;until=20271231;interval=2"
        )

        // Then
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 2)
        #expect(rule.end == .until(Day("2027-12-31")))
        #expect(rule.byDay == [.init(.friday, ordinal: -1), .init(.sunday, ordinal: 2)])
        #expect(rule.byMonthDay == [10, -1])
        #expect(rule.byMonth == [1, 7])
        #expect(rule.bySetPosition == [1, -1])
        #expect(rule.weekStart == .sunday)
        #expect(
            rule.description
                == "FREQ=MONTHLY;INTERVAL=2;UNTIL=20271231;BYMONTH=1,7;BYMONTHDAY=10,-1;BYDAY=-1FR,2SU;BYSETPOS=1,-1;WKST=SU"
        )
    }

    @Test(
        "round-trips canonical text unchanged",
        arguments: [
            "FREQ=DAILY",
            "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU",
            "FREQ=MONTHLY;BYDAY=2SU,4SU",
            "FREQ=MONTHLY;BYMONTHDAY=10,25",
            "FREQ=MONTHLY;COUNT=10;BYDAY=1TU,-1TH",
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
            "FREQ=YEARLY;UNTIL=20500101;BYDAY=20MO",
            "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
        ])
    func roundTrips(text: String) throws {
        #expect(try RecurrenceRule(parsing: text).description == text)
    }

    @Test("two texts that mean the same make equal rules")
    func equalWhenMeaningTheSame() throws {
        #expect(
            try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=4SU,2SU,2SU")
                == RecurrenceRule(parsing: "freq=monthly;interval=1;byday=2su,4su;wkst=mo"))
    }

    @Test(
        "refuses a broken rule with an error naming the part",
        arguments: [
            ("FREQ=MONTHLY;BYDAY=5XX", RecurrenceRuleError.invalidValue("BYDAY=5XX")),
            ("FREQ=MONTHLY;COUNT=3;UNTIL=20261231", .countWithUntil),
            ("FREQ=WEEKLY;BYDAY=2MO", .ordinalOutsideMonthlyOrYearly("BYDAY=2MO")),
            ("FREQ=DAILY;BYDAY=MO,-1FR", .ordinalOutsideMonthlyOrYearly("BYDAY=MO,-1FR")),
            ("FREQ=WEEKLY;BYMONTHDAY=1", .monthDayInWeeklyRule),
            ("FREQ=MONTHLY;BYSETPOS=1", .setPositionWithoutOtherParts),
            ("", .empty),
            ("   ", .empty),
            ("BYDAY=MO", .missingFrequency),
            ("FREQ=HOURLY", .invalidValue("FREQ=HOURLY")),
            ("FREQ=DAILY;INTERVAL=0", .invalidValue("INTERVAL=0")),
            ("FREQ=DAILY;INTERVAL=two", .invalidValue("INTERVAL=two")),
            ("FREQ=DAILY;COUNT=-3", .invalidValue("COUNT=-3")),
            ("FREQ=DAILY;UNTIL=20260230", .invalidValue("UNTIL=20260230")),
            ("FREQ=DAILY;UNTIL=20261224T000000Z", .invalidValue("UNTIL=20261224T000000Z")),
            ("FREQ=MONTHLY;BYMONTHDAY=32", .invalidValue("BYMONTHDAY=32")),
            ("FREQ=MONTHLY;BYMONTHDAY=0", .invalidValue("BYMONTHDAY=0")),
            ("FREQ=MONTHLY;BYMONTHDAY=1,,2", .invalidValue("BYMONTHDAY=1,,2")),
            ("FREQ=YEARLY;BYMONTH=13", .invalidValue("BYMONTH=13")),
            ("FREQ=MONTHLY;BYDAY=6MO", .invalidValue("BYDAY=6MO")),
            ("FREQ=YEARLY;BYDAY=54MO", .invalidValue("BYDAY=54MO")),
            ("FREQ=MONTHLY;BYDAY=0MO", .invalidValue("BYDAY=0MO")),
            ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=367", .invalidValue("BYSETPOS=367")),
            ("FREQ=WEEKLY;WKST=XX", .invalidValue("WKST=XX")),
            ("FREQ=DAILY;FREQ=WEEKLY", .duplicatePart("FREQ")),
            ("FREQ=DAILY;COLOR=red", .unknownPart("COLOR")),
            ("FREQ=DAILY;BYHOUR=9", .unsupportedPart("BYHOUR")),
            ("FREQ=YEARLY;BYYEARDAY=100", .unsupportedPart("BYYEARDAY")),
            ("FREQ=YEARLY;BYWEEKNO=20", .unsupportedPart("BYWEEKNO")),
            ("FREQ=DAILY;;COUNT=2", .malformedPart("")),
            ("FREQ=DAILY;COUNT", .malformedPart("COUNT")),
        ])
    func refusesBrokenRules(text: String, error: RecurrenceRuleError) {
        #expect(throws: error) { try RecurrenceRule(parsing: text) }
    }

    @Test(
        "each error says what is wrong and names the part",
        arguments: [
            (RecurrenceRuleError.invalidValue("BYDAY=5XX"), "BYDAY=5XX"),
            (.countWithUntil, "COUNT and UNTIL"),
            (.ordinalOutsideMonthlyOrYearly("BYDAY=2MO"), "BYDAY=2MO"),
            (.unknownPart("COLOR"), "COLOR"),
        ])
    func errorsNameThePart(error: RecurrenceRuleError, part: String) {
        #expect(error.description.contains(part))
        #expect(!error.description.contains("\n"))
    }

    @Test("round-trips through Codable as RRULE text")
    func codable() throws {
        let recurrence = Recurrence(
            start: Day("2026-01-01"), rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"),
            exceptions: [Day("2026-01-11")])

        let data = try JSONEncoder().encode(recurrence)

        #expect(String(decoding: data, as: UTF8.self).contains(#""FREQ=MONTHLY;BYDAY=2SU,4SU""#))
        #expect(try JSONDecoder().decode(Recurrence.self, from: data) == recurrence)
    }
}

@Suite("Recurrence: occurrences")
struct OccurrenceTests {
    static func recurrence(_ rule: String, from start: String, except exceptions: [String] = []) throws -> Recurrence {
        Recurrence(
            start: Day(start), rule: try RecurrenceRule(parsing: rule), exceptions: Set(exceptions.map { Day($0) }))
    }

    @Test(
        "a rule that never falls on a day stops with an error instead of searching forever",
        arguments: [
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
            "FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=31",
            "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
            "FREQ=WEEKLY;BYMONTH=2;BYDAY=MO;BYSETPOS=2",
            "FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR;BYMONTH=2;INTERVAL=12",
            "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29",
        ])
    func neverOccurs(text: String) throws {
        let rule = try RecurrenceRule(parsing: text)
        let recurrence = Recurrence(start: Day("2026-03-01"), rule: rule)

        #expect(throws: RecurrenceError.neverOccurs(rule)) { try recurrence.occurrences() }
        #expect(throws: RecurrenceError.neverOccurs(rule)) {
            try recurrence.nextOccurrence(onOrAfter: Day("2030-01-01"))
        }
        #expect(RecurrenceError.neverOccurs(rule).description.contains(text.prefix(11)))
    }

    @Test("a rule that ends before its first match is empty, not an error")
    func endsBeforeFirstMatch() throws {
        let recurrence = try Self.recurrence("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;UNTIL=20300101", from: "2026-03-01")

        #expect(try Array(recurrence.occurrences()).isEmpty)
    }

    @Test("the first day is an occurrence only when the rule yields it")
    func firstDayOnlyWhenItMatches() throws {
        // 2026-01-01 is a Thursday, not a 2nd or 4th Sunday
        let closings = try Self.recurrence("FREQ=MONTHLY;BYDAY=2SU,4SU;COUNT=3", from: "2026-01-01")
        // 2026-01-11 is the 2nd Sunday
        let fromASunday = try Self.recurrence("FREQ=MONTHLY;BYDAY=2SU,4SU;COUNT=3", from: "2026-01-11")

        #expect(try closings.occurrences().map(\.description) == ["2026-01-11", "2026-01-25", "2026-02-08"])
        #expect(try fromASunday.occurrences().map(\.description) == ["2026-01-11", "2026-01-25", "2026-02-08"])
    }

    @Test("exceptions leave days out but still count towards COUNT")
    func exceptionsCount() throws {
        let recurrence = try Self.recurrence(
            "FREQ=WEEKLY;COUNT=4", from: "2026-03-02", except: ["2026-03-09", "2026-03-30"])

        #expect(try recurrence.occurrences().map(\.description) == ["2026-03-02", "2026-03-16", "2026-03-23"])
    }

    @Test("lists the days between two days and the next one on or after a day")
    func betweenAndNext() throws {
        let rent = try Self.recurrence("FREQ=MONTHLY;BYMONTHDAY=25", from: "2020-01-01")

        #expect(
            try rent.occurrences(from: Day("2026-03-01"), through: Day("2026-05-25")).map(\.description)
                == ["2026-03-25", "2026-04-25", "2026-05-25"])
        #expect(try rent.nextOccurrence(onOrAfter: Day("2026-03-25")) == Day("2026-03-25"))
        #expect(try rent.nextOccurrence(onOrAfter: Day("2026-03-26")) == Day("2026-04-25"))
        #expect(try rent.occurrences(from: Day("2026-03-26"), through: Day("2026-04-24")).isEmpty)
    }

    @Test("a rule with COUNT or UNTIL has no next occurrence once it has ended")
    func endedRule() throws {
        let counted = try Self.recurrence("FREQ=DAILY;COUNT=3", from: "2026-03-01")
        let until = try Self.recurrence("FREQ=DAILY;UNTIL=20260303", from: "2026-03-01")

        #expect(try counted.nextOccurrence(onOrAfter: Day("2026-03-03")) == Day("2026-03-03"))
        #expect(try counted.nextOccurrence(onOrAfter: Day("2026-03-04")) == nil)
        #expect(try until.nextOccurrence(onOrAfter: Day("2026-03-04")) == nil)
    }

    @Test("an endless rule stops at the end of the year 9999")
    func stopsAtTheEndOfTheCalendar() throws {
        let recurrence = try Self.recurrence("FREQ=YEARLY", from: "9997-06-01")

        #expect(try recurrence.occurrences().map(\.description) == ["9997-06-01", "9998-06-01", "9999-06-01"])
    }

    @Test("the next occurrence of a rule begun long ago is found without walking from its start")
    func jumpsToTheAskedDay() throws {
        // From year 1: walking every day to 9000 would take millions of steps.
        let daily = try Self.recurrence("FREQ=DAILY;INTERVAL=7", from: "0001-01-01")

        let next = try #require(try daily.nextOccurrence(onOrAfter: Day("9000-01-01")))

        #expect(next >= Day("9000-01-01") && next < Day("9000-01-08"))
        #expect((next.dayNumber - Day("0001-01-01").dayNumber) % 7 == 0)
    }
}

@Suite("Days")
struct DayArithmeticTests {
    @Test(
        "day numbers count from 1970-01-01 and come back",
        arguments: [
            ("1970-01-01", 0), ("1969-12-31", -1), ("2000-03-01", 11_017), ("0001-01-01", -719_162),
            ("9999-12-31", 2_932_896),
        ])
    func dayNumbers(text: String, number: Int) {
        #expect(Day(text).dayNumber == number)
        #expect(Day(dayNumber: number) == Day(text))
    }

    @Test("every day from 1900 to 2100 agrees with Foundation's Gregorian calendar on its weekday")
    func weekdaysAgreeWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        for number in Day("1900-01-01").dayNumber...Day("2100-12-31").dayNumber {
            let day = Day(dayNumber: number)
            let date = try #require(day.start(in: calendar))
            // Foundation: 1 is Sunday; Weekday: 0 is Monday.
            #expect((calendar.component(.weekday, from: date) + 5) % 7 == day.weekday.rawValue)
            #expect(Day(containing: date, in: calendar) == day)
        }
    }
}
