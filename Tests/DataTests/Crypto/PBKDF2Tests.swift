import Foundation
import Testing

@testable import ProjectManagerData

@Suite("PBKDF2-HMAC-SHA-256")
struct PBKDF2Tests {
    struct KnownAnswer: Sendable, CustomTestStringConvertible {
        var password: String
        var salt: String
        var rounds: Int
        var key: String
        var testDescription: String { "P=\(password), S=\(salt), c=\(rounds)" }
    }

    /// RFC 7914 §11, the two PBKDF2-HMAC-SHA256 vectors (64-byte keys: two blocks each).
    static let knownAnswers: [KnownAnswer] = [
        KnownAnswer(
            password: "passwd", salt: "salt", rounds: 1,
            key: """
                55 ac 04 6e 56 e3 08 9f ec 16 91 c2 25 44 b6 05 f9 41 85 21 6d de 04 65 e6 8b 9d 57 c2 0d ac bc \
                49 ca 9c cc f1 79 b6 45 99 16 64 b3 9d 77 ef 31 7c 71 b8 45 b1 e3 0b d5 09 11 20 41 d3 a1 97 83
                """),
        KnownAnswer(
            password: "Password", salt: "NaCl", rounds: 80_000,
            key: """
                4d dc d8 f6 0b 98 be 21 83 0c ee 5e f2 27 01 f9 64 1a 44 18 d0 4c 04 14 ae ff 08 87 6b 34 ab 56 \
                a1 d4 25 a1 22 58 33 54 9a db 84 1b 51 c9 b3 17 6a 27 2b de bb a1 d0 78 47 8f 62 b3 97 f3 3c 8d
                """),
    ]

    @Test("matches RFC 7914's vectors", arguments: knownAnswers)
    func knownAnswer(_ vector: KnownAnswer) {
        let key = PBKDF2.deriveKeyUsingHMACSHA256(
            from: Array(vector.password.utf8), salt: Array(vector.salt.utf8), rounds: vector.rounds,
            outputByteCount: 64)
        #expect(key == SymmetricKey(data: HexBytes.parse(vector.key)))
    }

    @Test("a shorter key is the published key's prefix, and a key longer than the block size hashes first")
    func lengths() {
        let expected = HexBytes.parse("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9c")
        let short = PBKDF2.deriveKeyUsingHMACSHA256(
            from: Array("passwd".utf8), salt: Array("salt".utf8), rounds: 1, outputByteCount: expected.count)
        #expect(short == SymmetricKey(data: expected))
        // A password longer than 64 bytes is replaced by its SHA-256, as HMAC's key is.
        let long = [UInt8](repeating: 0x61, count: 100)
        let hashed = Array(SHA256.hash(data: long))
        #expect(
            PBKDF2.deriveKeyUsingHMACSHA256(from: long, salt: [1, 2], rounds: 3, outputByteCount: 32)
                == PBKDF2.deriveKeyUsingHMACSHA256(from: hashed, salt: [1, 2], rounds: 3, outputByteCount: 32))
    }
}

@Suite("Constant-time comparison, keys and random bytes")
struct ConstantTimeTests {
    @Test("equal bytes are equal; one differing bit anywhere, or another length, is not")
    func comparison() {
        let bytes = (0..<40).map { UInt8($0) }
        #expect(ConstantTime.isEqual(bytes, bytes))
        #expect(ConstantTime.isEqual([UInt8](), [UInt8]()))
        for index in bytes.indices {
            var other = bytes
            other[index] ^= 0x80
            #expect(!ConstantTime.isEqual(bytes, other), "bit flipped at \(index)")
        }
        #expect(!ConstantTime.isEqual(bytes, Array(bytes.dropLast())))
    }

    @Test("a key never prints its bytes")
    func redaction() {
        let key = SymmetricKey(data: Array("hunter2hunter2".utf8))
        var dumped = ""
        dump(key, to: &dumped)
        for text in [key.description, "\(key)", String(reflecting: key), dumped] {
            #expect(!text.contains("hunter2"))
            #expect(!text.contains("68756e74"))
        }
        #expect(key.bitCount == 112)
    }

    @Test("random salts have the length asked for and differ")
    func randomBytes() {
        let salts = (0..<16).map { _ in SecureRandom.bytes(count: 16) }
        #expect(salts.allSatisfy { $0.count == 16 })
        #expect(Set(salts).count == salts.count)
        #expect(SecureRandom.bytes(count: 5).count == 5)
        #expect(SymmetricKey(byteCount: 32).bitCount == 256)
    }
}
