import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Binary coding of favourites and their history")
struct FavouriteCodingTests {
    static let project = Project.ID(rawValue: SequentialIDs.id(7))
    static let board = Board.ID(rawValue: SequentialIDs.id(8))

    static let favourites = [
        FavouriteRecord(Favourite(.project(project), onBoard: board, starredAt: TestClock.defaultStart)),
        FavouriteRecord(
            Favourite(.board(board), onBoard: board, starredAt: TestClock.defaultStart.addingTimeInterval(0.125))),
    ]

    static let activities = [
        Activity.Kind.starred(.project), .starred(.board), .unstarred(.project), .unstarred(.board),
    ]
    .enumerated().map { index, kind in
        ActivityRecord(
            Activity(
                id: ActivityRecord.id(sequence: index + 1), boardID: board,
                projectID: kind.isAboutBoard ? nil : project,
                projectTitle: "이마트 ☃", kind: kind, date: TestClock.defaultStart), sequence: index + 1)
    }

    static func encoded(_ entity: some BinaryEntity) -> Data {
        var writer = BinaryWriter(capacity: 64)
        entity.encode(to: &writer)
        return writer.finish()
    }

    static func decoded<E: BinaryEntity>(_ type: E.Type, _ data: Data, version: Int = E.binaryVersion) throws -> E {
        try data.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes)
            let value = try E(from: &reader, version: version)
            try reader.expectEnd("the test's object")
            return value
        }
    }

    @Test("a project's star and a board's star, and the activities of starring, come back as written, in a record")
    func roundTrip() throws {
        let changes =
            Self.favourites.map { ObjectChange(id: $0.objectID, before: nil, after: $0) }
            + Self.activities.map { ObjectChange(id: $0.objectID, before: nil, after: $0) }
        let commit = StoreCommit(changes: changes, operation: .push, actionName: nil)
        let decoded = try BinaryStoreCoding.decodeRecord(
            try BinaryStoreCoding.encodeRecord(commit), schema: .projectManager, steps: [])

        #expect(decoded.changes.compactMap { $0.after as? FavouriteRecord } == Self.favourites)
        #expect(decoded.changes.compactMap { $0.after as? ActivityRecord } == Self.activities)
        #expect(Self.favourites.map(\.favourite.target) == [.project(Self.project), .board(Self.board)])
    }

    @Test("a star is its two ids, a byte and a date: 41 bytes for a project's, 25 for a board's")
    func compact() {
        #expect(Self.favourites.map { Self.encoded($0).count } == [16 + 1 + 16 + 16 + 8, 16 + 1 + 16 + 8])
    }

    @Test("a star whose id is not its target's, or of an unknown kind, is refused with a reason")
    func refused() throws {
        var mismatched = Self.encoded(Self.favourites[0])
        mismatched[0] ^= 0xff
        let error = try #require(throws: BinaryCodingError.self) { try Self.decoded(FavouriteRecord.self, mismatched) }
        #expect(error.reason.contains("not its target's"))

        var unknown = Self.encoded(Self.favourites[1])
        unknown[16] = 7
        let kind = try #require(throws: BinaryCodingError.self) { try Self.decoded(FavouriteRecord.self, unknown) }
        #expect(kind.reason.contains("kind 7"))
    }

    /// An activity as coding version 1 of `ActivityRecord` wrote it: sequence 3, on the default
    /// board, project 7, "Wrap ☃", moved from To Do to Done, at the test clock's start.
    static let activityVersion1 =
        "41435449564954590000000000000003" + "00000000000000000000000000000001"  // id, board
        + "01" + "00000000000040008000000000000007" + "08" + "5772617020e29883"  // project, title
        + "01" + "00" + "02" + "000000606bb3c741" + "06"  // moved, To Do, Done, date, sequence 3 (zigzag)

    @Test("version 1 of ActivityRecord, written before stars, still reads")
    func activityVersion1() throws {
        #expect(ActivityRecord.binaryVersion >= 2)
        let decoded = try Self.decoded(
            ActivityRecord.self, BinaryCodingVersionTests.bytes(Self.activityVersion1), version: 1)
        #expect(
            decoded.activity
                == Activity(
                    id: ActivityRecord.id(sequence: 3), boardID: .default, projectID: Self.project,
                    projectTitle: "Wrap ☃",
                    kind: .moved(from: .todo, to: .done), date: TestClock.defaultStart))
        #expect(decoded.sequence == 3)
    }
}
