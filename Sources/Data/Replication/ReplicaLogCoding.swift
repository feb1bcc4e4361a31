import Foundation
import ProjectManagerDomain

/// Writes replica log files in binary (format 2), and reads them or the JSON of format 1 (what
/// 3.0.0 wrote), directly between bytes and values: Foundation's coders take seconds for the
/// 100,000 operations of a board shared whole.
///
/// What it reads is checked: a file that is neither, or not a log file, is `nil`, never a crash.
///
/// Format 2: `PMLG`, the format, the replica, the sequence, the previous file's digest and the
/// author (or none), then the replicas and strings the operations name, then the operations:
/// each its kind (0 create, 1 update, 2 delete), its entity (a string's number), its id, its
/// stamp (the time as the difference from the operation before, the counter, the replica's
/// number) and its slots (each a name's number and a value, as ``ReplicatedObjectCoding``
/// writes them: a text of 64 bytes or less by its number). A third of the JSON's bytes.
enum ReplicaLogCoding {
    private static let magic = Data("PMLG".utf8)

    // MARK: - Writing

    /// `file` in format 2.
    static func encode(_ file: ReplicaLogFile) -> Data {
        var body = ReplicatedObjectCoding.Body(capacity: 64 + file.operations.count * 64)
        body.writer.append(count: file.operations.count)
        var time: Int64 = 0
        for operation in file.operations {
            let kind: UInt8 =
                switch operation.kind {
                case .create: 0
                case .update: 1
                case .delete: 2
                }
            body.writer.append(byte: kind)
            body.name(operation.entity)
            body.writer.append(uuid: operation.id)
            body.writer.append(int: Int(operation.stamp.time &- time))
            time = operation.stamp.time
            body.writer.append(varint: UInt64(operation.stamp.counter))
            body.name(operation.stamp.replica)
            body.writer.append(count: operation.slots.count)
            for (name, value) in operation.slots {
                body.name(name)
                body.append(value)
            }
        }
        var writer = BinaryWriter(capacity: 128 + body.writer.count)
        writer.append(magic)
        writer.append(varint: 2)
        writer.append(string: file.replica.rawValue)
        writer.append(int: file.sequence)
        writer.append(optionalString: file.previous)
        writer.append(optionalString: file.author)
        body.write(to: &writer)
        return writer.finish()
    }

    // MARK: - Reading

    /// The log file `data` holds, or `nil` when it is not one (in either format).
    static func decode(_ data: Data) -> ReplicaLogFile? {
        guard !data.starts(with: magic) else { return data.withUnsafeBytes { bytes in try? decodeBinary(bytes) } }
        let value: JSONValue? = data.withUnsafeBytes { bytes in
            var parser = Parser(bytes: bytes.bindMemory(to: UInt8.self))
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipSpace()
            return parser.atEnd ? value : nil
        }
        guard case .object(let fields)? = value,
            case .number(let format)? = fields["format"], format == 1,
            case .string(let replicaText)? = fields["replica"], let replica = ReplicaID(rawValue: replicaText),
            case .number(let sequence)? = fields["sequence"], let sequenceNumber = Int(exactly: sequence),
            case .array(let items)? = fields["operations"]
        else { return nil }
        var previous: String?
        switch fields["previous"] {
        case .string(let text)?: previous = text
        case .null?, nil: previous = nil
        default: return nil
        }
        var author: String?
        switch fields["author"] {
        case .string(let text)?: author = text
        case .null?, nil: author = nil
        default: return nil
        }
        var operations: [ReplicaOperation] = []
        operations.reserveCapacity(items.count)
        for item in items {
            guard let operation = operation(item) else { return nil }
            operations.append(operation)
        }
        return ReplicaLogFile(
            replica: replica, sequence: sequenceNumber, previous: previous, author: author, operations: operations)
    }

    /// The format 2 file in `bytes`.
    private static func decodeBinary(_ bytes: UnsafeRawBufferPointer) throws(BinaryCodingError) -> ReplicaLogFile {
        var reader = BinaryReader(bytes)
        _ = try reader.bytes(magic.count)
        guard try reader.varint() == 2 else { throw reader.error("not a log file's format") }
        guard let replica = ReplicaID(rawValue: try reader.string()) else { throw reader.error("not a replica id") }
        let sequence = try reader.int()
        let previous = try reader.optionalString()
        let author = try reader.optionalString()
        let replicas = try ReplicatedObjectCoding.replicas(&reader)
        let strings = try ReplicatedObjectCoding.strings(&reader)
        func shared() throws(BinaryCodingError) -> String {
            try ReplicatedObjectCoding.string(&reader, in: strings)
        }
        // Each operation takes 20 bytes at least.
        let count = try reader.count(unit: 20)
        var operations: [ReplicaOperation] = []
        operations.reserveCapacity(count)
        var time: Int64 = 0
        for _ in 0..<count {
            let kind: ReplicaOperation.Kind
            switch try reader.byte() {
            case 0: kind = .create
            case 1: kind = .update
            case 2: kind = .delete
            default: throw reader.error("not an operation's kind")
            }
            let entity = try shared()
            let id = try reader.uuid()
            let (sum, overflow) = time.addingReportingOverflow(Int64(try reader.int()))
            guard !overflow else { throw reader.error("a stamp's time overflows") }
            time = sum
            let counter = try reader.varint()
            let index = try reader.varint()
            guard counter <= UInt64(Int.max), index < UInt64(replicas.count) else { throw reader.error("not a stamp") }
            var slots: [String: JSONValue] = [:]
            let slotCount = try reader.count(unit: 2)
            slots.reserveCapacity(slotCount)
            for _ in 0..<slotCount {
                let name = try shared()
                slots[name] = try ReplicatedObjectCoding.value(&reader, depth: 0, strings: strings)
            }
            operations.append(
                ReplicaOperation(
                    kind: kind, entity: entity, id: id,
                    stamp: ReplicaStamp(time: time, counter: Int(counter), replica: replicas[Int(index)]),
                    slots: slots))
        }
        guard reader.isAtEnd else { throw reader.error("bytes after the last operation") }
        return ReplicaLogFile(
            format: 2, replica: replica, sequence: sequence, previous: previous, author: author,
            operations: operations)
    }

    private static func operation(_ value: JSONValue) -> ReplicaOperation? {
        guard case .object(let fields) = value,
            case .string(let kindText)? = fields["k"], let kind = ReplicaOperation.Kind(rawValue: kindText),
            case .string(let entity)? = fields["e"],
            case .string(let idText)? = fields["i"], let id = UUID(uuidString: idText),
            case .object(let stampFields)? = fields["s"],
            case .number(let time)? = stampFields["time"], let timeValue = Int64(exactly: time),
            case .number(let counter)? = stampFields["counter"], let counterValue = Int(exactly: counter),
            counterValue >= 0,
            case .string(let replicaText)? = stampFields["replica"], let replica = ReplicaID(rawValue: replicaText)
        else { return nil }
        var slots: [String: JSONValue] = [:]
        switch fields["f"] {
        case .object(let members)?: slots = members
        case nil: break
        default: return nil
        }
        return ReplicaOperation(
            kind: kind, entity: entity, id: id,
            stamp: ReplicaStamp(time: timeValue, counter: counterValue, replica: replica),
            slots: slots)
    }

    /// A JSON reader over bytes (RFC 8259), nested at most 64 deep.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func literal(_ text: String, _ value: JSONValue) -> JSONValue? {
            for byte in text.utf8 {
                guard offset < bytes.count, bytes[offset] == byte else { return nil }
                offset += 1
            }
            return value
        }

        mutating func value(depth: Int) -> JSONValue? {
            guard depth < 64 else { return nil }
            skipSpace()
            guard offset < bytes.count else { return nil }
            switch bytes[offset] {
            case UInt8(ascii: "n"): return literal("null", .null)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "["):
                offset += 1
                var items: [JSONValue] = []
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return .array(items)
                }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    guard offset < bytes.count else { return nil }
                    if bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                    } else if bytes[offset] == UInt8(ascii: "]") {
                        offset += 1
                        return .array(items)
                    } else {
                        return nil
                    }
                }
            case UInt8(ascii: "{"):
                offset += 1
                var members: [String: JSONValue] = [:]
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), let name = string() else {
                        return nil
                    }
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return nil }
                    offset += 1
                    guard let member = value(depth: depth + 1) else { return nil }
                    members[name] = member
                    skipSpace()
                    guard offset < bytes.count else { return nil }
                    if bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                    } else if bytes[offset] == UInt8(ascii: "}") {
                        offset += 1
                        return .object(members)
                    } else {
                        return nil
                    }
                }
            default: return number()
            }
        }

        mutating func number() -> JSONValue? {
            let start = offset
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let digitsStart = offset
            while offset < bytes.count, (48...57).contains(bytes[offset]) { offset += 1 }
            guard offset > digitsStart else { return nil }
            if bytes[digitsStart] == 48, offset - digitsStart > 1 { return nil }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                let fraction = offset
                while offset < bytes.count, (48...57).contains(bytes[offset]) { offset += 1 }
                guard offset > fraction else { return nil }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                    offset += 1
                }
                let exponent = offset
                while offset < bytes.count, (48...57).contains(bytes[offset]) { offset += 1 }
                guard offset > exponent else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
            guard let number = Double(text), number.isFinite else { return nil }
            return .number(number)
        }

        /// A string's text, the opening quote at `offset`; `nil` when it is not a JSON string.
        mutating func string() -> String? {
            offset += 1
            var text: [UInt8] = []
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    // Bytes that are not UTF-8 are not a string.
                    guard let string = String(validating: text, as: UTF8.self) else { return nil }
                    return string
                case 0..<0x20: return nil
                case UInt8(ascii: "\\"):
                    guard offset < bytes.count else { return nil }
                    let escape = bytes[offset]
                    offset += 1
                    switch escape {
                    case UInt8(ascii: "\""): text.append(0x22)
                    case UInt8(ascii: "\\"): text.append(0x5C)
                    case UInt8(ascii: "/"): text.append(0x2F)
                    case UInt8(ascii: "b"): text.append(0x08)
                    case UInt8(ascii: "f"): text.append(0x0C)
                    case UInt8(ascii: "n"): text.append(0x0A)
                    case UInt8(ascii: "r"): text.append(0x0D)
                    case UInt8(ascii: "t"): text.append(0x09)
                    case UInt8(ascii: "u"):
                        guard var scalar = hex4() else { return nil }
                        if (0xD800...0xDBFF).contains(scalar) {
                            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                                bytes[offset + 1] == UInt8(ascii: "u")
                            else { return nil }
                            offset += 2
                            guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { return nil }
                        text.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default: return nil
                    }
                default: text.append(byte)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[offset]
                offset += 1
                let digit: UInt32
                switch byte {
                case 48...57: digit = UInt32(byte - 48)
                case 65...70: digit = UInt32(byte - 55)
                case 97...102: digit = UInt32(byte - 87)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
    }
}
