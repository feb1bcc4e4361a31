import ProjectManagerDomain
import Testing

@Suite("Password rules (NIST SP 800-63B)")
struct PasswordRulesTests {
    static let email = "ada.lovelace@example.com"

    @Test(
        "accepts any characters, spaces and no composition rules, from 8 to 256 characters",
        arguments: [
            "eightchr",
            "correct horse battery staple",
            "all lowercase letters only",
            "        spaces count too",
            "비밀번호는여덟글자",
            "👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽",
            String(repeating: "x", count: 64),
            String(repeating: "y", count: 256),
        ])
    func accepted(password: String) {
        #expect(PasswordRules.failure(in: password, email: Self.email) == nil)
    }

    @Test(
        "refuses each broken rule with that rule",
        arguments: [
            ("", PasswordFailure.empty),
            ("short", .tooShort(minimum: 8)),
            ("seven77", .tooShort(minimum: 8)),
            (String(repeating: "z", count: 257), .tooLong(maximum: 256)),
            ("ada.lovelace@example.com", .sameAsEmail),
            ("ADA.LOVELACE@EXAMPLE.COM", .sameAsEmail),
            ("ada.lovelace", .sameAsEmail),
            ("password", .common),
            ("Password1", .common),
            ("iloveyou", .common),
            ("12345678", .common),
            ("qwertyuiop", .common),
        ])
    func refused(password: String, failure: PasswordFailure) {
        #expect(PasswordRules.failure(in: password, email: Self.email) == failure)
    }

    @Test("length is counted in characters as the user sees them, not in bytes or scalars")
    func characters() {
        // Seven grapheme clusters: 28 UTF-8 bytes, 14 scalars.
        let sevenEmoji = String(repeating: "👍🏽", count: 7)
        #expect(sevenEmoji.utf8.count > 8)
        #expect(PasswordRules.failure(in: sevenEmoji, email: Self.email) == .tooShort(minimum: 8))
        // "é" as e + combining acute is one character.
        let decomposed = String(repeating: "e\u{301}", count: 8)
        #expect(PasswordRules.failure(in: decomposed, email: Self.email) == nil)
    }

    @Test("the bundled common-password list holds Django's passwords of 8 or more characters")
    func list() {
        #expect(CommonPasswords.count == 8_354)
        #expect(CommonPasswords.contains("PASSWORD"))
        #expect(!CommonPasswords.contains("correct horse battery staple"))
        // The resource's first and last lines, and one that starts like a comment would.
        #expect(CommonPasswords.contains("123456789") && CommonPasswords.contains("fallen_angel"))
        #expect(CommonPasswords.contains("#1stunna"))
    }
}
