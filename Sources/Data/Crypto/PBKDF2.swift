import Foundation

/// PBKDF2 (RFC 8018 §5.2) with HMAC-SHA-256 as its pseudorandom function.
///
/// ```swift
/// let key = PBKDF2.deriveKeyUsingHMACSHA256(
///     from: Array("passwd".utf8), salt: Array("salt".utf8), rounds: 1, outputByteCount: 64)
/// // 55ac046e…d3a19783 (RFC 7914 §11)
/// ```
/// Each round is two SHA-256 compressions from the precomputed keyed inner and outer states, over
/// words kept on the stack: a round allocates nothing.
package enum PBKDF2 {
    /// The key derived from `password` and `salt` in `rounds` rounds, `outputByteCount` bytes long.
    ///
    /// - Precondition: `rounds` and `outputByteCount` are positive.
    /// - Complexity: O(*rounds* × ⌈*outputByteCount* / 32⌉) SHA-256 compressions.
    package static func deriveKeyUsingHMACSHA256(
        from password: some DataProtocol, salt: some DataProtocol, rounds: Int, outputByteCount: Int
    ) -> SymmetricKey {
        precondition(rounds > 0, "PBKDF2 needs at least one round")
        precondition(outputByteCount > 0, "PBKDF2 needs a positive output length")
        let keyed = KeyedStates(password: Array(password))
        let saltBytes = Array(salt)
        var output = [UInt8]()
        output.reserveCapacity(outputByteCount)
        var blockIndex: UInt32 = 1
        while output.count < outputByteCount {
            let block = keyed.block(blockIndex, salt: saltBytes, rounds: rounds)
            output.append(contentsOf: block.prefix(outputByteCount - output.count))
            blockIndex += 1
        }
        return SymmetricKey(data: output)
    }
}

/// HMAC-SHA-256's inner and outer hashes after the key's block, computed once per derivation.
private struct KeyedStates {
    var inner = SHA256Core()
    var outer = SHA256Core()

    init(password: [UInt8]) {
        var key = password.count > SHA256.blockByteCount ? Array(SHA256.hash(data: password)) : password
        key.append(contentsOf: repeatElement(0, count: SHA256.blockByteCount - key.count))
        let innerPad = key.map { $0 ^ 0x36 }
        let outerPad = key.map { $0 ^ 0x5C }
        SHA256Core.withSchedule { schedule in
            innerPad.withUnsafeBytes { if let base = $0.baseAddress { inner.compress(base, schedule) } }
            outerPad.withUnsafeBytes { if let base = $0.baseAddress { outer.compress(base, schedule) } }
        }
    }

    /// T_i = U_1 ⊕ U_2 ⊕ … ⊕ U_c, where U_1 = HMAC(P, S ‖ INT(i)) and U_j = HMAC(P, U_{j−1}).
    func block(_ index: UInt32, salt: [UInt8], rounds: Int) -> [UInt8] {
        var first = SHA256(afterOneBlock: inner)
        first.update(data: salt)
        first.update(data: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: index >> $0) })
        var firstOuter = SHA256(afterOneBlock: outer)
        firstOuter.update(data: Array(first.finalize()))
        var u = firstOuter.finalState()
        var sum = u
        SHA256Core.withSchedule { schedule in
            // A 32-byte message after a 64-byte key block: the words of U, 0x80, zeros, and the
            // length 768 bits. Words 8 to 15 never change; compressing leaves 0 to 15 as they are.
            for index in 8..<16 { schedule[index] = 0 }
            schedule[8] = 0x8000_0000
            schedule[15] = 768
            for _ in 1..<rounds {
                var hash = inner
                u.store(into: schedule)
                hash.compressSchedule(schedule)
                hash.store(into: schedule)
                u = outer
                u.compressSchedule(schedule)
                sum.h0 ^= u.h0
                sum.h1 ^= u.h1
                sum.h2 ^= u.h2
                sum.h3 ^= u.h3
                sum.h4 ^= u.h4
                sum.h5 ^= u.h5
                sum.h6 ^= u.h6
                sum.h7 ^= u.h7
            }
        }
        return Array(SHA256Digest(sum))
    }
}
