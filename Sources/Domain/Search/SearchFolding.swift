import Foundation

/// How text is folded for search: the one rule both a query and a title or body go through.
///
/// Each character (grapheme cluster) of the text becomes one *unit* of folded Unicode scalars:
/// - compatibility-decomposed (NFKD), so that full-width `Ａ` is `A` and half-width `ｶ` is `カ`;
/// - without nonspacing marks, so that `é` is `e` (diacritic-insensitive);
/// - lowercased, with `ß` as `ss` (case-insensitive);
/// - with Hangul jamo composed back into syllables, so that a decomposed (NFD) `보` and a composed
///   (NFC) `보` fold alike, and a lone compatibility consonant `ㅂ` is the leading consonant `ᄇ`.
///
/// A character that would fold to nothing (a combining mark on its own) keeps its scalars, so that
/// unit *i* is always character *i* of the original text.
enum SearchFolding {
    /// Appends the folded scalars of `character` to `scalars`.
    static func fold(_ character: Character, into scalars: inout [Unicode.Scalar]) {
        let original = character.unicodeScalars
        if original.count == 1, let only = original.first {
            if only.isASCII {
                scalars.append(asciiLowercase(only))
                return
            }
            if Hangul.isSyllable(only.value) {
                scalars.append(only)
                return
            }
        }
        let start = scalars.count
        for scalar in String(character).decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar.isASCII {
                scalars.append(asciiLowercase(scalar))
            } else if scalar == "ß" || scalar == "ẞ" {
                scalars.append(contentsOf: ["s", "s"])
            } else if scalar.properties.changesWhenLowercased {
                scalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        Hangul.compose(&scalars, from: start)
        if scalars.count == start { scalars.append(contentsOf: original) }
    }

    private static func asciiLowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
    }

    /// Whether a folded scalar belongs to a word, for telling whole words and prefixes apart.
    static func isWordScalar(_ value: UInt32) -> Bool {
        if value < 0x80 {
            return (0x30...0x39).contains(value) || (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value)
        }
        if Hangul.isSyllable(value) { return true }
        guard let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}

/// The arithmetic of Hangul syllables (Unicode §3.12).
enum Hangul {
    static let syllableBase: UInt32 = 0xAC00
    static let syllableCount: UInt32 = 11_172
    static let leadingBase: UInt32 = 0x1100
    static let vowelBase: UInt32 = 0x1161
    static let trailingBase: UInt32 = 0x11A7
    static let vowelCount: UInt32 = 21
    static let trailingCount: UInt32 = 28

    static func isSyllable(_ value: UInt32) -> Bool {
        value &- syllableBase < syllableCount
    }

    /// Whether `value` is a leading consonant (choseong) jamo.
    static func isLeading(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value)
    }

    /// The leading consonant of a syllable, or the consonant itself; `nil` for anything else.
    static func initial(of value: UInt32) -> UInt32? {
        if isSyllable(value) { return leadingBase + (value - syllableBase) / (vowelCount * trailingCount) }
        return isLeading(value) ? value : nil
    }

    /// Composes modern leading consonant + vowel (+ trailing consonant) runs from `start` on.
    static func compose(_ scalars: inout [Unicode.Scalar], from start: Int) {
        var read = start
        var write = start
        while read < scalars.count {
            let leading = scalars[read]
            let l = leading.value
            if read + 1 < scalars.count, (0x1100...0x1112).contains(l),
                case let v = scalars[read + 1].value, (0x1161...0x1175).contains(v)
            {
                var value = syllableBase + ((l - leadingBase) * vowelCount + (v - vowelBase)) * trailingCount
                read += 2
                if read < scalars.count, case let t = scalars[read].value, (0x11A8...0x11C2).contains(t) {
                    value += t - trailingBase
                    read += 1
                }
                scalars[write] = Unicode.Scalar(value) ?? leading
            } else {
                scalars[write] = scalars[read]
                read += 1
            }
            write += 1
        }
        scalars.removeSubrange(write...)
    }
}
