import Foundation
import Testing

@testable import ProjectManagerData

@Suite("HMAC-SHA-256")
struct HMACTests {
    struct KnownAnswer: Sendable, CustomTestStringConvertible {
        var name: String
        var key: [UInt8]
        var data: [UInt8]
        /// The code, or its first bytes where the RFC truncates it.
        var code: String
        var testDescription: String { name }
    }

    /// RFC 4231 §4.2–4.8, test cases 1 to 7.
    static let knownAnswers: [KnownAnswer] = [
        KnownAnswer(
            name: "test case 1", key: [UInt8](repeating: 0x0B, count: 20), data: Array("Hi There".utf8),
            code: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        KnownAnswer(
            name: "test case 2, a key shorter than the output", key: Array("Jefe".utf8),
            data: Array("what do ya want for nothing?".utf8),
            code: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        KnownAnswer(
            name: "test case 3", key: [UInt8](repeating: 0xAA, count: 20),
            data: [UInt8](repeating: 0xDD, count: 50),
            code: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        KnownAnswer(
            name: "test case 4", key: Array(1...25), data: [UInt8](repeating: 0xCD, count: 50),
            code: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        KnownAnswer(
            name: "test case 5, truncated to 128 bits", key: [UInt8](repeating: 0x0C, count: 20),
            data: Array("Test With Truncation".utf8), code: "a3b6167473100ee06e0c796c2955552b"),
        KnownAnswer(
            name: "test case 6, a key larger than a block", key: [UInt8](repeating: 0xAA, count: 131),
            data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            code: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        KnownAnswer(
            name: "test case 7, key and data larger than a block", key: [UInt8](repeating: 0xAA, count: 131),
            data: Array(
                ("This is a test using a larger than block-size key and a larger than block-size data."
                    + " The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            code: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test("matches RFC 4231's test cases", arguments: knownAnswers)
    func knownAnswer(_ vector: KnownAnswer) {
        let code = HMAC<SHA256>.authenticationCode(for: vector.data, using: SymmetricKey(data: vector.key))
        #expect(code.description.hasPrefix(vector.code))
        #expect(code.description.count == 64)
    }

    @Test("checks a code in constant time and refuses one with a flipped bit or another key")
    func validation() {
        let key = SymmetricKey(data: Array("Jefe".utf8))
        let message = Array("what do ya want for nothing?".utf8)
        var code = HexBytes.parse("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: key))
        #expect(
            !HMAC<SHA256>.isValidAuthenticationCode(
                code, authenticating: message,
                using: SymmetricKey(data: Array("Jeff".utf8))))
        code[31] ^= 1
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: message, using: key))
        #expect(!HMAC<SHA256>.isValidAuthenticationCode(code.prefix(16), authenticating: message, using: key))
    }

    @Test("gives the published code when the data is fed in pieces")
    func incremental() {
        var hmac = HMAC<SHA256>(key: SymmetricKey(data: Array("Jefe".utf8)))
        hmac.update(data: Array("what do ya ".utf8))
        hmac.update(data: Data("want for nothing?".utf8))
        #expect(hmac.finalize().description == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
