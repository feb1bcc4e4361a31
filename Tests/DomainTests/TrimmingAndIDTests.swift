import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Trimming text and making ids without Foundation's slow paths")
struct TrimmingAndIDTests {
    /// Every White_Space scalar, and others around them: letters, a combining accent (trimmed
    /// scalars, not characters, as Foundation does), an emoji, a control and a zero width no-break
    /// space (which is not whitespace). The zero width space, which Foundation on Linux trims, is
    /// tested on its own.
    static let scalars: [Unicode.Scalar] = [
        "\u{09}", "\u{0A}", "\u{0B}", "\u{0C}", "\u{0D}", " ", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2005}",
        "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "a", "Z", "\u{301}", "é", "😀", "\u{07}",
        "\u{FEFF}", "-",
    ]

    @Test("a title is trimmed of exactly what Foundation's whitespacesAndNewlines trims")
    func trimsAsFoundationDoes() {
        var random = SeededGenerator(seed: 4)
        for _ in 0..<5_000 {
            // Given a random text of those scalars
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                text.append(Self.scalars.randomElement(using: &random) ?? " ")
            }
            let title = String(text)

            // When it is normalized as a title
            let trimmed = ProjectDraft(title: title).normalizedTitle

            // Then it is Foundation's trimming, scalar for scalar
            let expected = title.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(Array(trimmed.unicodeScalars) == Array(expected.unicodeScalars), "\(title.debugDescription)")
        }
    }

    @Test("the zero width space is trimmed, as Foundation's tables have it")
    func trimsZeroWidthSpace() {
        #expect(ProjectDraft(title: "\u{200B} Plan\u{200B}\n").normalizedTitle == "Plan")
        #expect(ProjectDraft(title: "\u{200B}").normalizedTitle.isEmpty)
    }

    @Test("the live environment makes random version 4 UUIDs of the RFC 4122 variant, each new")
    func liveIDsAreRandomVersion4() {
        // When
        let ids = (0..<10_000).map { _ in EngineEnvironment.live.makeID() }

        // Then
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.uuid.6 >> 4 == 4)
            #expect(id.uuid.8 >> 6 == 0b10)
        }
        // And every other bit varies: none is the same in all of them.
        let allOnes = ids.reduce(into: [UInt8](repeating: 0xFF, count: 16)) { bits, id in
            withUnsafeBytes(of: id.uuid) { for index in 0..<16 { bits[index] &= $0[index] } }
        }
        let allZeros = ids.reduce(into: [UInt8](repeating: 0, count: 16)) { bits, id in
            withUnsafeBytes(of: id.uuid) { for index in 0..<16 { bits[index] |= $0[index] } }
        }
        #expect(allOnes == [0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0])
        #expect(
            allZeros == [
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x4F, 0xFF, 0xBF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            ])
    }
}
