import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("CRC-32C")
struct CRC32CTests {
    struct KnownAnswer: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var checksum: UInt32
        var testDescription: String { name }

        init(_ name: String, _ bytes: [UInt8], _ checksum: UInt32) {
            self.name = name
            self.bytes = bytes
            self.checksum = checksum
        }
    }

    /// Published check values: the CRC catalogue's "123456789" and RFC 3720's iSCSI vectors.
    static let knownAnswers: [KnownAnswer] = [
        KnownAnswer("no bytes", [], 0),
        KnownAnswer("123456789", Array("123456789".utf8), 0xE306_9283),
        KnownAnswer("32 zero bytes", [UInt8](repeating: 0, count: 32), 0x8A91_36AA),
        KnownAnswer("32 bytes of 0xFF", [UInt8](repeating: 0xFF, count: 32), 0x62A8_AB43),
        KnownAnswer("0 to 31", (0..<32).map { UInt8($0) }, 0x46DD_794E),
        KnownAnswer("31 down to 0", (0..<32).reversed().map { UInt8($0) }, 0x113F_DB5C),
        KnownAnswer("the quick brown fox", Array("The quick brown fox jumps over the lazy dog".utf8), 0x2262_0404),
    ]

    @Test("matches the published check values", arguments: knownAnswers)
    func knownAnswer(_ vector: KnownAnswer) {
        #expect(CRC32C.checksum(of: Data(vector.bytes)) == vector.checksum)
    }

    @Test("gives the same checksum however the bytes are split")
    func splitting() {
        let bytes = Data("The quick brown fox jumps over the lazy dog".utf8)
        for split in 0...bytes.count {
            var crc = CRC32C()
            crc.update(bytes.prefix(split))
            crc.update(bytes.dropFirst(split))
            #expect(crc.value == 0x2262_0404, "split at \(split)")
        }
    }

    @Test("agrees with a bit-at-a-time reference at every length and alignment")
    func matchesReference() {
        var generator = SeededGenerator(seed: 32)
        let bytes = Data((0..<300).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        for start in 0..<8 {
            for end in stride(from: start, through: bytes.count, by: 7) {
                let slice = bytes[start..<end]
                #expect(CRC32C.checksum(of: slice) == Self.reference(slice), "bytes \(start)..<\(end)")
                var tables = CRC32C()
                slice.withUnsafeBytes { tables.updateInSoftware($0) }
                #expect(tables.value == Self.reference(slice), "bytes \(start)..<\(end), with the tables")
            }
        }
    }

    /// Every x86-64 processor since 2008 has SSE 4.2, and Apple's arm64 targets have the CRC
    /// extension: there the checksums take the processor's instruction, which the test above then
    /// checks against the reference, as it checks the tables. (Elsewhere, Linux on ARM among
    /// them, the tables are used, and this test has nothing to check.)
    @Test("uses the processor's CRC-32C instruction where it has one")
    func hardware() {
        #if arch(x86_64) || (arch(arm64) && canImport(Darwin))
            #expect(CRC32C.inHardware)
        #endif
    }

    /// CRC-32C computed one bit at a time, straight from the definition.
    private static func reference(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
            }
        }
        return ~crc
    }
}
