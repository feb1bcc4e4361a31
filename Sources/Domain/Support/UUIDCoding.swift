import Foundation

/// Codes a UUID as its string, exactly as `UUID`'s own `Codable` conformance does, but reads and
/// writes the 36 characters directly instead of through the C library's `sscanf` and `sprintf`:
/// a store holds two UUIDs per project, so this is much of the time of opening and saving one.
enum UUIDCoding {
    /// Decodes a UUID from its string, as `decode(UUID.self)` does, with the same error.
    static func decode(from decoder: any Decoder) throws -> UUID {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let uuid = parse(text) ?? UUID(uuidString: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "Attempted to decode UUID from invalid UUID string."))
        }
        return uuid
    }

    /// Encodes `uuid` as its string, as `UUID`'s `encode(to:)` does: upper-case `uuidString`.
    static func encode(_ uuid: UUID, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string(uuid))
    }

    /// The UUID written as `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` in hexadecimal digits of
    /// either case, or `nil`.
    static func parse(_ text: String) -> UUID? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var count = 0
        var high: UInt8?
        var offset = 0
        for character in text.utf8 {
            defer { offset += 1 }
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard offset < 36, let nibble = nibble(character) else { return nil }
            if let first = high {
                bytes[count] = first << 4 | nibble
                count += 1
                high = nil
            } else {
                high = nibble
            }
        }
        guard offset == 36, count == 16 else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// `uuid.uuidString`: upper-case hexadecimal, hyphenated.
    static func string(_ uuid: UUID) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return withUnsafeBytes(of: uuid.uuid) { bytes in
            var text: [UInt8] = []
            text.reserveCapacity(36)
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0x0F)])
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
