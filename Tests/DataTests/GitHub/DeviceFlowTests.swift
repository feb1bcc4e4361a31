import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Synchronization
import Testing

/// Records the waits asked for instead of waiting.
final class RecordingSleeper: Sendable {
    private let waits = Mutex<[Duration]>([])
    var recorded: [Duration] { waits.withLock { $0 } }
    func sleep(_ duration: Duration) { waits.withLock { $0.append(duration) } }
}

@Suite("Signing in with the device flow against the loopback")
struct DeviceFlowTests {
    private func signIn(_ world: GitHubTestWorld, _ sleeper: RecordingSleeper) throws -> SignInWithDevice {
        SignInWithDevice(flow: try world.connection.deviceFlow(), sleep: { sleeper.sleep($0) })
    }

    @Test("pending, then slow_down (five seconds more), then granted: the token, and the waits")
    func pendingSlowDownGranted() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.scriptDeviceFlow([.authorizationPending, .slowDown, .authorizationPending, .granted])
        let sleeper = RecordingSleeper()
        let shown = Mutex<DeviceAuthorization?>(nil)

        let token = try await signIn(world, sleeper)(scope: "repo") { codes in shown.withLock { $0 = codes } }

        #expect(token == AccessToken(FakeGitHub.validToken))
        #expect(shown.withLock { $0?.userCode } == FakeGitHub.userCode)
        #expect(shown.withLock { $0?.verificationURL.path } == "/login/device")
        #expect(sleeper.recorded == [.seconds(5), .seconds(5), .seconds(10), .seconds(10)])
        let polls = world.github.requests.filter { $0.path == "/login/oauth/access_token" }
        #expect(polls.count == 4)
        #expect(polls.allSatisfy { $0.header("Accept") == "application/json" && $0.header("Authorization") == nil })
        #expect(polls.first?.formFields["grant_type"] == "urn:ietf:params:oauth:grant-type:device_code")
        #expect(polls.first?.formFields["client_id"] == "Iv1.8a61f9b3a7aba766")
    }

    @Test("expired_token stops the sign-in with deviceCodeExpired")
    func expired() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.scriptDeviceFlow([.authorizationPending, .expiredToken])

        await #expect(throws: GitHubError.deviceCodeExpired) {
            _ = try await signIn(world, RecordingSleeper())(scope: "repo") { _ in }
        }
    }

    @Test("access_denied stops the sign-in with accessDenied")
    func denied() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.scriptDeviceFlow([.accessDenied])

        await #expect(throws: GitHubError.accessDenied) {
            _ = try await signIn(world, RecordingSleeper())(scope: "repo") { _ in }
        }
    }

    @Test("a code that stays pending for its whole lifetime expires without more polls")
    func pendingUntilExpiry() async throws {
        let world = try GitHubTestWorld()
        defer { world.github.stop() }
        world.github.scriptDeviceFlow(Array(repeating: .authorizationPending, count: 200), interval: 300)
        let sleeper = RecordingSleeper()

        await #expect(throws: GitHubError.deviceCodeExpired) {
            _ = try await signIn(world, sleeper)(scope: "repo") { _ in }
        }
        #expect(sleeper.recorded == [.seconds(300), .seconds(300), .seconds(300)])
    }

    @Test("without a client id the device flow is refused before any request")
    func missingClientID() async throws {
        let world = try GitHubTestWorld(clientID: nil)
        defer { world.github.stop() }

        #expect(throws: GitHubError.self) { _ = try world.connection.deviceFlow() }
        #expect(world.github.requests.isEmpty)
    }
}
