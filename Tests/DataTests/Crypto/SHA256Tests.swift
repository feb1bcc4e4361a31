import Foundation
import Testing

@testable import ProjectManagerData

@Suite("SHA-256")
struct SHA256Tests {
    struct KnownAnswer: Sendable, CustomTestStringConvertible {
        var name: String
        var message: [UInt8]
        var digest: String
        var testDescription: String { name }
    }

    /// FIPS 180-4's examples (NIST CSRC "SHA256.pdf", "SHA2_Additional.pdf") and the empty message.
    static let knownAnswers: [KnownAnswer] = [
        KnownAnswer(
            name: "the empty message", message: [],
            digest: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        KnownAnswer(
            name: "\"abc\", one block", message: Array("abc".utf8),
            digest: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        KnownAnswer(
            name: "448 bits, two blocks",
            message: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
            digest: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        KnownAnswer(
            name: "896 bits",
            message: Array(
                ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                    + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8),
            digest: "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        KnownAnswer(
            name: "one byte 0xbd", message: [0xBD],
            digest: "68325720aabd7c82f30f554b313d0570c95accbb7dc4b5aae11204c08ffe732b"),
        KnownAnswer(
            name: "four bytes c98c8e55", message: [0xC9, 0x8C, 0x8E, 0x55],
            digest: "7abc22c0ae5af26ce93dbb94433a0e0b2e119d014f8e7f65bd56c61ccccd9504"),
        KnownAnswer(
            name: "55 zero bytes", message: [UInt8](repeating: 0, count: 55),
            digest: "02779466cdec163811d078815c633f21901413081449002f24aa3e80f0b88ef7"),
        KnownAnswer(
            name: "56 zero bytes", message: [UInt8](repeating: 0, count: 56),
            digest: "d4817aa5497628e7c77e6b606107042bbba3130888c5f47a375e6179be789fbb"),
        KnownAnswer(
            name: "57 zero bytes", message: [UInt8](repeating: 0, count: 57),
            digest: "65a16cb7861335d5ace3c60718b5052e44660726da4cd13bb745381b235a1785"),
        KnownAnswer(
            name: "64 zero bytes", message: [UInt8](repeating: 0, count: 64),
            digest: "f5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b"),
        KnownAnswer(
            name: "1,000 bytes of 0x41", message: [UInt8](repeating: 0x41, count: 1000),
            digest: "c2e686823489ced2017f6059b8b239318b6364f6dcd835d0a519105a1eadd6e4"),
        KnownAnswer(
            name: "1,005 bytes of 0x55", message: [UInt8](repeating: 0x55, count: 1005),
            digest: "f4d62ddec0f3dd90ea1380fa16a5ff8dc4c54b21740650f24afc4120903552b0"),
    ]

    @Test("matches FIPS 180-4's examples", arguments: knownAnswers)
    func knownAnswer(_ vector: KnownAnswer) {
        #expect(SHA256.hash(data: vector.message).description == vector.digest)
    }

    @Test("hashes a million times \"a\" as FIPS 180-4 gives it, fed in uneven pieces")
    func millionA() {
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
        var hasher = SHA256()
        var fed = 0
        while fed < 1_000_000 {
            let count = min(piece.count, 1_000_000 - fed)
            hasher.update(data: piece[..<count])
            fed += count
        }
        #expect(hasher.finalize().description == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(
            SHA256.hash(data: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).description
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("gives the published digest however the message is split, and finalising twice is the same")
    func splitting() {
        let message = Array(
            ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8)
        for first in 0...message.count {
            for second in stride(from: first, through: message.count, by: 13) {
                var hasher = SHA256()
                hasher.update(data: message[..<first])
                hasher.update(data: message[first..<second])
                hasher.update(data: Data(message[second...]))
                #expect(hasher.finalize() == hasher.finalize())
                #expect(
                    hasher.finalize().description
                        == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
                    "split at \(first), \(second)")
            }
        }
    }

    @Test("a digest is 32 bytes, in order, and digests of different messages differ")
    func digestBytes() {
        let digest = SHA256.hash(data: Array("abc".utf8))
        #expect(Array(digest) == HexBytes.parse("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(digest != SHA256.hash(data: Array("abd".utf8)))
    }
}
