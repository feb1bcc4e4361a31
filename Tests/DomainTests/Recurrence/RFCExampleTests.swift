import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// The examples of RFC 5545 section 3.8.5.3 that fall on whole days, with the dates the RFC lists.
///
/// The RFC's `DTSTART`s are at 09:00 in New York; over whole days they are dates. Where the RFC
/// writes `UNTIL=19971224T000000Z` (midnight UTC, before 09:00 on the 24th in New York), the last
/// day is the 23rd, written here as `UNTIL=19971223` (and `19971007T000000Z` as `19971006`). A rule
/// that never yields its `DTSTART` (Friday the 13th) does not list it, as the RFC's own `EXDATE`
/// there has it.
@Suite("RFC 5545 examples")
struct RFCExampleTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let title: String
        let start: String
        let rule: String
        var exceptions: [String] = []
        /// The whole list when the rule ends, or the first days of an endless one.
        let expected: [String]

        var testDescription: String { title }
    }

    /// Day lists: "1997-09-02 04 09" is 1997-09-02, 1997-09-04, 1997-09-09; a new month or year
    /// starts with the full date.
    static func days(_ text: String) -> [String] {
        var result: [String] = []
        var month = ""
        for word in text.split(separator: " ") {
            if word.count == 10 {
                month = String(word.prefix(8))
                result.append(String(word))
            } else {
                result.append(month + word)
            }
        }
        return result
    }

    static let examples: [Example] = [
        Example(
            title: "Daily for 10 occurrences", start: "1997-09-02", rule: "FREQ=DAILY;COUNT=10",
            expected: days("1997-09-02 03 04 05 06 07 08 09 10 11")),
        Example(
            title: "Every other day", start: "1997-09-02", rule: "FREQ=DAILY;INTERVAL=2",
            expected: days("1997-09-02 04 06 08 10 12 14 16 18 20 22 24 26 28 30 1997-10-02 04 06")),
        Example(
            title: "Every 10 days, 5 occurrences", start: "1997-09-02", rule: "FREQ=DAILY;INTERVAL=10;COUNT=5",
            expected: days("1997-09-02 12 22 1997-10-02 12")),
        Example(
            title: "Every day in January, for 3 years (yearly)", start: "1998-01-01",
            rule: "FREQ=YEARLY;UNTIL=20000131;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
            expected: (1998...2000).flatMap { year in (1...31).map { Day(year: year, month: 1, day: $0).description } }),
        Example(
            title: "Every day in January, for 3 years (daily)", start: "1998-01-01",
            rule: "FREQ=DAILY;UNTIL=20000131;BYMONTH=1",
            expected: (1998...2000).flatMap { year in (1...31).map { Day(year: year, month: 1, day: $0).description } }),
        Example(
            title: "Weekly for 10 occurrences", start: "1997-09-02", rule: "FREQ=WEEKLY;COUNT=10",
            expected: days("1997-09-02 09 16 23 30 1997-10-07 14 21 28 1997-11-04")),
        Example(
            title: "Weekly until December 24, 1997", start: "1997-09-02", rule: "FREQ=WEEKLY;UNTIL=19971223",
            expected: days("1997-09-02 09 16 23 30 1997-10-07 14 21 28 1997-11-04 11 18 25 1997-12-02 09 16 23")),
        Example(
            title: "Every other week", start: "1997-09-02", rule: "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
            expected: days("1997-09-02 16 30 1997-10-14 28 1997-11-11 25 1997-12-09 23 1998-01-06 20 1998-02-03 17")),
        Example(
            title: "Weekly on Tuesday and Thursday for five weeks (until)", start: "1997-09-02",
            rule: "FREQ=WEEKLY;UNTIL=19971006;WKST=SU;BYDAY=TU,TH",
            expected: days("1997-09-02 04 09 11 16 18 23 25 30 1997-10-02")),
        Example(
            title: "Weekly on Tuesday and Thursday for five weeks (count)", start: "1997-09-02",
            rule: "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
            expected: days("1997-09-02 04 09 11 16 18 23 25 30 1997-10-02")),
        Example(
            title: "Every other week on Monday, Wednesday and Friday until December 24, 1997", start: "1997-09-01",
            rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971223;WKST=SU;BYDAY=MO,WE,FR",
            expected: days(
                "1997-09-01 03 05 15 17 19 29 1997-10-01 03 13 15 17 27 29 31 1997-11-10 12 14 24 26 28 1997-12-08 10 12 22"
            )),
        Example(
            title: "Every other week on Tuesday and Thursday, for 8 occurrences", start: "1997-09-02",
            rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
            expected: days("1997-09-02 04 16 18 30 1997-10-02 14 16")),
        Example(
            title: "Monthly on the first Friday for 10 occurrences", start: "1997-09-05",
            rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
            expected: days(
                "1997-09-05 1997-10-03 1997-11-07 1997-12-05 1998-01-02 1998-02-06 1998-03-06 1998-04-03 1998-05-01 1998-06-05"
            )),
        Example(
            title: "Monthly on the first Friday until December 24, 1997", start: "1997-09-05",
            rule: "FREQ=MONTHLY;UNTIL=19971223;BYDAY=1FR",
            expected: days("1997-09-05 1997-10-03 1997-11-07 1997-12-05")),
        Example(
            title: "Every other month on the first and last Sunday, for 10 occurrences", start: "1997-09-07",
            rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
            expected: days("1997-09-07 28 1997-11-02 30 1998-01-04 25 1998-03-01 29 1998-05-03 31")),
        Example(
            title: "Monthly on the second-to-last Monday, for 6 months", start: "1997-09-22",
            rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
            expected: days("1997-09-22 1997-10-20 1997-11-17 1997-12-22 1998-01-19 1998-02-16")),
        Example(
            title: "Monthly on the third-to-the-last day of the month", start: "1997-09-28",
            rule: "FREQ=MONTHLY;BYMONTHDAY=-3",
            expected: days("1997-09-28 1997-10-29 1997-11-28 1997-12-29 1998-01-29 1998-02-26")),
        Example(
            title: "Monthly on the 2nd and 15th, for 10 occurrences", start: "1997-09-02",
            rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
            expected: days("1997-09-02 15 1997-10-02 15 1997-11-02 15 1997-12-02 15 1998-01-02 15")),
        Example(
            title: "Monthly on the first and last day, for 10 occurrences", start: "1997-09-30",
            rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
            expected: days("1997-09-30 1997-10-01 31 1997-11-01 30 1997-12-01 31 1998-01-01 31 1998-02-01")),
        Example(
            title: "Every 18 months on the 10th through 15th, for 10 occurrences", start: "1997-09-10",
            rule: "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
            expected: days("1997-09-10 11 12 13 14 15 1999-03-10 11 12 13")),
        Example(
            title: "Every Tuesday, every other month", start: "1997-09-02", rule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
            expected: days("1997-09-02 09 16 23 30 1997-11-04 11 18 25 1998-01-06 13 20 27 1998-03-03 10 17 24 31")),
        Example(
            title: "Yearly in June and July, for 10 occurrences", start: "1997-06-10",
            rule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
            expected: days(
                "1997-06-10 1997-07-10 1998-06-10 1998-07-10 1999-06-10 1999-07-10 2000-06-10 2000-07-10 2001-06-10 2001-07-10"
            )),
        Example(
            title: "Every other year on January, February and March, for 10 occurrences", start: "1997-03-10",
            rule: "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
            expected: days(
                "1997-03-10 1999-01-10 1999-02-10 1999-03-10 2001-01-10 2001-02-10 2001-03-10 2003-01-10 2003-02-10 2003-03-10"
            )),
        Example(
            title: "Every 20th Monday of the year", start: "1997-05-19", rule: "FREQ=YEARLY;BYDAY=20MO",
            expected: days("1997-05-19 1998-05-18 1999-05-17")),
        Example(
            title: "Every Thursday in March", start: "1997-03-13", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
            expected: days("1997-03-13 20 27 1998-03-05 12 19 26 1999-03-04 11 18 25")),
        Example(
            title: "Every Thursday, only during June, July and August", start: "1997-06-05",
            rule: "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
            expected: days(
                "1997-06-05 12 19 26 1997-07-03 10 17 24 31 1997-08-07 14 21 28 1998-06-04 11 18 25 1998-07-02 09 16 23 30 1998-08-06 13 20 27 1999-06-03 10 17 24 1999-07-01 08 15 22 29 1999-08-05 12 19 26"
            )),
        Example(
            title: "Every Friday the 13th", start: "1997-09-02", rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
            exceptions: ["1997-09-02"],
            expected: days("1998-02-13 1998-03-13 1998-11-13 1999-08-13 2000-10-13")),
        Example(
            title: "The first Saturday that follows the first Sunday of the month", start: "1997-09-13",
            rule: "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
            expected: days(
                "1997-09-13 1997-10-11 1997-11-08 1997-12-13 1998-01-10 1998-02-07 1998-03-07 1998-04-11 1998-05-09 1998-06-13"
            )),
        Example(
            title: "United States presidential election day, every four years", start: "1996-11-05",
            rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
            expected: days("1996-11-05 2000-11-07 2004-11-02")),
        Example(
            title: "The third Tuesday, Wednesday or Thursday of the month, for the next 3 months", start: "1997-09-04",
            rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
            expected: days("1997-09-04 1997-10-07 1997-11-06")),
        Example(
            title: "The second-to-last weekday of the month", start: "1997-09-29",
            rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
            expected: days("1997-09-29 1997-10-30 1997-11-27 1997-12-30 1998-01-29 1998-02-26 1998-03-30")),
        Example(
            title: "Week start Monday", start: "1997-08-05", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
            expected: days("1997-08-05 10 19 24")),
        Example(
            title: "Week start Sunday", start: "1997-08-05", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
            expected: days("1997-08-05 17 19 31")),
        Example(
            title: "An invalid date (the 30th of February) is skipped", start: "2007-01-15",
            rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
            expected: days("2007-01-15 30 2007-02-15 2007-03-15 30")),
    ]

    @Test("gives the days the RFC lists", arguments: examples)
    func example(_ example: Example) throws {
        // Given
        let rule = try RecurrenceRule(parsing: example.rule)
        let recurrence = Recurrence(
            start: Day(example.start), rule: rule, exceptions: Set(example.exceptions.map { Day($0) }))

        // When
        let days = try recurrence.occurrences().prefix(example.expected.count + 1).map(\.description)

        // Then: a rule with COUNT or UNTIL stops where the RFC stops
        let ends = rule.end != .never
        #expect(ends ? days == example.expected : Array(days.prefix(example.expected.count)) == example.expected)
    }
}
