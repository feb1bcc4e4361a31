import Foundation
import Synchronization

/// A GitHub that runs on the loopback: the REST API under `/api/v3` (as GitHub Enterprise
/// serves it) and the OAuth endpoints of the web host, with fixtures shaped like GitHub's
/// documented example responses.
///
/// It serves `GET /user`, the issue list of a repository (filters, pages with `Link` headers,
/// `ETag`s and `304`s, rate-limit headers), `GET` and `PATCH` of one issue, and the device and
/// web flows. A test arranges failures with ``failNext(_:times:)`` and the device flow's
/// answers with ``scriptDeviceFlow(_:)``, and reads what was sent in ``requests``.
///
/// ```swift
/// let github = try FakeGitHub()
/// defer { github.stop() }
/// github.seed("octocat/Hello-World", issues: 250, pullRequests: 20)
/// ```
public final class FakeGitHub: Sendable {
    /// The token ``validToken`` signs in as this login.
    public static let login = "octocat"
    /// A token the fake accepts.
    public static let validToken = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
    /// The device code the fake hands out.
    public static let deviceCode = "3584d83530557fdd1f46af8289938c8ef79f9dc5"
    /// The user code the fake hands out.
    public static let userCode = "WDJB-MJHT"
    /// The OAuth app's client secret, which the web flow's exchange must carry, as GitHub requires.
    public static let clientSecret = "3b7f2c9d0e1a4f5b6c7d8e9f0a1b2c3d4e5f6a7b"
    /// The rate limit's reset time the fake reports unless a test sets another: 2026-03-15 13:00 UTC.
    public static let defaultReset = 1_773_579_600

    private let shared = SharedState()
    private let server: LoopbackHTTPServer

    /// The REST API's base URL, like `https://api.github.com` or `https://HOST/api/v3`.
    public var apiURL: URL { server.baseURL.appending(path: "api/v3") }
    /// The web host's base URL, like `https://github.com`.
    public var webURL: URL { server.baseURL }
    /// Every request received so far, in order.
    public var requests: [RecordedRequest] { server.requests }
    /// The API requests received so far (the OAuth endpoints left out), paths without `/api/v3`.
    public var apiRequests: [RecordedRequest] {
        server.requests.compactMap { request in
            guard request.path.hasPrefix(Self.apiPrefix) else { return nil }
            var trimmed = request
            trimmed.path = String(request.path.dropFirst(Self.apiPrefix.count))
            return trimmed
        }
    }

    /// Forgets the requests received so far.
    public func clearRequests() { server.clearRequests() }

    /// Starts the fake on an ephemeral port.
    public init() throws {
        let shared = shared
        server = try LoopbackHTTPServer { request in
            shared.state.withLock { FakeGitHub.respond(to: request, state: &$0) }
        }
    }

    /// Stops the server.
    public func stop() { server.stop() }

    // MARK: - Arranging

    /// A failure the fake answers API requests with.
    public enum Fault: Sendable, Hashable {
        /// `403` with `x-ratelimit-remaining: 0` and the reset time, as the primary limit does.
        case rateLimited
        /// `403` with `retry-after`, as a secondary limit does.
        case secondaryRateLimit(retryAfter: Int)
        /// `429` with `retry-after`.
        case tooManyRequests(retryAfter: Int)
        /// `401 Bad credentials`.
        case unauthorized
        /// A `5xx` with GitHub's message.
        case serverError(Int)
        /// `200` with a body that is not JSON.
        case malformedJSON
        /// `200` with a JSON body missing the issue's `title`.
        case missingField
        /// The right answer, held back this long (the wait ends when the client hangs up).
        case slow(Duration)
        /// `422 Validation Failed`.
        case validationFailed
        /// `401` whose message repeats the request's `Authorization` header, escape sequences and
        /// a bidirectional override around it, as a hostile or broken server might.
        case unauthorizedEchoingToken
        /// `403` with requests still left and no `retry-after`: a secondary limit told only by
        /// its message.
        case secondaryRateLimitWithoutRetryAfter
        /// A redirect with this status to `location`, an absolute address or a path on this host.
        case redirect(status: Int, location: String)
        /// `200` with the issue as it is, whatever the request asked to change.
        case answerWithoutChanging
    }

    /// What the device flow's first request (`POST /login/device/code`) answers.
    public enum DeviceCodeAnswer: Sendable, Hashable {
        /// The codes.
        case codes
        /// `404` with `{"error": "Not Found"}`, as GitHub answers an unknown client id.
        case unknownClient
        /// `400` with `device_flow_disabled`.
        case deviceFlowDisabled
    }

    /// What the token endpoint answers to one poll of the device flow.
    public enum DeviceStep: Sendable, Hashable {
        case authorizationPending
        case slowDown
        case expiredToken
        case accessDenied
        /// Grants ``validToken``.
        case granted
    }

    /// Adds issues (and pull requests, which the issue list mixes in) to a repository.
    ///
    /// Items are numbered from 1; every `(issues + pullRequests) / pullRequests`th is a pull
    /// request. Every tenth issue is closed; every seventh has a `null` body, every third no
    /// assignee, every fiftieth a `null` user (a deleted account); labels cycle through `bug`,
    /// `enhancement` and `documentation`.
    public func seed(_ repository: String, issues: Int, pullRequests: Int = 0) {
        let total = issues + pullRequests
        let stride = pullRequests > 0 ? max(total / pullRequests, 1) : Int.max
        var items: [FakeIssue] = []
        var madePullRequests = 0
        for number in 1...max(total, 1) where total > 0 {
            let isPullRequest = number % stride == 0 && madePullRequests < pullRequests
            if isPullRequest { madePullRequests += 1 }
            let labels = ["bug", "enhancement", "documentation"]
            var issue = FakeIssue(
                id: 1_000_000 + number, number: number, title: "Found a bug \(number)",
                body: number % 7 == 0 ? nil : "I'm having a problem with this. (\(number))",
                user: number % 50 == 0 ? nil : "octocat",
                labels: [labels[number % 3]] + (number % 4 == 0 ? ["help wanted"] : []),
                assignees: number % 3 == 0 ? [] : [number % 2 == 0 ? "hubot" : "octocat"],
                isPullRequest: isPullRequest,
                createdAt: Date(timeIntervalSince1970: 1_303_479_228 + Double(number) * 3_600),
                updatedAt: Date(timeIntervalSince1970: 1_303_479_228 + Double(number) * 3_600))
            if number % 10 == 0 {
                issue.state = "closed"
                issue.stateReason = "completed"
                issue.closedAt = issue.updatedAt
            }
            items.append(issue)
        }
        shared.state.withLock { $0.repositories[repository, default: []] += items }
    }

    /// The issue `number` of `repository` as the fake holds it.
    public func issue(_ number: Int, in repository: String) -> FakeIssue? {
        shared.state.withLock { $0.repositories[repository]?.first { $0.number == number } }
    }

    /// Changes an issue as someone on GitHub would; its `updated_at` moves on.
    public func edit(_ number: Int, in repository: String, _ change: @Sendable (inout FakeIssue) -> Void) {
        shared.state.withLock { state in
            guard var issues = state.repositories[repository],
                let index = issues.firstIndex(where: { $0.number == number })
            else { return }
            change(&issues[index])
            issues[index].updatedAt = state.tick()
            state.repositories[repository] = issues
        }
    }

    /// Answers the next `times` API requests with `fault`.
    public func failNext(_ fault: Fault, times: Int = 1) {
        shared.state.withLock { $0.faults += Array(repeating: fault, count: times) }
    }

    /// Answers the device flow's polls with `steps`, in order; after the last, `granted`.
    public func scriptDeviceFlow(_ steps: [DeviceStep], interval: Int = 5) {
        shared.state.withLock {
            $0.deviceSteps = steps
            $0.deviceInterval = interval
        }
    }

    /// Answers the device flow's first request with `answer`.
    public func answerDeviceCodeRequest(with answer: DeviceCodeAnswer) {
        shared.state.withLock { $0.deviceCodeAnswer = answer }
    }

    /// Answers every change to issue `number` of `repository` with `status` and GitHub's message
    /// for it, until told otherwise (`nil`).
    public func failChanges(toIssue number: Int, in repository: String, status: Int?) {
        shared.state.withLock { $0.failingIssues["\(repository)#\(number)"] = status }
    }

    /// Renames a repository, as GitHub does: its issues move, and requests for the old name are
    /// redirected (`301` for `GET`, `307` for the others) to the new one.
    public func rename(_ repository: String, to newName: String) {
        shared.state.withLock { state in
            state.repositories[newName] = state.repositories.removeValue(forKey: repository)
            state.renamed[repository] = newName
        }
    }

    /// The scopes `GET /user` names in `X-OAuth-Scopes`; `nil` sends no such header (a
    /// fine-grained token).
    public func setScopes(_ scopes: String?) {
        shared.state.withLock { $0.scopes = scopes }
    }

    /// Sets the rate limit the fake reports: `remaining` requests until `reset` (Unix seconds).
    public func setRateLimit(remaining: Int, reset: Int = FakeGitHub.defaultReset) {
        shared.state.withLock {
            $0.rateRemaining = remaining
            $0.rateReset = reset
        }
    }

    /// Signs the user in a browser for the web flow: as GitHub's authorize page would, returns
    /// the redirect URL with a `code` and the `state` of `authorizeURL`, and remembers the
    /// code's PKCE challenge for the exchange.
    public func approve(_ authorizeURL: URL) -> URL? {
        guard let components = URLComponents(url: authorizeURL, resolvingAgainstBaseURL: false),
            let redirect = components.queryItems?.first(where: { $0.name == "redirect_uri" })?.value,
            var back = URLComponents(string: redirect)
        else { return nil }
        let items = components.queryItems ?? []
        let code = "code-\(shared.state.withLock { $0.tick().timeIntervalSince1970 })"
        shared.state.withLock {
            $0.pendingCodes[code] = items.first { $0.name == "code_challenge" }?.value ?? ""
        }
        back.queryItems =
            [URLQueryItem(name: "code", value: code)]
            + items.filter { $0.name == "state" }
        return back.url
    }

    /// The PKCE verifier sent with the exchange of `code`, and the challenge the authorize URL
    /// carried, for a test to check with SHA-256.
    public func pkce(forCode code: String) -> (challenge: String, verifier: String?)? {
        shared.state.withLock { state in state.pendingCodes[code].map { ($0, state.verifiers[code]) } }
    }

    // MARK: - State

    static let apiPrefix = "/api/v3"

    /// The fake's state, shared by the test and the server's connection threads.
    private final class SharedState: Sendable {
        let state = Mutex(State())
    }

    struct State {
        var repositories: [String: [FakeIssue]] = [:]
        var faults: [Fault] = []
        var deviceSteps: [DeviceStep] = []
        var deviceInterval = 5
        var rateLimit = 5_000
        var rateRemaining = 4_999
        var rateReset = FakeGitHub.defaultReset
        var pendingCodes: [String: String] = [:]
        var deviceCodeAnswer = DeviceCodeAnswer.codes
        var failingIssues: [String: Int] = [:]
        var renamed: [String: String] = [:]
        var scopes: String? = "repo, read:org"
        var nextIssueID = 9_000_000
        var verifiers: [String: String] = [:]
        var clock = Date(timeIntervalSince1970: 1_773_576_000)

        mutating func tick() -> Date {
            clock += 1
            return clock
        }
    }
}

/// An issue or pull request as the fake GitHub keeps it.
public struct FakeIssue: Sendable, Hashable {
    public var id: Int
    public var number: Int
    public var title: String
    public var body: String?
    public var user: String?
    public var labels: [String]
    public var assignees: [String]
    public var isPullRequest: Bool
    public var state = "open"
    public var stateReason: String?
    public var createdAt: Date
    public var updatedAt: Date
    public var closedAt: Date?

    public init(
        id: Int, number: Int, title: String, body: String?, user: String?, labels: [String],
        assignees: [String], isPullRequest: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.body = body
        self.user = user
        self.labels = labels
        self.assignees = assignees
        self.isPullRequest = isPullRequest
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
