import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerDomain

@Suite("Calendar feed (iCalendar)")
struct CalendarFeedTests {
    static func id(_ n: Int) -> Project.ID { Project.ID(rawValue: SequentialIDs.id(n)) }

    static func items() throws -> [CalendarFeed.Item] {
        let closings = Recurrence(
            start: Day("2026-01-01"), rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"),
            exceptions: [Day("2026-01-25"), Day("2026-02-08")])
        return [
            .init(
                id: id(1), title: "Pay rent, gas; water \\ power", body: "Line one\nLine two",
                schedule: .due(Day("2026-03-25")), updatedAt: .at(2026, 3, 15, 12, 0)),
            .init(
                id: id(2), title: "이마트 의무휴업일 — 매월 둘째, 넷째 일요일에는 문을 닫습니다 (서울 성동구)",
                schedule: .repeating(closings), updatedAt: .at(2026, 3, 15, 12, 30, 15)),
            .init(
                id: id(3), title: "Shipped", schedule: .due(Day("2026-03-01")), isDone: true,
                updatedAt: .at(2026, 3, 2, 8, 0)),
            .init(
                id: id(4), title: "No reminder", schedule: .due(Day("2026-04-01")), reminder: .off,
                updatedAt: .at(2026, 3, 2, 8, 0)),
        ]
    }

    @Test("parses back: every dated project, with its UID, dates, rule, exceptions, alarm and text")
    func roundTrip() throws {
        // Given
        let items = try Self.items()

        // When
        let text = CalendarFeed(name: "Projects; home", items: items).text
        let calendar = try ICalendarParser.parse(text)

        // Then
        #expect(calendar.property("VERSION")?.value == "2.0")
        #expect(calendar.property("X-WR-CALNAME")?.text == "Projects; home")
        let todos = calendar.components("VTODO")
        let events = calendar.components("VEVENT")
        #expect(todos.count == 3)
        #expect(events.count == 1)
        #expect(Set((todos + events).compactMap { $0.property("UID")?.value }) == Set(items.map(\.id.description)))

        let rent = try #require(todos.first { $0.property("UID")?.value == Self.id(1).description })
        #expect(rent.property("SUMMARY")?.text == "Pay rent, gas; water \\ power")
        #expect(rent.property("DESCRIPTION")?.text == "Line one\nLine two")
        #expect(rent.property("DUE")?.value == "20260325")
        #expect(rent.property("DUE")?.parameters["VALUE"] == "DATE")
        #expect(rent.property("DTSTAMP")?.value == "20260315T120000Z")
        #expect(rent.property("STATUS")?.value == "NEEDS-ACTION")
        let alarm = try #require(rent.components("VALARM").first)
        #expect(alarm.property("TRIGGER")?.value == "-PT15H")
        #expect(alarm.property("TRIGGER")?.parameters["RELATED"] == "END")

        let mart = try #require(events.first)
        #expect(mart.property("SUMMARY")?.text == items[1].title)
        #expect(mart.property("DTSTART")?.value == "20260111")  // the first 2nd Sunday, not the 1st
        #expect(
            try RecurrenceRule(parsing: try #require(mart.property("RRULE")?.value))
                == RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"))
        #expect(mart.property("EXDATE")?.value == "20260125,20260208")
        #expect(mart.components("VALARM").first?.property("TRIGGER")?.value == "-PT15H")
        #expect(mart.property("DTSTAMP")?.value == "20260315T123015Z")

        let shipped = try #require(todos.first { $0.property("UID")?.value == Self.id(3).description })
        #expect(shipped.property("STATUS")?.value == "COMPLETED")
        #expect(shipped.components("VALARM").isEmpty)
        let quiet = try #require(todos.first { $0.property("UID")?.value == Self.id(4).description })
        #expect(quiet.components("VALARM").isEmpty)
    }

    @Test("folds long lines at 75 octets with CRLF, never inside a UTF-8 sequence")
    func folding() throws {
        let text = CalendarFeed(name: "x", items: try Self.items()).text

        // Every line ends with CRLF, none is longer than 75 octets (the parser checks both), and
        // the Korean title was long enough to fold.
        _ = try ICalendarParser.parse(text)
        #expect(text.contains("\r\n "))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        for width in 1...4 {
            let line = CalendarFeed.fold("SUMMARY:" + String(repeating: ["a", "é", "한", "😀"][width - 1], count: 100))
            for physical in line.components(separatedBy: "\r\n").dropLast() {
                #expect(physical.utf8.count <= 75)
            }
            #expect(line.replacingOccurrences(of: "\r\n ", with: "").hasSuffix("\r\n"))
        }
    }

    @Test("writes the same text twice when nothing changed")
    func stable() throws {
        let items = try Self.items()
        #expect(CalendarFeed(name: "x", items: items).text == CalendarFeed(name: "x", items: items).text)
    }

    @Test(
        "writes reminder offsets as RFC 5545 durations",
        arguments: [
            (-900, "-PT15H"), (540, "PT9H"), (0, "PT0M"), (-2_520 + 390, "-P1DT11H30M"), (-2_880, "-P2D"), (5, "PT5M"),
        ])
    func durations(minutes: Int, text: String) {
        #expect(CalendarFeed.duration(minutes: minutes) == text)
    }
}
