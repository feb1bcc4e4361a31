import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// The binary coding of a card's checklist items and comments, and of their history entries: the
/// bytes of coding version 1 stay readable, and what is written reads back the same.
@Suite("Binary coding of checklist items, comments and their history")
struct CardDetailCodingTests {
    typealias Bytes = BinaryCodingVersionTests

    static let card = Project.ID(rawValue: SequentialIDs.id(7))

    /// An item as coding version 1 of `ChecklistItem` writes it: id (sequence 20), the card
    /// (sequence 7), the default board, "Book", ticked, rank "a0".
    static let itemVersion1 =
        "00000000000040008000000000000014" + "00000000000040008000000000000007" + "00000000000000000000000000000001"
        + "04" + "426f6f6b" + "01" + "02" + "6130"

    /// A comment as coding version 1 of `Comment` writes it: id (sequence 21), the card, the
    /// default board, by account 9, no author's name, "Hi\nyou", written and edited 90.5 s later.
    static let commentVersion1 =
        "00000000000040008000000000000015" + "00000000000040008000000000000007" + "00000000000000000000000000000001"
        + "01" + "00000000000040008000000000000009" + "00" + "06" + "48690a796f75"
        + "000000606bb3c741" + "01" + "0000408d6bb3c741"

    static let item = ChecklistItem(
        id: ChecklistItem.ID(rawValue: SequentialIDs.id(20)), projectID: card, boardID: .default, text: "Book",
        isDone: true, rank: .initial)

    static let comment = ProjectManagerDomain.Comment(
        id: ProjectManagerDomain.Comment.ID(rawValue: SequentialIDs.id(21)), projectID: card, boardID: .default,
        author: Account.ID(rawValue: SequentialIDs.id(9)), text: "Hi\nyou", createdAt: TestClock.defaultStart,
        editedAt: TestClock.defaultStart.addingTimeInterval(90.5))

    static func encoded<E: BinaryEntity>(_ value: E) -> Data {
        var writer = BinaryWriter(capacity: 64)
        value.encode(to: &writer)
        return writer.finish()
    }

    @Test("version 1 of ChecklistItem reads as the item it was written from, and is what it writes")
    func itemVersion1() throws {
        let data = Bytes.bytes(Self.itemVersion1)

        #expect(try Bytes.decode(ChecklistItem.self, data, version: 1) == Self.item)
        #expect(Self.encoded(Self.item) == data)
    }

    @Test("version 1 of Comment reads as the comment it was written from, and is what it writes")
    func commentVersion1() throws {
        let data = Bytes.bytes(Self.commentVersion1)

        #expect(try Bytes.decode(ProjectManagerDomain.Comment.self, data, version: 1) == Self.comment)
        #expect(Self.encoded(Self.comment) == data)
    }

    @Test("an imported comment keeps its author's name; one never edited has no edit date")
    func importedComment() throws {
        let imported = ProjectManagerDomain.Comment(
            id: Self.comment.id, projectID: Self.card, boardID: .default, author: nil, authorName: "Grace (트렐로)",
            text: "Imported", createdAt: .distantPast)

        let data = Self.encoded(imported)

        #expect(try Bytes.decode(ProjectManagerDomain.Comment.self, data, version: 1) == imported)
    }

    @Test("a done flag or an edit date's tag other than 0 and 1 is refused, never read as something else")
    func refusedFlags() {
        let item = Self.itemVersion1.replacingOccurrences(of: "426f6f6b01", with: "426f6f6b02")
        #expect(throws: BinaryCodingError.self) {
            try Bytes.decode(ChecklistItem.self, Bytes.bytes(item), version: 1)
        }
        let comment = Self.commentVersion1.replacingOccurrences(of: "c741010000", with: "c741020000")
        #expect(throws: BinaryCodingError.self) {
            try Bytes.decode(ProjectManagerDomain.Comment.self, Bytes.bytes(comment), version: 1)
        }
    }

    @Test(
        "each history entry of a checklist or a comment reads back as written",
        arguments: [
            Activity.Kind.checklistItemAdded("Book"), .checklistItemDone("Book ☃"), .checklistItemUndone(""),
            .checklistItemEdited(from: "Book", to: "예약"), .checklistItemMoved("Book"), .checklistItemDeleted("Book"),
            .commented, .commentEdited, .commentDeleted,
        ])
    func activityKinds(kind: Activity.Kind) throws {
        let record = ActivityRecord(
            Activity(
                id: ActivityRecord.id(sequence: 3), boardID: .default, projectID: Self.card, projectTitle: "Plan",
                kind: kind, date: TestClock.defaultStart),
            sequence: 3)

        let decoded = try Bytes.decode(
            ActivityRecord.self, Self.encoded(record), version: ActivityRecord.binaryVersion)

        #expect(decoded.activity == record.activity)
        #expect(ActivityRecord.binaryVersion == 8)
    }

    @Test("an activity keeps its author from coding 8, and one written before reads as having none")
    func activityAuthor() throws {
        // Given an activity by Ada, and the same with no author
        let activity = Activity(
            id: ActivityRecord.id(sequence: 4), boardID: .default, projectID: Self.card, projectTitle: "Plan",
            kind: .edited, date: TestClock.defaultStart, author: "ada@example.com")
        let anonymous = ActivityRecord(
            Activity(
                id: activity.id, boardID: .default, projectID: Self.card, projectTitle: "Plan", kind: .edited,
                date: TestClock.defaultStart),
            sequence: 4)

        // When each is read back, and the second's bytes without the author's as coding 7 wrote them
        let withAuthor = try Bytes.decode(
            ActivityRecord.self, Self.encoded(ActivityRecord(activity, sequence: 4)), version: 8)
        let coding7 = try Bytes.decode(ActivityRecord.self, Self.encoded(anonymous).dropLast(1), version: 7)

        // Then the author is Ada's, and none before coding 8
        #expect(withAuthor.activity == activity)
        #expect(withAuthor.activity.author == "ada@example.com")
        #expect(coding7.activity == anonymous.activity)
        #expect(coding7.activity.author == nil)
    }
}
