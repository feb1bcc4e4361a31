import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// Korean large marts close on two days a month set by each district: the 2nd and 4th Sunday, the
/// 2nd and 4th Monday or Wednesday (Daegu, Seoul Seocho), or the 10th and the 25th.
@Suite("Mart holidays, 2026 and 2027")
struct MartHolidayTests {
    static let seoul = TimeZone.named("Asia/Seoul")

    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = seoul
        return calendar
    }

    /// The days of 2026 and 2027 that are the `ordinals`-th `weekday` of their month, by Foundation's
    /// calendar (weekday 1 is Sunday), not by the engine.
    static func foundationDays(weekday: Int, ordinals: Set<Int>) -> [Day] {
        var days: [Day] = []
        var date = Date.at(2026, 1, 1, 12, 0, in: seoul)
        while Day(containing: date, in: calendar) <= Day("2027-12-31") {
            let parts = calendar.dateComponents([.weekday, .weekdayOrdinal], from: date)
            if parts.weekday == weekday, let ordinal = parts.weekdayOrdinal, ordinals.contains(ordinal) {
                days.append(Day(containing: date, in: calendar))
            }
            date += 86_400
        }
        return days
    }

    static let rules: [(String, [Day])] = [
        ("FREQ=MONTHLY;BYDAY=2SU,4SU", foundationDays(weekday: 1, ordinals: [2, 4])),
        ("FREQ=MONTHLY;BYDAY=2MO,4MO", foundationDays(weekday: 2, ordinals: [2, 4])),
        ("FREQ=MONTHLY;BYDAY=2WE,4WE", foundationDays(weekday: 4, ordinals: [2, 4])),
        (
            "FREQ=MONTHLY;BYMONTHDAY=10,25",
            (2026...2027).flatMap { year in
                (1...12).flatMap { [Day(year: year, month: $0, day: 10), Day(year: year, month: $0, day: 25)] }
            }
        ),
    ]

    @Test(
        "each district's rule closes on the right days, with a reminder at 09:00 the day before in Seoul",
        arguments: rules)
    func closingDays(text: String, expected: [Day]) throws {
        // Given a mart whose rule starts on 2026-01-01, planned on New Year's Eve
        let rule = try RecurrenceRule(parsing: text)
        let recurrence = Recurrence(start: Day("2026-01-01"), rule: rule)
        let source = ReminderSource(
            projectID: Project.ID(rawValue: SequentialIDs.id(1)), title: "이마트 휴무", schedule: .repeating(recurrence))

        // When
        let days = try recurrence.occurrences(from: Day("2026-01-01"), through: Day("2027-12-31"))
        let reminders = ReminderReconciliation.reminders(
            for: [source], after: .at(2025, 12, 31, 12, 0, in: Self.seoul), calendar: Self.calendar, limit: 64)

        // Then: 24 days a year, and the 64 soonest reminders begin with those of 2026 and 2027
        #expect(days == expected)
        #expect(days.count == 48)
        #expect(reminders.count == 64)
        #expect(Array(reminders.prefix(48).map(\.dueDay)) == expected)
        for reminder in reminders {
            let eve = reminder.dueDay.adding(days: -1)
            #expect(reminder.fireDate == .at(eve.year, eve.month, eve.day, 9, 0, in: Self.seoul))
        }
    }

    @Test("the 2nd and 4th Sundays of 2026 start as a calendar shows them")
    func firstSundays() throws {
        let closings = Recurrence(
            start: Day("2026-01-01"), rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"))

        #expect(
            try closings.occurrences().prefix(6).map(\.description)
                == ["2026-01-11", "2026-01-25", "2026-02-08", "2026-02-22", "2026-03-08", "2026-03-22"])
    }
}
