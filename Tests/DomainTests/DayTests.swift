import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Day")
struct DayTests {
    @Test(
        "parses a real day written as YYYY-MM-DD",
        arguments: [
            ("2026-03-14", 2026, 3, 14),
            ("2028-02-29", 2028, 2, 29),
            ("2000-02-29", 2000, 2, 29),
            ("0001-01-01", 1, 1, 1),
            ("9999-12-31", 9999, 12, 31),
        ])
    func parsesRealDays(text: String, year: Int, month: Int, day: Int) throws {
        // When
        let parsed = try Day(parsing: text)

        // Then
        #expect(parsed == Day(year: year, month: month, day: day))
        #expect(parsed.isValid)
        #expect(parsed.description == text)
    }

    @Test(
        "refuses text that is not of the form YYYY-MM-DD as malformed",
        arguments: [
            "",
            "2026-3-14",
            "2026-03-4",
            "26-03-14",
            "20260314",
            "2026/03/14",
            "2026-03-14T00:00",
            " 2026-03-14",
            "2026-03-14 ",
            "2026-03-1a",
            "+026-03-14",
            "-2026-03-14",
            "2026--03-14",
            "２０２６-03-14",
            "٢٠٢٦-03-14",
            "tomorrow",
        ])
    func refusesMalformedText(text: String) {
        #expect(throws: DayParseError.malformed(text)) {
            try Day(parsing: text)
        }
    }

    @Test(
        "refuses a well-formed day that the calendar does not have as nonexistent",
        arguments: [
            "2026-02-29",
            "2100-02-29",
            "2026-04-31",
            "2026-06-31",
            "2026-09-31",
            "2026-11-31",
            "2026-02-30",
            "2026-13-01",
            "2026-00-10",
            "2026-01-00",
            "2026-01-32",
            "0000-01-01",
        ])
    func refusesNonexistentDays(text: String) {
        #expect(throws: DayParseError.nonexistent(text)) {
            try Day(parsing: text)
        }
    }

    @Test("tells the user how to write a date and which day does not exist")
    func parseErrorsSayWhatToDo() {
        #expect(DayParseError.malformed("soon").description.contains("YYYY-MM-DD"))
        #expect(DayParseError.nonexistent("2026-02-30").description.contains("2026-02-30"))
    }

    @Test(
        "knows how many days each month has, leap years included",
        arguments: [
            (1, 2026, 31), (2, 2026, 28), (2, 2028, 29), (2, 2100, 28), (2, 2000, 29),
            (3, 2026, 31), (4, 2026, 30), (5, 2026, 31), (6, 2026, 30), (7, 2026, 31),
            (8, 2026, 31), (9, 2026, 30), (10, 2026, 31), (11, 2026, 30), (12, 2026, 31),
        ])
    func daysInMonth(month: Int, year: Int, days: Int) {
        #expect(Day.daysIn(month: month, year: year) == days)
    }

    @Test("orders days by year, then month, then day")
    func ordersChronologically() {
        let days = [Day("2027-01-01"), Day("2026-12-31"), Day("2026-03-15"), Day("2026-03-14")]

        #expect(days.sorted() == [Day("2026-03-14"), Day("2026-03-15"), Day("2026-12-31"), Day("2027-01-01")])
    }

    @Test("writes every part with leading zeros")
    func padsItsDescription() {
        #expect(Day(year: 5, month: 1, day: 2).description == "0005-01-02")
    }

    @Test("round-trips through Codable as a YYYY-MM-DD string")
    func roundTripsThroughCodable() throws {
        // Given
        let day = Day("2028-02-29")

        // When
        let data = try JSONEncoder().encode([day])
        let decoded = try JSONDecoder().decode([Day].self, from: data)

        // Then
        #expect(String(decoding: data, as: UTF8.self) == #"["2028-02-29"]"#)
        #expect(decoded == [day])
    }

    @Test("refuses to decode a day that does not exist")
    func refusesToDecodeNonexistentDay() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Day].self, from: Data(#"["2026-02-29"]"#.utf8))
        }
    }

    @Test(
        "is the day an instant falls on in the calendar's time zone",
        arguments: [
            ("Asia/Seoul", "2026-03-15"),
            ("UTC", "2026-03-14"),
            ("America/Los_Angeles", "2026-03-14"),
            ("Pacific/Kiritimati", "2026-03-15"),
            ("Pacific/Pago_Pago", "2026-03-14"),
        ])
    func containingAnInstant(zone: String, expected: String) {
        // Given 2026-03-14 15:30 UTC
        let instant = Date.at(2026, 3, 14, 15, 30)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .named(zone)

        // Then
        #expect(Day(containing: instant, in: calendar) == Day(expected))
    }

    @Test("starts at local midnight, and a day that does not exist has no start")
    func startOfDay() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .named("Asia/Seoul")

        let start = try #require(Day("2026-03-14").start(in: calendar))

        #expect(start == Date.at(2026, 3, 13, 15, 0))
        #expect(Day(year: 2026, month: 2, day: 30).start(in: calendar) == nil)
    }

    @Test(
        "the day a moment falls on is the Gregorian calendar's, in the calendar's time zone, from 1900 to 9999 and around it",
        arguments: [
            "UTC", "Asia/Seoul", "America/St_Johns", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/London",
        ])
    func dayOfAMomentIsTheCalendars(zone: String) throws {
        // Given
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        var random = SeededGenerator(seed: 21)
        let boundaries: [TimeInterval] = [
            -2_208_988_800 - 86_400 * 400, -2_208_988_800 - 1, -2_208_988_800, -86_400, -1, 0, 951_782_400,
            951_868_799, 4_107_542_400, 253_402_300_799, 253_402_300_800,
        ]
        let moments =
            boundaries.flatMap { [$0 - 50_400, $0, $0 + 50_400] }
            + (0..<2_000).map { _ in TimeInterval(Int64.random(in: -2_300_000_000...253_402_300_799, using: &random)) }

        for seconds in moments {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)

            // When
            let day = Day(containing: date, in: calendar)

            // Then
            #expect(
                day == Day(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0),
                "\(seconds) in \(zone)")
        }
    }
}
