import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManagerData

/// Replication codes objects to JSON values directly: the values, and the objects they code back
/// to, are those of Foundation's JSON coders with their default strategies.
@Suite struct JSONValueCodingTests {
    static func throughText<T: Encodable>(_ value: T) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    @Test func aCardWithEveryFieldCodesAsJSONTextDoes() throws {
        let board = Board.ID(rawValue: UUID())
        let project = Project(
            id: Project.ID(rawValue: UUID()), boardID: board, title: "Mart closed",
            body: "2nd and 4th Sunday\nline two",
            deadline: Day(year: 2026, month: 3, day: 8),
            recurrence: Recurrence(
                start: Day(year: 2026, month: 3, day: 8),
                rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"),
                exceptions: [Day(year: 2026, month: 3, day: 22)]),
            state: .doing, rank: try Rank(parsing: "a5"), createdAt: Date(timeIntervalSince1970: 1_767_268_800.125),
            dueTime: DueTime(hour: 14, minute: 30, timeZone: "Asia/Seoul"),
            labels: [Label.ID(rawValue: UUID())], isArchived: true)
        let direct = try JSONValueCoding.encode(project)
        #expect(direct == (try Self.throughText(project)))
        let back = try JSONValueCoding.decode(Project.self, from: direct)
        #expect(back == project)
        #expect(try JSONValueCoding.encode(back) == direct)
    }

    @Test func theOtherEntitiesCodeAsJSONTextDoes() throws {
        let board = Board(id: Board.ID(rawValue: UUID()), title: "Team", createdAt: Date(timeIntervalSince1970: 12.5))
        let label = Label(id: Label.ID(rawValue: UUID()), boardID: board.id, name: "Urgent", colour: .green)
        #expect(try JSONValueCoding.encode(board) == (try Self.throughText(board)))
        #expect(try JSONValueCoding.encode(label) == (try Self.throughText(label)))
        #expect(try JSONValueCoding.decode(Label.self, from: JSONValueCoding.encode(label)) == label)
        #expect(try JSONValueCoding.decode(Board.self, from: JSONValueCoding.encode(board)) == board)
    }

    @Test func aValueOfTheWrongKindIsADecodingErrorNotACrash() {
        #expect(throws: DecodingError.self) {
            try JSONValueCoding.decode(Project.self, from: .object(["id": .number(3), "title": .array([])]))
        }
        #expect(throws: DecodingError.self) { try JSONValueCoding.decode(Int.self, from: .number(1.5)) }
        #expect(throws: DecodingError.self) { try JSONValueCoding.decode([String].self, from: .string("x")) }
    }
}
