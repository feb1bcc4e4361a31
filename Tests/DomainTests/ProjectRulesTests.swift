import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("Project rules")
struct ProjectRulesTests {
    /// A skin-toned thumbs-up: one character, two Unicode scalars.
    static let thumbsUp: Character = "👍🏽"
    /// A family: one character, seven Unicode scalars joined by zero-width joiners.
    static let family: Character = "👨‍👩‍👧‍👦"
    /// An e with a combining acute accent: one character, two scalars.
    static let decomposedE: Character = "e\u{301}"

    // MARK: - Title

    @Test(
        "checks the title",
        arguments: [
            // Required after trimming whitespace.
            ("Write report", []),
            ("x", []),
            ("", [.titleEmpty]),
            (" ", [.titleEmpty]),
            ("   \t  ", [.titleEmpty]),
            ("\n", [.titleEmpty]),
            ("\r\n \t", [.titleEmpty]),
            ("\u{00A0}\u{3000}", [.titleEmpty]),
            ("  Write report  ", []),
            // One line; surrounding line breaks are trimmed away.
            ("Write\nreport", [.titleHasLineBreak]),
            ("Write\r\nreport", [.titleHasLineBreak]),
            ("Write\rreport", [.titleHasLineBreak]),
            ("Write\u{2028}report", [.titleHasLineBreak]),
            ("Write report\n", []),
            ("\nWrite report", []),
            // No control characters other than line breaks, and no bidirectional controls.
            ("Write\treport", [.titleHasInvisibleControls(characters: ["\t"])]),
            ("Bell\u{07}\u{1B}[31m red\u{07}", [.titleHasInvisibleControls(characters: ["\u{07}", "\u{1B}"])]),
            ("Write\u{7F}report", [.titleHasInvisibleControls(characters: ["\u{7F}"])]),
            ("Write\u{9B}report", [.titleHasInvisibleControls(characters: ["\u{9B}"])]),
            ("invoice\u{202E}fdp.exe", [.titleHasInvisibleControls(characters: ["\u{202E}"])]),
            (
                "\u{202A}a\u{202B}b\u{202C}c\u{202D}d",
                [
                    .titleHasInvisibleControls(characters: ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}"])
                ]
            ),
            (
                "\u{2066}a\u{2067}b\u{2068}c\u{2069}",
                [
                    .titleHasInvisibleControls(characters: ["\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"])
                ]
            ),
            ("Arabic \u{0627}\u{0644} and Hebrew \u{05E9}\u{05DC}", []),
            ("mark\u{200E}s and joiners\u{200D}", []),
            ("Write\u{85}report", [.titleHasLineBreak]),
            // At most 100 characters after trimming.
            (String.characters(99), []),
            (String.characters(100), []),
            (String.characters(101), [.titleTooLong(limit: 100)]),
            ("  " + String.characters(100) + "  ", []),
            (String.characters(100, of: thumbsUp), []),
            (String.characters(101, of: thumbsUp), [.titleTooLong(limit: 100)]),
            (String.characters(100, of: family), []),
            (String.characters(101, of: family), [.titleTooLong(limit: 100)]),
            (String.characters(100, of: decomposedE), []),
            (String.characters(101, of: decomposedE), [.titleTooLong(limit: 100)]),
            // Every title rule broken at once, in rule order.
            (String.characters(60) + "\n" + String.characters(60), [.titleHasLineBreak, .titleTooLong(limit: 100)]),
            (
                String.characters(60) + "\n\u{202E}" + String.characters(60),
                [
                    .titleHasLineBreak, .titleHasInvisibleControls(characters: ["\u{202E}"]), .titleTooLong(limit: 100),
                ]
            ),
        ] as [(String, [ValidationFailure])])
    func titleRules(title: String, expected: [ValidationFailure]) {
        #expect(ProjectRules.failures(title: title) == expected)
        #expect(ProjectDraft(title: title).failures == expected)
    }

    @Test(
        "a printable ASCII title, read byte by byte, breaks the rules the general check finds",
        arguments: [
            "", " ", "  a", "a  ", String(repeating: " ", count: 150), "  " + String.characters(100) + " ",
            " " + String.characters(101), String.characters(50) + "   " + String.characters(47),
            String.characters(50) + "   " + String.characters(48), "~!@#$%^&*()_+{}|:\"<>?`-=[];',./",
        ])
    func printableASCIIAgreesWithGeneralRules(title: String) {
        // The general rules, spelled out: trim, then line breaks, then length in characters
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        var expected: [ValidationFailure] = []
        if trimmed.isEmpty { expected.append(.titleEmpty) }
        if trimmed.count > ProjectRules.titleLimit { expected.append(.titleTooLong(limit: ProjectRules.titleLimit)) }

        #expect(ProjectRules.failures(title: title) == expected)
        // The same title with one non-ASCII character appended takes the general path
        #expect(ProjectRules.failures(title: title + "\u{00A0}") == expected)
    }

    @Test(
        "a body of more bytes than the limit is still counted in characters",
        arguments: [
            (String.characters(1_000, of: thumbsUp), []),
            (String.characters(1_001, of: thumbsUp), [.bodyTooLong(limit: 1_000)]),
            (String(repeating: "\r\n", count: 1_000), []),
            (String.characters(1_001), [.bodyTooLong(limit: 1_000)]),
        ] as [(String, [ValidationFailure])])
    func bodyLengthInCharacters(body: String, expected: [ValidationFailure]) {
        #expect(ProjectRules.failures(body: body) == expected)
    }

    @Test("counts a title's length in characters as the user sees them, not in scalars or bytes")
    func countsGraphemeClusters() {
        // Given a title of 100 family emoji: 700 scalars, 2,500 UTF-8 bytes
        let title = String.characters(100, of: Self.family)
        #expect(title.unicodeScalars.count == 700)

        // Then
        #expect(ProjectRules.failures(title: title).isEmpty)
    }

    @Test("trims the title it saves, but keeps inner spaces")
    func normalizesTitle() {
        #expect(ProjectDraft(title: "  Write  report \n").normalizedTitle == "Write  report")
    }

    // MARK: - Body

    @Test(
        "checks that the body has at most 1,000 characters",
        arguments: [
            ("", []),
            ("Some notes\nover two lines", []),
            (String.characters(999), []),
            (String.characters(1_000), []),
            (String.characters(1_001), [.bodyTooLong(limit: 1_000)]),
            (String.characters(1_000, of: family), []),
            (String.characters(1_001, of: family), [.bodyTooLong(limit: 1_000)]),
            (String.characters(1_000, of: "\n"), []),
            (String.characters(1_001, of: " "), [.bodyTooLong(limit: 1_000)]),
        ] as [(String, [ValidationFailure])])
    func bodyRules(body: String, expected: [ValidationFailure]) {
        #expect(ProjectRules.failures(body: body) == expected)
        #expect(ProjectDraft(title: "Title", body: body).failures == expected)
    }

    // MARK: - Deadline

    @Test(
        "checks that the deadline is a day of the calendar",
        arguments: [
            (nil, []),
            (Day(year: 2026, month: 3, day: 14), []),
            (Day(year: 2028, month: 2, day: 29), []),
            (Day(year: 2000, month: 2, day: 29), []),
            (Day(year: 2026, month: 2, day: 28), []),
            (Day(year: 2026, month: 4, day: 30), []),
            (Day(year: 2026, month: 2, day: 29), [.deadlineNotADay(Day(year: 2026, month: 2, day: 29))]),
            (Day(year: 2100, month: 2, day: 29), [.deadlineNotADay(Day(year: 2100, month: 2, day: 29))]),
            (Day(year: 2026, month: 4, day: 31), [.deadlineNotADay(Day(year: 2026, month: 4, day: 31))]),
            (Day(year: 2026, month: 13, day: 1), [.deadlineNotADay(Day(year: 2026, month: 13, day: 1))]),
            (Day(year: 2026, month: 1, day: 0), [.deadlineNotADay(Day(year: 2026, month: 1, day: 0))]),
            (Day(year: 0, month: 1, day: 1), [.deadlineNotADay(Day(year: 0, month: 1, day: 1))]),
        ] as [(Day?, [ValidationFailure])])
    func deadlineRules(deadline: Day?, expected: [ValidationFailure]) {
        #expect(ProjectRules.failures(deadline: deadline) == expected)
        #expect(ProjectDraft(title: "Title", deadline: deadline).failures == expected)
    }

    // MARK: - All at once

    @Test(
        "reports every broken rule at once, in field order: title, body, deadline",
        arguments: [
            (
                ProjectDraft(title: " ", body: String.characters(1_001), deadline: Day(year: 2026, month: 2, day: 29)),
                [.titleEmpty, .bodyTooLong(limit: 1_000), .deadlineNotADay(Day(year: 2026, month: 2, day: 29))]
            ),
            (
                ProjectDraft(
                    title: "a\n" + String.characters(100), body: String.characters(1_001),
                    deadline: Day(year: 2026, month: 4, day: 31)),
                [
                    .titleHasLineBreak, .titleTooLong(limit: 100), .bodyTooLong(limit: 1_000),
                    .deadlineNotADay(Day(year: 2026, month: 4, day: 31)),
                ]
            ),
            (
                ProjectDraft(title: "", deadline: Day(year: 2026, month: 4, day: 31)),
                [.titleEmpty, .deadlineNotADay(Day(year: 2026, month: 4, day: 31))]
            ),
            (
                ProjectDraft(
                    title: "Fine", body: String.characters(1_001), deadline: Day(year: 2028, month: 2, day: 29)),
                [.bodyTooLong(limit: 1_000)]
            ),
            (
                ProjectDraft(
                    title: "Fine", body: String.characters(1_000), deadline: Day(year: 2028, month: 2, day: 29)),
                []
            ),
        ] as [(ProjectDraft, [ValidationFailure])])
    func reportsEveryFailureInFieldOrder(draft: ProjectDraft, expected: [ValidationFailure]) {
        // When
        let failures = draft.failures

        // Then
        #expect(failures == expected)
        #expect(failures.map(\.field) == failures.map(\.field).sorted { $0.order < $1.order })
    }

    @Test(
        "names the field each failure belongs to",
        arguments: [
            (ValidationFailure.titleEmpty, ValidationFailure.Field.title),
            (.titleHasLineBreak, .title),
            (.titleHasInvisibleControls(characters: ["\u{202E}"]), .title),
            (.titleTooLong(limit: 100), .title),
            (.bodyTooLong(limit: 1_000), .body),
            (.deadlineNotADay(Day(year: 2026, month: 2, day: 30)), .deadline),
        ])
    func failureFields(failure: ValidationFailure, field: ValidationFailure.Field) {
        #expect(failure.field == field)
    }

    @Test("says what to fix, and joins every failure into one message")
    func describesFailures() {
        // Given
        let error = ValidationError([.titleEmpty, .deadlineNotADay(Day(year: 2026, month: 2, day: 30))])

        // Then
        #expect(ValidationFailure.titleTooLong(limit: 100).description.contains("100"))
        #expect(
            ValidationFailure.titleHasInvisibleControls(characters: ["\u{07}", "\u{202E}"]).description
                == "the title holds invisible control characters (U+0007, U+202E): remove them")
        #expect(ValidationFailure.bodyTooLong(limit: 1_000).description.contains("1000"))
        #expect(
            error.description
                == "the title is empty: give it a title; the deadline 2026-02-30 is not a day of the calendar")
    }
}

extension ValidationFailure.Field {
    /// The field's place in the form.
    var order: Int {
        ValidationFailure.Field.allCases.firstIndex(of: self) ?? .max
    }
}
