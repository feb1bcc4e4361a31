import Foundation

/// Why a request to GitHub failed: what happened and what it concerns (a status, a host, a file).
///
/// A front end puts the error in words and says what to do (`Localizer.message(for:)`); its
/// ``description`` is one line of English facts, for logs.
///
/// ```swift
/// do {
///     _ = try await issues.firstPage(of: repository, matching: filter)
/// } catch .rateLimited(let until) {
///     print("try again after \(until)")
/// } catch {
///     print(error)
/// }
/// ```
public enum GitHubError: Error, Hashable, Sendable, CustomStringConvertible {
    /// GitHub could not be reached, or did not answer in time (`URLError.Code.timedOut`).
    case transport(URLError)
    /// `401`: the token is missing, wrong, expired or revoked.
    case unauthorized(message: String?)
    /// `404`: no such repository or issue, or the token may not see it.
    case notFound(message: String?)
    /// `403` or `429` with no requests left (the primary limit: until its reset), or with
    /// `retry-after` or GitHub's secondary-limit message (at least a minute): nothing is sent until
    /// `until`.
    case rateLimited(until: Date)
    /// `5xx`: GitHub failed; try again later.
    case server(status: Int, message: String?)
    /// Another status, with GitHub's `message`.
    case status(Int, message: String?)
    /// The answer was not what GitHub documents: `field` is the path of what was missing or wrong
    /// (`[3].title`), or `body` when it was not JSON at all.
    case decoding(field: String, reason: String)
    /// No token is stored: sign in first.
    case notSignedIn
    /// A `Link` header pointed at another host than the API's, so the token was not sent there.
    case foreignLink(host: String)
    /// GitHub answered with a redirect to another host (or another scheme or port) than the one
    /// asked: it was not followed, so no credential went there.
    case redirectRefused(host: String)
    /// GitHub redirected more than `limit` times in a row; the last was not followed.
    case tooManyRedirects(limit: Int)
    /// The address is plain `http://` to a host that is not this machine: nothing was sent, so
    /// that no token or issue text crosses the network unencrypted.
    case insecureAddress(host: String)
    /// GitHub answered a change to issue `number` with success, but the issue it returned does not
    /// have the change (its `field` differs from what was sent): the change is not taken as made.
    case changeNotApplied(issue: Int, field: String)
    /// The token lacks scopes this engine needs: `needed` are missing; `granted` is what GitHub
    /// said the token has (`X-OAuth-Scopes`).
    case missingScopes(needed: [String], granted: [String])
    /// The OAuth app does not allow the device flow (`device_flow_disabled`).
    case deviceFlowDisabled
    /// The device code expired before the user approved it.
    case deviceCodeExpired
    /// The user declined the authorization.
    case accessDenied
    /// The web flow's callback carried a `state` other than the one sent: it did not come from
    /// this sign-in, and nothing was exchanged.
    case stateMismatch
    /// The OAuth endpoint answered with another `error`, e.g. `bad_verification_code`.
    case oauth(code: String, description: String?)
    /// The token could not be read or written; `reason` says where and why, in English.
    case credentialStorage(reason: String)
    /// The file that keeps the sign-in is not one this engine can read; the token in it, if any,
    /// is not used.
    case unreadableCredential(file: String)

    /// What happened, in one line of English, for logs.
    public var description: String {
        switch self {
        case .transport(let error) where error.code == .timedOut:
            "GitHub did not answer in time"
        case .transport(let error):
            "could not reach GitHub (\(Self.reason(error.code)))"
        case .unauthorized(let message):
            "GitHub refused the token\(Self.quoted(message))"
        case .notFound(let message):
            "GitHub found no such repository or issue\(Self.quoted(message))"
        case .rateLimited(let until):
            "GitHub's rate limit is reached until \(until.formatted(.iso8601))"
        case .server(let status, let message):
            "GitHub failed with status \(status)\(Self.quoted(message))"
        case .status(let status, let message):
            "GitHub answered with status \(status)\(Self.quoted(message))"
        case .decoding(let field, let reason):
            "GitHub's answer could not be read at '\(field)': \(reason)"
        case .notSignedIn:
            "not signed in to GitHub"
        case .foreignLink(let host):
            "GitHub's next page points at another host (\(host)); nothing was sent there"
        case .redirectRefused(let host):
            "GitHub's answer redirects to another host (\(GitHubText.shown(host))); it was not followed and nothing was sent there"
        case .tooManyRedirects(let limit):
            "GitHub redirected more than \(limit) times in a row"
        case .insecureAddress(let host):
            "the address of \(GitHubText.shown(host)) is plain http, not encrypted and not on this machine; nothing was sent"
        case .changeNotApplied(let issue, let field):
            "GitHub answered the change to issue #\(issue) without making it (its \(field) is not what was sent)"
        case .missingScopes(let needed, let granted):
            "the token lacks the scope \(needed.joined(separator: ", ")) (it has \(granted.isEmpty ? "none" : granted.joined(separator: ", ")))"
        case .deviceFlowDisabled:
            "the OAuth app does not allow signing in with a device code"
        case .deviceCodeExpired:
            "the sign-in code expired before it was approved"
        case .accessDenied:
            "the sign-in was declined on GitHub"
        case .stateMismatch:
            "the sign-in answer did not come from this sign-in (state mismatch); nothing was exchanged"
        case .oauth(let code, let description):
            "GitHub refused the sign-in (\(GitHubText.shown(code))\(description.map { ": \(GitHubText.shown($0))" } ?? ""))"
        case .credentialStorage(let reason):
            reason
        case .unreadableCredential(let file):
            "the GitHub sign-in in \(file) is unreadable"
        }
    }

    private static func reason(_ code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "unknown host"
        case .notConnectedToInternet: "offline"
        case .networkConnectionLost: "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted: "secure connection failed"
        default: "URL error \(code.rawValue)"
        }
    }

    private static func quoted(_ message: String?) -> String {
        message.map { ": \"\(GitHubText.shown($0))\"" } ?? ""
    }
}
