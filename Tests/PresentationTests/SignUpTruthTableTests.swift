import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

/// Krello's sign-up truth table: the password's and the confirmation's messages for each of the
/// nine pairs of (empty, invalid, valid) password and (empty, same, different) confirmation.
@Suite("Sign-up truth table")
struct SignUpTruthTableTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var password: String
        var confirmation: String
        var passwordCheck: FieldCheck<PasswordFailure>
        var confirmationCheck: ConfirmationCheck
        /// English and Korean messages: password, confirmation.
        var english: (String, String)
        var korean: (String, String)
        var name: String
        var testDescription: String { name }
    }

    static let required = ("Enter a password.", "비밀번호를 입력하세요.")
    static let invalid = (
        "Invalid password format: use at least 8 characters.",
        "비밀번호 형식이 올바르지 않습니다: 8자 이상 입력하세요."
    )
    static let valid = ("This password can be used.", "사용할 수 있는 비밀번호입니다.")
    static let confirmRequired = ("Enter the password again.", "비밀번호를 한 번 더 입력하세요.")
    static let matches = ("The passwords match.", "비밀번호가 일치합니다.")
    static let mismatch = ("The passwords do not match.", "비밀번호가 일치하지 않습니다.")

    static func row(
        _ name: String, _ password: String, _ confirmation: String, _ passwordCheck: FieldCheck<PasswordFailure>,
        _ confirmationCheck: ConfirmationCheck, _ first: (String, String), _ second: (String, String)
    ) -> Row {
        Row(
            password: password, confirmation: confirmation, passwordCheck: passwordCheck,
            confirmationCheck: confirmationCheck, english: (first.0, second.0), korean: (first.1, second.1),
            name: name)
    }

    static let short = FieldCheck<PasswordFailure>.invalid(.tooShort(minimum: 8))
    static let good = "correct horse"

    static let rows: [Row] = [
        row("empty, empty", "", "", .required, .required, required, confirmRequired),
        // "Same" as an empty password is empty too.
        row("empty, same", "", "", .required, .required, required, confirmRequired),
        row("empty, different", "", "other", .required, .doesNotMatch, required, mismatch),
        row("invalid, empty", "short", "", short, .required, invalid, confirmRequired),
        row("invalid, same", "short", "short", short, .matches, invalid, matches),
        row("invalid, different", "short", "shorter", short, .doesNotMatch, invalid, mismatch),
        row("valid, empty", good, "", .valid, .required, valid, confirmRequired),
        row("valid, same", good, good, .valid, .matches, valid, matches),
        row("valid, different", good, "correct horses", .valid, .doesNotMatch, valid, mismatch),
    ]

    static func localizer(_ language: Language) -> Localizer {
        Localizer(
            locale: Locale(identifier: language == .korean ? "ko_KR" : "en_US"),
            calendar: Calendar(identifier: .gregorian), timeZone: .gmt)
    }

    @Test("each row gives Krello's checks and messages", arguments: rows, Language.allCases)
    func row(_ row: Row, language: Language) {
        let check = SignUpCheck(email: "ada@example.com", password: row.password, confirmation: row.confirmation)
        #expect(check.password == row.passwordCheck)
        #expect(check.confirmation == row.confirmationCheck)
        #expect(check.canSubmit == (row.passwordCheck == .valid && row.confirmationCheck == .matches))
        let localizer = Self.localizer(language)
        let expected = language == .korean ? row.korean : row.english
        #expect(localizer(.account(.password(check.password))) == expected.0)
        #expect(localizer(.account(.confirmation(check.confirmation))) == expected.1)
    }

    @Test(
        "the email's messages, in both languages",
        arguments: [
            ("", "Enter your email.", "이메일을 입력하세요."),
            (
                "ada.example.com", "Invalid email format: it needs an @, as in name@example.com.",
                "이메일 형식이 올바르지 않습니다: name@example.com처럼 @가 있어야 합니다."
            ),
            (
                "ada@localhost", "Invalid email format: the part after the @ needs a dot, as in example.com.",
                "이메일 형식이 올바르지 않습니다: @ 뒤에는 example.com처럼 점이 있어야 합니다."
            ),
            ("ada@example.com", "This email can be used.", "사용할 수 있는 이메일입니다."),
        ])
    func email(text: String, english: String, korean: String) {
        let check = SignUpCheck.check(email: text)
        #expect(Self.localizer(.english)(.account(.email(check))) == english)
        #expect(Self.localizer(.korean)(.account(.email(check))) == korean)
    }

    @Test(
        "a password that breaks a NIST rule says which, in both languages",
        arguments: [
            (
                "ada@example.com", "Invalid password format: do not use your email.",
                "비밀번호 형식이 올바르지 않습니다: 이메일과 다른 비밀번호를 쓰세요."
            ),
            (
                "password1", "Invalid password format: this password is too common; choose a less common one.",
                "비밀번호 형식이 올바르지 않습니다: 너무 흔한 비밀번호입니다. 다른 비밀번호를 고르세요."
            ),
        ])
    func passwordRule(password: String, english: String, korean: String) {
        let check = SignUpCheck(email: "ada@example.com", password: password, confirmation: password)
        #expect(Self.localizer(.english)(.account(.password(check.password))) == english)
        #expect(Self.localizer(.korean)(.account(.password(check.password))) == korean)
        #expect(!check.canSubmit)
    }
}
