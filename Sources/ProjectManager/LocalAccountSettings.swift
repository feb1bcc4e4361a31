import Foundation
import ProjectManagerData

/// How the engine's own accounts work when the app does not plug in another
/// ``AuthenticationProvider``.
///
/// ```swift
/// let engine = try ProjectManagerEngine.persistent(
///     at: storeURL, accounts: LocalAccountSettings(sessionLifetime: 30 * 86_400))
/// ```
public struct LocalAccountSettings: Sendable {
    /// PBKDF2-HMAC-SHA256 rounds for new passwords: OWASP's 600,000. Tests may ask for fewer.
    public var passwordHashRounds: Int
    /// How long a session lasts; `nil` keeps it until sign-out.
    public var sessionLifetime: TimeInterval?
    /// When repeated failed sign-ins for one email must wait.
    public var backoff: SignInBackoff

    /// Settings; by default 600,000 rounds, sessions that last until sign-out, and the default backoff.
    public init(
        passwordHashRounds: Int = 600_000, sessionLifetime: TimeInterval? = nil,
        backoff: SignInBackoff = SignInBackoff()
    ) {
        self.passwordHashRounds = passwordHashRounds
        self.sessionLifetime = sessionLifetime
        self.backoff = backoff
    }

    /// The folder beside the store file `url` that holds its accounts: `projects.pmstore` keeps
    /// them in `projects.accounts/`.
    public static func folder(besideStoreAt url: URL) -> URL {
        url.deletingPathExtension().appendingPathExtension("accounts")
    }

    /// The engine's own accounts, kept in the folder beside the store file `url`
    /// (``folder(besideStoreAt:)``), working as these settings say: the provider an engine over
    /// that store uses unless it is given another. Wrap it, as in ``SessionSnapshot``, and give it
    /// to the engine.
    public func accounts(besideStoreAt url: URL, environment: EngineEnvironment = .live) -> any AuthenticationProvider {
        LocalAuthenticationProvider(
            folder: Self.folder(besideStoreAt: url), environment: environment, rounds: passwordHashRounds,
            sessionLifetime: sessionLifetime, backoff: backoff)
    }
}
