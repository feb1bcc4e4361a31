import Testing

@testable import ProjectManagerCLI

@Suite("fitting text to a terminal")
struct TerminalTextTests {
    @Test(
        "wide characters take two cells",
        arguments: [
            ("abc", 3), ("日本語", 6), ("한국", 4), ("👍", 2), ("é", 1), ("", 0),
        ])
    func width(_ text: String, cells: Int) {
        #expect(TerminalText.width(of: text) == cells)
    }

    @Test(
        "wrapping keeps every line within the width, and ends cut text with an ellipsis",
        arguments: [
            ("a short title", 20, ["a short title"]),
            ("one two three four", 9, ["one two", "three", "four"]),
            ("one two three four five six", 9, ["one two", "three", "four fiv…"]),
            ("abcdefghijklmnop", 6, ["abcdef", "ghijkl", "mnop"]),
            ("日本語のタイトル", 6, ["日本語", "のタイ", "トル"]),
            ("   spaced   out   ", 20, ["spaced out"]),
        ])
    func wrapping(_ text: String, width: Int, lines: [String]) {
        let wrapped = TerminalText.wrapped(text, width: width, maximumLines: 3)
        #expect(wrapped == lines)
        #expect(wrapped.allSatisfy { TerminalText.width(of: $0) <= width })
    }

    @Test(
        "truncating cuts to the width and adds an ellipsis only when something is cut",
        arguments: [
            ("short", 10, "short"),
            ("exactly10!", 10, "exactly10!"),
            ("a bit too long", 10, "a bit too…"),
            ("日本語のタイトル", 7, "日本語…"),
            ("anything", 1, "…"),
        ])
    func truncating(_ text: String, width: Int, expected: String) {
        #expect(TerminalText.truncated(text, to: width) == expected)
    }
}
