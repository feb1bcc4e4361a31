import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManagerData

/// Log files are written and read without Foundation's coders: what is written reads back the
/// same, the JSON of 3.0.0 (as Foundation's coder writes it) reads too, and anything that is not a
/// log file is `nil`.
@Suite struct ReplicaLogCodingTests {
    static let replica = ReplicaID(rawValue: "0123456789abcdef")!

    static func file(_ slots: [String: JSONValue], kind: ReplicaOperation.Kind = .update) -> ReplicaLogFile {
        ReplicaLogFile(
            replica: replica, sequence: 7, previous: String(repeating: "ab", count: 32), author: "Ada \"Lovelace\"",
            operations: [
                ReplicaOperation(
                    kind: kind, entity: "Project", id: UUID(),
                    stamp: ReplicaStamp(time: 1_767_268_800_123, counter: 4, replica: replica), slots: slots),
                ReplicaOperation(
                    kind: .delete, entity: "Comment", id: UUID(),
                    stamp: ReplicaStamp(time: 1_767_268_800_124, counter: 0, replica: replica)),
            ])
    }

    static let awkward: [String: JSONValue] = [
        "title": .string("quote \" backslash \\ slash / tab \t newline \n bell \u{7} 한국어 🎉 \u{202E}"),
        "createdAt": .number(788_961_600.266_246_3),
        "rank": .string("a5"),
        "small": .number(1e-7), "negative": .number(-42), "big": .number(9_007_199_254_740_991),
        "isArchived": .bool(true), "deadline": .null,
        "labels": .array([.string("x"), .array([]), .object([:])]),
        "boardID+listID+state+rank": .object(["state": .string("doing"), "listID": .null]),
    ]

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let file = Self.file(Self.awkward)
        let data = ReplicaLogCoding.encode(file)
        #expect(data.starts(with: Data("PMLG".utf8)))
        let read = try #require(ReplicaLogCoding.decode(data))
        #expect(read.format == 2)
        #expect(read.replica == file.replica)
        #expect(read.sequence == 7)
        #expect(read.previous == file.previous)
        #expect(read.author == file.author)
        #expect(read.operations == file.operations)
        // No previous file, no author, stamps going back in time and a long text read back too.
        var first = Self.file(["body": .string(String(repeating: "long text ", count: 20))], kind: .create)
        (first.previous, first.author) = (nil, nil)
        first.operations[1].stamp = ReplicaStamp(time: 1_000, counter: 0, replica: Self.replica)
        let readFirst = try #require(ReplicaLogCoding.decode(ReplicaLogCoding.encode(first)))
        #expect(readFirst.previous == nil && readFirst.author == nil)
        #expect(readFirst.operations == first.operations)
    }

    @Test(arguments: [ReplicaOperation.Kind.create, .update])
    func aJSONFileAs300WroteItReadsBackTheSame(kind: ReplicaOperation.Kind) throws {
        // Foundation's coder writes the JSON of format 1, as 3.0.0 did.
        let file = Self.file(Self.awkward, kind: kind)
        let read = try #require(ReplicaLogCoding.decode(JSONEncoder().encode(file)))
        #expect(read.format == 1)
        #expect(read.previous == file.previous)
        #expect(read.author == file.author)
        #expect(read.operations == file.operations)
    }

    @Test func editsOfManyCardsTakeAThirdOfTheirJSONOrLess() throws {
        var edits = Self.file([:])
        edits.operations = (0..<1_000).map { index in
            ReplicaOperation(
                kind: .update, entity: "Project", id: UUID(),
                stamp: ReplicaStamp(time: 1_767_268_800_000 + Int64(index), counter: 0, replica: Self.replica),
                slots: [
                    "title": .string("Card \(index) edited"), "updatedAt": .number(788_961_600.266 + Double(index)),
                ])
        }
        #expect(try ReplicaLogCoding.encode(edits).count * 3 <= JSONEncoder().encode(edits).count)
    }

    @Test func aBinaryFileCutOrWithAnyByteChangedIsNilOrAFileNeverACrash() {
        let data = ReplicaLogCoding.encode(Self.file(Self.awkward))
        for length in 0..<data.count {
            #expect(ReplicaLogCoding.decode(data.prefix(length)) == nil)
        }
        #expect(ReplicaLogCoding.decode(data + Data([0])) == nil)
        var random = SystemRandomNumberGenerator()
        for offset in data.indices {
            for value: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF, UInt8.random(in: 0...255, using: &random)] {
                var changed = data
                changed[offset] = value
                _ = ReplicaLogCoding.decode(changed)
            }
        }
        var otherFormat = data
        otherFormat[4] = 3
        #expect(ReplicaLogCoding.decode(otherFormat) == nil)
    }

    @Test(
        "anything that is not a log file is nil",
        arguments: [
            "", "{", "[]", "null", #"{"format":1}"#, "{{{ not json", #"{"a":1}trailing"#,
            #"{"format":1,"replica":"0123456789abcdef","sequence":1,"previous":null,"operations":[{"k":"boom"}]}"#,
            #"{"format":2,"replica":"0123456789abcdef","sequence":1,"previous":null,"operations":[]}"#,
            #"{"format":1,"replica":"NOT-A-REPLICA","sequence":1,"previous":null,"operations":[]}"#,
            #"{"format":1,"replica":"0123456789abcdef","sequence":1.5,"previous":null,"operations":[]}"#,
            #"{"format":1,"replica":"0123456789abcdef","sequence":01,"previous":null,"operations":[]}"#,
            #"{"format":1,"replica":"0123456789abcdef","sequence":1,"previous":"\ud800","operations":[]}"#,
            #"{"format":1,"replica":"0123456789abcdef","sequence":1,"previous":"\x","operations":[]}"#,
            "{\"format\":1,\"replica\":\"0123456789abcdef\",\"sequence\":1,\"previous\":\"a\u{1}\",\"operations\":[]}",
            String(repeating: "[", count: 100_000),
        ])
    func notALogFile(_ text: String) {
        #expect(ReplicaLogCoding.decode(Data(text.utf8)) == nil)
    }

    @Test func bytesThatAreNotUTF8AreNotALogFile() {
        var bytes = Array(#"{"format":1,"replica":"0123456789abcdef","sequence":1,"previous":""#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"","operations":[]}"#.utf8)
        #expect(ReplicaLogCoding.decode(Data(bytes)) == nil)
    }
}
