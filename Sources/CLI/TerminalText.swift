import ProjectManager

/// Measuring, cleaning, wrapping and cutting text for a fixed-width terminal.
///
/// Widths are in terminal cells: most characters take one, East Asian wide characters and emoji
/// take two.
enum TerminalText {
    /// The ellipsis that ends cut text.
    static let ellipsis: Character = "…"

    // MARK: - Measuring

    /// The cells `character` takes in a terminal.
    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// The cells `text` takes in a terminal.
    ///
    /// - Complexity: O(*n*) for *n* characters.
    static func width(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    // MARK: - Cleaning

    /// `text` with control characters (escape sequences, tabs, line breaks) and bidirectional
    /// controls (U+202A–U+202E, U+2066–U+2069) replaced, so that a title cannot move the cursor,
    /// change colours or reorder what follows it. The rules refuse them in new titles; older
    /// stores may still hold them.
    static func sanitized(_ text: String, keepingLineBreaks: Bool = false) -> String {
        String(
            text.map { character -> Character in
                if keepingLineBreaks, character.isNewline { return "\n" }
                if character == "\t" { return " " }
                let isControl = character.unicodeScalars.contains(where: ProjectRules.isInvisibleControl)
                return isControl ? "\u{FFFD}" : character
            })
    }

    /// `text` with control characters and bidirectional controls removed, for a format that can
    /// neither show nor escape them (iCalendar forbids controls in its text): line breaks (CR LF,
    /// CR, LF) become `\n`, a tab a space, and DEL, the C1 controls, the other C0 controls and
    /// U+202A–U+202E, U+2066–U+2069 are left out.
    ///
    /// - Complexity: O(*n*) for *n* scalars.
    static func withoutControls(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            defer { afterReturn = scalar == "\r" }
            switch scalar {
            case "\r": kept.append("\n")
            case "\n": if !afterReturn { kept.append("\n") }
            case "\t": kept.append(" ")
            default: if !ProjectRules.isInvisibleControl(scalar) { kept.append(scalar) }
            }
        }
        return String(kept)
    }

    // MARK: - Fitting

    /// `text` cut to at most `width` cells, ending with an ellipsis when something was cut.
    static func truncated(_ text: String, to width: Int) -> String {
        guard self.width(of: text) > width else { return text }
        guard width > 1 else { return width == 1 ? String(ellipsis) : "" }
        return prefix(of: text, width: width - 1).text + String(ellipsis)
    }

    /// `text` followed by spaces up to `width` cells.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - self.width(of: text)))
    }

    /// `text` broken into lines of at most `width` cells at spaces, breaking words longer than a
    /// line; at most `maximumLines` lines, the last ending with an ellipsis when text was left out.
    ///
    /// - Complexity: O(*n*) for *n* characters.
    static func wrapped(_ text: String, width: Int, maximumLines: Int) -> [String] {
        let width = max(width, 2)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            if current.isEmpty, self.width(of: word) <= width {
                current = word
                continue
            }
            if !current.isEmpty, self.width(of: current) + 1 + self.width(of: word) <= width {
                current += " " + word
                continue
            }
            if !current.isEmpty {
                lines.append(current)
                current = ""
            }
            while self.width(of: word) > width {
                var head = prefix(of: word, width: width)
                if head.text.isEmpty {
                    // A character wider than the line: give it a line of its own anyway.
                    head = (String(word.prefix(1)), String(word.dropFirst()))
                }
                lines.append(head.text)
                word = head.rest
            }
            current = word
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maximumLines, maximumLines > 0 else { return lines }
        var kept = Array(lines.prefix(maximumLines))
        let last = kept[maximumLines - 1]
        kept[maximumLines - 1] =
            self.width(of: last) < width
            ? last + String(ellipsis)
            : truncated(last + " " + String(ellipsis), to: width)
        return kept
    }

    /// The longest start of `text` that fits in `width` cells, and what is left.
    private static func prefix(of text: String, width: Int) -> (text: String, rest: String) {
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            let next = self.width(of: text[end])
            guard used + next <= width else { break }
            used += next
            end = text.index(after: end)
        }
        return (String(text[..<end]), String(text[end...]))
    }
}
