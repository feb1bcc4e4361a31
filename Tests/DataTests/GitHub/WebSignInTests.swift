import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

@Suite("Signing in with the web flow: state and PKCE")
struct WebSignInTests {
    static let redirect = URL(string: "issuetracker://oauth/callback")!

    private func query(_ url: URL) -> [String: String] {
        Dictionary(
            (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            },
            uniquingKeysWith: { first, _ in first })
    }

    @Test("the S256 challenge of RFC 7636's example verifier is its published challenge")
    func rfcVector() {
        #expect(
            PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
                == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test("the authorize URL carries the client id, a state of at least 128 bits and an S256 challenge")
    func authorizeURL() throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }

        let first = try world.connection.beginWebSignIn(
            redirectURL: Self.redirect, scope: "repo", clientSecret: FakeGitHub.clientSecret)
        let second = try world.connection.beginWebSignIn(
            redirectURL: Self.redirect, scope: "repo", clientSecret: FakeGitHub.clientSecret)

        let items = query(first.authorizeURL)
        #expect(first.authorizeURL.path == "/login/oauth/authorize")
        #expect(items["client_id"] == "Iv1.8a61f9b3a7aba766")
        #expect(items["redirect_uri"] == Self.redirect.absoluteString)
        #expect(items["code_challenge_method"] == "S256")
        let state = try #require(items["state"])
        #expect(state.count >= 22)  // 22 base64url characters hold 132 bits
        #expect(state != query(second.authorizeURL)["state"])
        #expect(items["code_challenge"]?.count == 43)
    }

    @Test("the code is exchanged with Accept: application/json and the verifier whose SHA-256 is the challenge")
    func exchange() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        let signIn = try world.connection.beginWebSignIn(
            redirectURL: Self.redirect, scope: "repo", clientSecret: FakeGitHub.clientSecret)
        let callback = try #require(world.github.approve(signIn.authorizeURL))

        let token = try await signIn.complete(callback: callback)

        #expect(token == AccessToken(FakeGitHub.validToken))
        let exchange = try #require(world.github.requests.last)
        #expect(exchange.method == "POST")
        #expect(exchange.path == "/login/oauth/access_token")
        #expect(exchange.header("Accept") == "application/json")
        let code = try #require(query(callback)["code"])
        let pkce = try #require(world.github.pkce(forCode: code))
        let verifier = try #require(pkce.verifier)
        #expect(PKCE.challenge(for: verifier) == pkce.challenge)
    }

    @Test("a callback with another state is refused, and nothing is exchanged")
    func stateMismatch() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        let signIn = try world.connection.beginWebSignIn(
            redirectURL: Self.redirect, scope: "repo", clientSecret: FakeGitHub.clientSecret)
        let other = try world.connection.beginWebSignIn(
            redirectURL: Self.redirect, scope: "repo", clientSecret: FakeGitHub.clientSecret)
        let callback = try #require(world.github.approve(other.authorizeURL))

        await #expect(throws: GitHubError.stateMismatch) { _ = try await signIn.complete(callback: callback) }
        await #expect(throws: GitHubError.stateMismatch) {
            _ = try await signIn.complete(callback: URL(string: "issuetracker://oauth/callback?code=abc")!)
        }
        #expect(world.github.requests.isEmpty)
    }

    @Test("a declined authorization is accessDenied; a code used twice is refused by GitHub")
    func deniedAndReused() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        let signIn = try world.connection.beginWebSignIn(
            redirectURL: Self.redirect, scope: "repo", clientSecret: FakeGitHub.clientSecret)
        let state = try #require(query(signIn.authorizeURL)["state"])
        let denied = try #require(URL(string: "issuetracker://oauth/callback?error=access_denied&state=\(state)"))
        let callback = try #require(world.github.approve(signIn.authorizeURL))

        await #expect(throws: GitHubError.accessDenied) { _ = try await signIn.complete(callback: denied) }
        _ = try await signIn.complete(callback: callback)
        await #expect(
            throws: GitHubError.oauth(
                code: "bad_verification_code", description: "The code passed is incorrect or expired.")
        ) {
            _ = try await signIn.complete(callback: callback)
        }
    }
}
