import CRC32CHardware
import Foundation

/// A running CRC-32C (Castagnoli) checksum, the one iSCSI, ext4 and SQLite's WAL use.
///
/// Feed it bytes in as many pieces as you like; ``value`` is the checksum of everything fed so far.
/// ```swift
/// var crc = CRC32C()
/// crc.update(Data("1234".utf8))
/// crc.update(Data("56789".utf8))
/// crc.value  // 0xE306_9283
/// ```
/// It uses the processor's CRC-32C instruction where there is one, and otherwise processes eight
/// bytes per step with the slicing-by-8 tables.
package struct CRC32C: Hashable, Sendable {
    /// The register before the final inversion; starts at all ones.
    private var register: UInt32 = 0xFFFF_FFFF

    /// Starts a checksum over no bytes.
    package init() {}

    /// The checksum of all bytes fed so far; 0 when none were.
    package var value: UInt32 { ~register }

    /// The checksum of `bytes` in one call.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package static func checksum(of bytes: Data) -> UInt32 {
        var crc = CRC32C()
        crc.update(bytes)
        return crc.value
    }

    /// Feeds `bytes` into the checksum.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package mutating func update(_ bytes: Data) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Feeds the bytes in `buffer` into the checksum: with the processor's CRC-32C instruction
    /// where it has one (SSE 4.2, ARMv8's CRC), else with the tables.
    ///
    /// - Complexity: O(*n*), where *n* is `buffer.count`.
    package mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard CRC32C.inHardware, let start = buffer.baseAddress else { return updateInSoftware(buffer) }
        register = pm_crc32c_hardware_update(register, start, buffer.count)
    }

    /// Whether ``update(_:)-(UnsafeRawBufferPointer)`` uses the processor's instruction.
    package static let inHardware = pm_crc32c_hardware_available() == 1

    /// Feeds the bytes in `buffer` into the checksum with the slicing-by-8 tables, whatever the
    /// processor has.
    ///
    /// - Complexity: O(*n*), where *n* is `buffer.count`.
    package mutating func updateInSoftware(_ buffer: UnsafeRawBufferPointer) {
        var crc = register
        var index = 0
        let count = buffer.count
        CRC32C.tables.withUnsafeBufferPointer { table in
            while count - index >= 8 {
                let low = crc ^ UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                let high = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                crc =
                    table[7 &* 256 &+ Int(low & 0xFF)]
                    ^ table[6 &* 256 &+ Int((low >> 8) & 0xFF)]
                    ^ table[5 &* 256 &+ Int((low >> 16) & 0xFF)]
                    ^ table[4 &* 256 &+ Int(low >> 24)]
                    ^ table[3 &* 256 &+ Int(high & 0xFF)]
                    ^ table[2 &* 256 &+ Int((high >> 8) & 0xFF)]
                    ^ table[1 &* 256 &+ Int((high >> 16) & 0xFF)]
                    ^ table[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = table[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        register = crc
    }

    // MARK: - Tables

    /// The reversed Castagnoli polynomial 0x1EDC6F41.
    private static let polynomial: UInt32 = 0x82F6_3B78

    /// Eight 256-entry tables, one after the other: table *k* advances a byte through *k* more
    /// zero bytes, so eight bytes can be folded in one step.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1
            }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
