import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("GitHub's failures become typed errors, each request sent once")
struct GitHubErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var fault: FakeGitHub.Fault
        var expected: GitHubError
        var testDescription: String { "\(fault)" }
    }

    static let reset = Date(timeIntervalSince1970: TimeInterval(FakeGitHub.defaultReset))
    static let now = TestClock.defaultStart

    static let cases: [Case] = [
        Case(fault: .unauthorized, expected: .unauthorized(message: "Bad credentials")),
        Case(fault: .rateLimited, expected: .rateLimited(until: reset)),
        Case(fault: .secondaryRateLimit(retryAfter: 60), expected: .rateLimited(until: now.addingTimeInterval(60))),
        Case(fault: .tooManyRequests(retryAfter: 30), expected: .rateLimited(until: now.addingTimeInterval(60))),
        Case(fault: .secondaryRateLimitWithoutRetryAfter, expected: .rateLimited(until: now.addingTimeInterval(60))),
        Case(fault: .serverError(500), expected: .server(status: 500, message: "Server Error")),
        Case(fault: .serverError(502), expected: .server(status: 502, message: "Server Error")),
        Case(fault: .validationFailed, expected: .status(422, message: "Validation Failed")),
        Case(fault: .malformedJSON, expected: .decoding(field: "body", reason: "not JSON")),
        Case(fault: .missingField, expected: .decoding(field: "[0].title", reason: "missing")),
    ]

    @Test("a fault gives its error, and no retry follows", arguments: cases)
    func fault(_ testCase: Case) async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.seed("octocat/Hello-World", issues: 5)
        world.github.failNext(testCase.fault)

        await #expect(throws: testCase.expected) {
            _ = try await world.issues.firstPage(of: GitHubTestWorld.repository, matching: IssueFilter())
        }
        #expect(world.github.apiRequests.count == 1)
    }

    @Test("an unknown repository is not found, with GitHub's message")
    func notFound() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }

        await #expect(throws: GitHubError.notFound(message: "Not Found")) {
            _ = try await world.issues.firstPage(
                of: GitHubRepositoryName("octocat/Spoon-Knife")!, matching: IssueFilter())
        }
    }

    @Test("a wrong token is unauthorized")
    func wrongToken() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }

        await #expect(throws: GitHubError.unauthorized(message: "Bad credentials")) {
            _ = try await world.connection.accounts.currentUser(with: AccessToken("ghp_wrong"))
        }
    }

    @Test("an answer slower than the timeout fails as a timed-out transport error")
    func slow() async throws {
        let world = try GitHubTestWorld(timeout: 0.5)
        defer { world.github.stop() }
        world.github.failNext(.slow(.seconds(5)))

        let error = await #expect(throws: GitHubError.self) {
            _ = try await world.connection.accounts.currentUser(with: world.credential.token)
        }
        guard case .transport(let underlying) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(underlying.code == .timedOut)
    }

    @Test("a server that is not there is a transport error")
    func unreachable() async throws {
        let world = try GitHubTestWorld()
        world.github.stop()

        let error = await #expect(throws: GitHubError.self) {
            _ = try await world.connection.accounts.currentUser(with: world.credential.token)
        }
        guard case .transport = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
    }

    @Test("a next page on another host is refused before the token is sent there")
    func foreignLink() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        let elsewhere = IssuePage.Cursor(
            url: URL(string: "http://example.invalid/repos/octocat/Hello-World/issues?page=2")!)

        await #expect(throws: GitHubError.foreignLink(host: "example.invalid")) {
            _ = try await world.issues.page(after: elsewhere)
        }
    }

    @Test(
        "every error says what happened in one line",
        arguments: cases.map(\.expected) + [
            .notFound(message: nil), .notSignedIn, .deviceCodeExpired, .accessDenied, .stateMismatch,
            .transport(URLError(.timedOut)), .transport(URLError(.cannotConnectToHost)),
        ])
    func oneLine(_ error: GitHubError) {
        #expect(!error.description.isEmpty)
        #expect(!error.description.contains("\n"))
    }

    @Test("the rate-limit error names the reset time")
    func rateLimitText() {
        #expect(GitHubError.rateLimited(until: Self.reset).description.contains("2026-03-15T13:00:00Z"))
    }
}
