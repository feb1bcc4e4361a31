import Foundation

/// Why signing up or signing in failed, named after the codes Firebase Auth returns, so that an
/// app that already handles those handles these.
///
/// A wrong password and an unknown email both give ``invalidLoginCredentials``: the error never
/// tells whether an account exists.
public enum AuthenticationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `EMAIL_EXISTS`: an account with this email already exists.
    case emailExists
    /// `INVALID_EMAIL`: the email breaks this rule.
    case invalidEmail(EmailFailure)
    /// `WEAK_PASSWORD`: the new password breaks this rule.
    case weakPassword(PasswordFailure)
    /// `INVALID_LOGIN_CREDENTIALS`: no account has this email and password.
    case invalidLoginCredentials
    /// `TOO_MANY_ATTEMPTS_TRY_LATER`: too many failed sign-ins for this email; try after `retryAt`.
    case tooManyAttemptsTryLater(retryAt: Date)
    /// The accounts could not be read or written; `reason` says what happened and what to do.
    case storage(reason: String)

    /// Firebase Auth's code for the error.
    public var code: String {
        switch self {
        case .emailExists: "EMAIL_EXISTS"
        case .invalidEmail: "INVALID_EMAIL"
        case .weakPassword: "WEAK_PASSWORD"
        case .invalidLoginCredentials: "INVALID_LOGIN_CREDENTIALS"
        case .tooManyAttemptsTryLater: "TOO_MANY_ATTEMPTS_TRY_LATER"
        case .storage: "STORAGE"
        }
    }

    public var description: String {
        switch self {
        case .emailExists: EmailFailure.taken.description
        case .invalidEmail(let failure): failure.description
        case .weakPassword(let failure): failure.description
        case .invalidLoginCredentials: "the email or the password is wrong"
        case .tooManyAttemptsTryLater(let retryAt):
            "too many failed sign-ins: try again after \(retryAt.formatted(.iso8601))"
        case .storage(let reason): reason
        }
    }
}
