import Foundation
import ProjectManagerDomain

extension EnglishPhrases {
    static func text(for phrase: AccountPhrase) -> String {
        switch phrase {
        case .signUp: "Sign up"
        case .signIn: "Sign in"
        case .signOut: "Sign out"
        case .field(.email): "Email"
        case .field(.password): "Password"
        case .field(.confirmation): "Confirm password"
        case .email(.required): "Enter your email."
        case .email(.invalid(.taken)): "This email is already registered: sign in instead."
        case .email(.invalid(let failure)): "Invalid email format: \(rule(failure))"
        case .email(.valid): "This email can be used."
        case .password(.required), .passwordRequired: "Enter a password."
        case .password(.invalid(let failure)): "Invalid password format: \(rule(failure))"
        case .password(.valid): "This password can be used."
        case .confirmation(.required): "Enter the password again."
        case .confirmation(.matches): "The passwords match."
        case .confirmation(.doesNotMatch): "The passwords do not match."
        case .signedIn(let email): "Signed in as \(email)"
        case .signedOut: "Not signed in."
        case .failure(let error): failure(error)
        }
    }

    private static func rule(_ failure: EmailFailure) -> String {
        switch failure {
        case .empty: "type your email address."
        case .spaceOrControlCharacter: "remove the spaces."
        case .tooLong(let limit): "use at most \(limit) characters."
        case .missingAt: "it needs an @, as in name@example.com."
        case .moreThanOneAt: "keep one @."
        case .missingLocalPart: "type a name before the @."
        case .invalidDomain: "the part after the @ needs a dot, as in example.com."
        case .taken: "this email is already registered."
        }
    }

    private static func rule(_ failure: PasswordFailure) -> String {
        switch failure {
        case .empty: "type a password."
        case .tooShort(let minimum): "use at least \(minimum) characters."
        case .tooLong(let maximum): "use at most \(maximum) characters."
        case .sameAsEmail: "do not use your email."
        case .common: "this password is too common; choose a less common one."
        }
    }

    private static func failure(_ error: AuthenticationError) -> String {
        switch error {
        case .emailExists: "This email is already registered: sign in instead."
        case .invalidEmail(let failure): "Invalid email format: \(rule(failure))"
        case .weakPassword(let failure): "Invalid password format: \(rule(failure))"
        case .invalidLoginCredentials: "The email or the password is wrong."
        case .tooManyAttemptsTryLater(let retryAt):
            "Too many failed sign-ins: try again after \(retryAt.formatted(.iso8601))."
        case .storage(let reason): "Could not read or save the accounts: \(reason)"
        }
    }
}
