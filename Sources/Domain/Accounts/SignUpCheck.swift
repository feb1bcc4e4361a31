/// How one field of a sign-up or sign-in form stands: Krello's three messages.
public enum FieldCheck<Failure: Hashable & Sendable>: Hashable, Sendable {
    /// Nothing was typed: "required".
    case required
    /// It breaks this rule: "invalid format", with the rule.
    case invalid(Failure)
    /// It follows every rule: "can be used".
    case valid

    /// Whether the field may be submitted.
    public var isValid: Bool { self == .valid }
}

/// How the confirmation field stands against the password.
public enum ConfirmationCheck: Hashable, Sendable {
    /// Nothing was typed: "required".
    case required
    /// It is the password: "matches".
    case matches
    /// It is not the password: "does not match".
    case doesNotMatch

    /// Whether the field may be submitted.
    public var isValid: Bool { self == .matches }
}

/// Every field of a sign-up form, checked: what each field shows, and whether Sign up is enabled.
///
/// ```swift
/// let check = SignUpCheck(email: "ada@example.com", password: "correct horse", confirmation: "")
/// check.password      // .valid
/// check.confirmation  // .required
/// check.canSubmit     // false
/// ```
/// The password's check does not look at the confirmation, nor the confirmation's at the password's
/// rules: Krello's nine-row truth table.
public struct SignUpCheck: Hashable, Sendable {
    /// What the email field shows: required, the rule the address breaks, or valid.
    public let email: FieldCheck<EmailFailure>
    /// What the password field shows: required, the first password rule it breaks, or valid.
    public let password: FieldCheck<PasswordFailure>
    /// What the confirmation field shows: required, matches or does not match the password.
    public let confirmation: ConfirmationCheck

    /// Checks the three fields as typed.
    public init(email: String, password: String, confirmation: String) {
        self.email = Self.check(email: email)
        self.password =
            switch PasswordRules.failure(in: password, email: email) {
            case nil: .valid
            case .empty?: .required
            case let failure?: .invalid(failure)
            }
        self.confirmation = confirmation.isEmpty ? .required : confirmation == password ? .matches : .doesNotMatch
    }

    /// Whether every field is valid, so that Sign up is enabled.
    public var canSubmit: Bool { email.isValid && password.isValid && confirmation.isValid }

    /// The email field's check: required, the first rule it breaks, or valid.
    public static func check(email: String) -> FieldCheck<EmailFailure> {
        switch EmailAddress.failure(in: email) {
        case nil: .valid
        case .empty?: .required
        case let failure?: .invalid(failure)
        }
    }
}
