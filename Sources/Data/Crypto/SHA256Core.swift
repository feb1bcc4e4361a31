/// The SHA-256 chaining value and compression function (FIPS 180-4 §6.2.2), shared by ``SHA256``
/// and the allocation-free inner loop of ``PBKDF2``.
struct SHA256Core: Sendable, Equatable {
    var h0: UInt32 = 0x6A09_E667
    var h1: UInt32 = 0xBB67_AE85
    var h2: UInt32 = 0x3C6E_F372
    var h3: UInt32 = 0xA54F_F53A
    var h4: UInt32 = 0x510E_527F
    var h5: UInt32 = 0x9B05_688C
    var h6: UInt32 = 0x1F83_D9AB
    var h7: UInt32 = 0x5BE0_CD19

    /// Runs `body` with a 64-word message schedule on the stack.
    @inline(__always)
    static func withSchedule<Result>(_ body: (UnsafeMutableBufferPointer<UInt32>) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { try body($0) }
    }

    /// Compresses the 64 bytes at `block`, read as sixteen big-endian words.
    @inline(__always)
    mutating func compress(_ block: UnsafeRawPointer, _ schedule: UnsafeMutableBufferPointer<UInt32>) {
        for index in 0..<16 {
            schedule[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
        }
        compressSchedule(schedule)
    }

    /// Compresses the block whose sixteen words are already in `schedule[0..<16]`, which it leaves
    /// unchanged (it writes only words 16 to 63).
    @inline(__always)
    mutating func compressSchedule(_ w: UnsafeMutableBufferPointer<UInt32>) {
        for t in 16..<64 {
            let w15 = w[t - 15]
            let w2 = w[t - 2]
            let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
            let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
        Self.roundConstants.withUnsafeBufferPointer { k in
            for t in 0..<64 {
                let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                let choice = (e & f) ^ (~e & g)
                let temp1 = h &+ sum1 &+ choice &+ k[t] &+ w[t]
                let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let temp2 = sum0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
            }
        }
        h0 &+= a
        h1 &+= b
        h2 &+= c
        h3 &+= d
        h4 &+= e
        h5 &+= f
        h6 &+= g
        h7 &+= h
    }

    /// Writes the eight words into `words[0..<8]`.
    @inline(__always)
    func store(into words: UnsafeMutableBufferPointer<UInt32>) {
        (words[0], words[1], words[2], words[3]) = (h0, h1, h2, h3)
        (words[4], words[5], words[6], words[7]) = (h4, h5, h6, h7)
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]
}

extension UInt32 {
    @inline(__always)
    func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
