import Foundation

/// SHA-1 (FIPS 180-4 §6.1), for git's object ids only: it names content, it protects nothing.
///
/// ```swift
/// SHA1.hexDigest(of: Data("abc".utf8))   // "a9993e364706816aba3e25717850c26c9cd0d89d"
/// ```
enum SHA1 {
    /// The digest of `data`, as 40 lowercase hexadecimal digits.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    static func hexDigest(of data: Data) -> String {
        var message = [UInt8](data)
        let bitCount = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            message.append(UInt8(truncatingIfNeeded: bitCount >> shift))
        }

        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
        )
        var w = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: message.count, by: 64) {
            for index in 0..<16 {
                let offset = blockStart + 4 * index
                w[index] =
                    UInt32(message[offset]) << 24 | UInt32(message[offset + 1]) << 16 | UInt32(message[offset + 2]) << 8
                    | UInt32(message[offset + 3])
            }
            for index in 16..<80 {
                w[index] = (w[index - 3] ^ w[index - 8] ^ w[index - 14] ^ w[index - 16]).rotatedLeft(1)
            }
            var (a, b, c, d, e) = h
            for index in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch index {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = a.rotatedLeft(5) &+ f &+ e &+ k &+ w[index]
                (e, d, c, b, a) = (d, c, b.rotatedLeft(30), a, temp)
            }
            h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        }
        return [h.0, h.1, h.2, h.3, h.4].map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }
}

extension UInt32 {
    fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { (self << count) | (self >> (32 - count)) }
}

/// Git's ids for what a repository holds.
enum GitObjectID {
    /// The id git gives a file with these bytes: the SHA-1 of `blob SIZE\0` and the bytes.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    static func blob(_ content: Data) -> String {
        var object = Data("blob \(content.count)\0".utf8)
        object.append(content)
        return SHA1.hexDigest(of: object)
    }

    /// Whether `text` is an id as git writes one: 40 lowercase hexadecimal digits.
    static func isValid(_ text: String) -> Bool {
        text.utf8.count == 40 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
