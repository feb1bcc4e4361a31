import Foundation

/// The codes GitHub's device flow hands out: the user types ``userCode`` at ``verificationURL``.
public struct DeviceAuthorization: Sendable, Hashable {
    /// The code the app polls with; not for the user's eyes.
    public var deviceCode: String
    /// The code the user types, `WDJB-MJHT`.
    public var userCode: String
    /// Where the user types it, `https://github.com/login/device`.
    public var verificationURL: URL
    /// How long the codes stay valid.
    public var expiresIn: Duration
    /// How long to wait between polls.
    public var interval: Duration

    /// The codes of one device-flow sign-in, as GitHub handed them out.
    public init(deviceCode: String, userCode: String, verificationURL: URL, expiresIn: Duration, interval: Duration) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURL = verificationURL
        self.expiresIn = expiresIn
        self.interval = interval
    }
}

/// What one poll of the device flow's token endpoint said.
public enum DevicePoll: Sendable, Hashable {
    /// `authorization_pending`: the user has not approved yet.
    case pending
    /// `slow_down`: poll less often; GitHub may name the new interval.
    case slowDown(interval: Duration?)
    /// The user approved: the token.
    case granted(AccessToken)
}

/// GitHub's OAuth device flow endpoints.
public protocol GitHubDeviceFlow: Sendable {
    /// Asks for a device code and a user code (`POST /login/device/code`).
    /// - Throws: ``GitHubError/transport(_:)`` when GitHub cannot be reached,
    ///   ``GitHubError/oauth(code:description:)`` when it refuses the client id,
    ///   ``GitHubError/decoding(field:reason:)`` for an answer it does not document.
    func requestCodes(scope: String) async throws(GitHubError) -> DeviceAuthorization
    /// Polls once (`POST /login/oauth/access_token`); throws ``GitHubError/deviceCodeExpired`` for
    /// `expired_token` and ``GitHubError/accessDenied`` for `access_denied`.
    func poll(deviceCode: String) async throws(GitHubError) -> DevicePoll
}

/// Signs in with the device flow: shows the user code, then polls at GitHub's interval until the
/// user approves, declines, or the code expires.
///
/// ```swift
/// let signIn = SignInWithDevice(flow: flow, sleep: { try await Task.sleep(for: $0) })
/// let token = try await signIn(scope: "repo") { codes in
///     print("Type \(codes.userCode) at \(codes.verificationURL)")
/// }
/// ```
/// The waiting goes through `sleep`, so a test drives the whole flow without waiting.
public struct SignInWithDevice: Sendable {
    private let flow: any GitHubDeviceFlow
    private let sleep: @Sendable (Duration) async -> Void

    /// A sign-in over `flow` that waits with `sleep`.
    public init(flow: any GitHubDeviceFlow, sleep: @escaping @Sendable (Duration) async -> Void) {
        self.flow = flow
        self.sleep = sleep
    }

    /// Runs the flow and returns the token.
    ///
    /// `slow_down` adds five seconds to the interval (or takes the interval GitHub names).
    /// - Throws: ``GitHubError/deviceCodeExpired`` when GitHub says so or the codes' lifetime has
    ///   been waited through, ``GitHubError/accessDenied``, or any request's error.
    /// - Complexity: One request for the codes, then one per poll until the user approves, waiting
    ///   the interval GitHub asks for between them.
    public func callAsFunction(
        scope: String, show: @Sendable (DeviceAuthorization) async -> Void
    ) async throws(GitHubError) -> AccessToken {
        let codes = try await flow.requestCodes(scope: scope)
        await show(codes)
        var interval = codes.interval
        var waited = Duration.zero
        while waited < codes.expiresIn {
            await sleep(interval)
            waited += interval
            switch try await flow.poll(deviceCode: codes.deviceCode) {
            case .pending: continue
            case .slowDown(let named): interval = max(named ?? .zero, interval + .seconds(5))
            case .granted(let token): return token
            }
        }
        throw .deviceCodeExpired
    }
}
