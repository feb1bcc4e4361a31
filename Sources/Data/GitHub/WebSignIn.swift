import Foundation
import ProjectManagerDomain

/// One sign-in with GitHub's web flow, for apps: open ``authorizeURL`` in a browser, then hand the
/// redirect GitHub comes back with to ``complete(callback:)``.
///
/// The authorize URL carries a random `state` (256 bits) and a PKCE challenge (`S256`); the
/// callback is refused unless it carries the same `state`, and the code is exchanged with the
/// verifier, the OAuth app's client secret (GitHub requires it) and `Accept: application/json`.
/// ```swift
/// let signIn = try github.beginWebSignIn(redirectURL: callback, scope: "repo", clientSecret: secret)
/// open(signIn.authorizeURL)
/// // … later, from the app's URL handler:
/// let token = try await signIn.complete(callback: url)
/// ```
public struct WebSignIn: GitHubWebSignIn {
    /// The page to open in the browser.
    public let authorizeURL: URL
    /// Where GitHub sends the browser back.
    public let redirectURL: URL
    private let state: String
    private let verifier: String
    private let clientID: String
    private let clientSecret: String
    private let provider: GitHubProvider

    init(
        provider: GitHubProvider, clientID: String, clientSecret: String, redirectURL: URL, scope: String,
        state: String, verifier: String
    ) throws(GitHubError) {
        self.provider = provider
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.redirectURL = redirectURL
        self.state = state
        self.verifier = verifier
        var components = URLComponents(
            url: provider.configuration.webURL.appendingPathComponent("login").appendingPathComponent("oauth")
                .appendingPathComponent("authorize"),
            resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURL.absoluteString),
            URLQueryItem(name: "scope", value: scope), URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: PKCE.challenge(for: verifier)),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        guard let url = components?.url else {
            throw .oauth(code: "invalid_web_url", description: "the web host's address cannot take a path")
        }
        authorizeURL = url
    }

    /// Exchanges the code the callback carries for a token.
    ///
    /// - Throws: ``GitHubError/stateMismatch`` when the callback's `state` is not this sign-in's
    ///   (nothing is sent then), ``GitHubError/accessDenied`` when the user declined, or
    ///   ``GitHubError/oauth(code:description:)`` when GitHub refuses the code.
    public func complete(callback: URL) async throws(GitHubError) -> AccessToken {
        let items = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard let returned = value("state"), ConstantTime.isEqual(Array(returned.utf8), Array(state.utf8)) else {
            throw .stateMismatch
        }
        if let error = value("error") {
            if error == "access_denied" { throw .accessDenied }
            throw .oauth(code: error, description: value("error_description"))
        }
        guard let code = value("code"), !code.isEmpty else {
            throw .oauth(code: "missing_code", description: "the callback carries no code")
        }
        let form = [
            URLQueryItem(name: "client_id", value: clientID), URLQueryItem(name: "code", value: code),
            URLQueryItem(name: "redirect_uri", value: redirectURL.absoluteString),
            URLQueryItem(name: "code_verifier", value: verifier),
            URLQueryItem(name: "client_secret", value: clientSecret),
        ]
        let answer = try await provider.send(
            GitHubTarget<TokenPayload>.oauth("login/oauth/access_token", form: form), token: nil
        ).value
        if let error = answer.error {
            throw GitHubProvider.oauthError(code: error, description: answer.errorDescription)
        }
        guard let token = answer.accessToken, !token.isEmpty else {
            throw .decoding(field: "access_token", reason: "missing")
        }
        return AccessToken(token)
    }
}

/// Proof Key for Code Exchange (RFC 7636), method `S256`.
package enum PKCE {
    /// `BASE64URL(SHA256(ASCII(verifier)))`, without padding.
    package static func challenge(for verifier: String) -> String {
        base64URL(Array(SHA256.hash(data: Array(verifier.utf8))))
    }

    /// `count` random bytes as unpadded base64url: 32 bytes make 43 characters, 256 bits.
    package static func randomText(bytes count: Int = 32, using generator: inout some RandomNumberGenerator) -> String {
        base64URL((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

extension GitHubConnection {
    /// Starts a web-flow sign-in for the configuration's client id, with a fresh `state` and
    /// PKCE verifier from the system's random source.
    ///
    /// - Parameter clientSecret: The OAuth app's secret, which GitHub requires to exchange the
    ///   code; it comes from the app's configuration, never from the source.
    /// - Throws: ``GitHubError/oauth(code:description:)`` with `missing_client_id` or
    ///   `missing_client_secret`.
    public func beginWebSignIn(redirectURL: URL, scope: String, clientSecret: String) throws(GitHubError) -> WebSignIn {
        var random = SystemRandomNumberGenerator()
        return try beginWebSignIn(redirectURL: redirectURL, scope: scope, clientSecret: clientSecret, using: &random)
    }

    /// Starts a web-flow sign-in whose `state` and verifier come from `generator`.
    /// - Throws: ``GitHubError/oauth(code:description:)`` when the configuration has no client id
    ///   (`missing_client_id`) or its web host cannot take a path (`invalid_web_url`).
    public func beginWebSignIn(
        redirectURL: URL, scope: String, clientSecret: String, using generator: inout some RandomNumberGenerator
    ) throws(GitHubError) -> WebSignIn {
        guard !clientSecret.isEmpty else {
            throw .oauth(code: "missing_client_secret", description: "the OAuth app's client secret is empty")
        }
        return try WebSignIn(
            provider: provider, clientID: try clientID(), clientSecret: clientSecret, redirectURL: redirectURL,
            scope: scope,
            state: PKCE.randomText(using: &generator), verifier: PKCE.randomText(using: &generator))
    }
}
