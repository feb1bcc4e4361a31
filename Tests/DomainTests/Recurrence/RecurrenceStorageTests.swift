import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("A schedule held behind one reference")
struct RecurrenceStorageTests {
    static let mart = Recurrence(start: Day("2026-01-01"), rule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU"))

    @Test("a project's optional schedule costs one word inline")
    func oneWord() {
        #expect(MemoryLayout<Recurrence?>.size == MemoryLayout<Int>.size)
    }

    @Test("equal schedules built apart are equal and hash alike; a changed copy leaves the original")
    func valueSemantics() {
        let again = Recurrence(start: Day("2026-01-01"), rule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU"))
        #expect(again == Self.mart)
        #expect(again.hashValue == Self.mart.hashValue)

        var skipped = Self.mart
        skipped.exceptions.insert(Day("2026-01-11"))
        skipped.start = Day("2026-01-02")

        #expect(skipped != Self.mart)
        #expect(Self.mart.exceptions.isEmpty)
        #expect(Self.mart.start == Day("2026-01-01"))
        #expect(skipped.exceptions == [Day("2026-01-11")])
    }

    @Test("JSON keeps the keys start, rule and exceptions, and reads back the same schedule")
    func json() throws {
        var schedule = Self.mart
        schedule.exceptions = [Day("2026-01-25")]
        let data = try JSONEncoder().encode(schedule)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

        #expect(Set(object.keys) == ["start", "rule", "exceptions"])
        #expect(try JSONDecoder().decode(Recurrence.self, from: data) == schedule)
    }
}
