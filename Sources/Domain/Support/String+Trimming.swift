import Foundation

extension String {
    /// The text without the whitespace and line breaks around it: what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` returns, without Foundation's string
    /// bridging, which on Linux copies the text through UTF-16.
    ///
    /// The set is `.whitespacesAndNewlines`': Unicode's White_Space property (general categories
    /// Zs, Zl and Zp, U+0009 to U+000D and U+0085) and U+200B, the zero width space, which was in
    /// Zs when Foundation's tables were made. Scalars are trimmed, as Foundation trims them, not
    /// characters.
    ///
    /// - Complexity: O(*n*) for *n* scalars trimmed; O(1) when there are none.
    var trimmingWhitespace: String {
        // Most text starts and ends with a printable ASCII character other than the space.
        if let head = utf8.first, let tail = utf8.last, (0x21..<0x7F).contains(head), (0x21..<0x7F).contains(tail) {
            return self
        }
        let scalars = unicodeScalars
        let kept = { (scalar: Unicode.Scalar) in !scalar.properties.isWhitespace && scalar != "\u{200B}" }
        guard let first = scalars.firstIndex(where: kept), let last = scalars.lastIndex(where: kept) else { return "" }
        return String(Substring.UnicodeScalarView(scalars[first...last]))
    }
}
