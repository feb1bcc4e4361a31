import Foundation
import ProjectManagerTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The loopback server the network tests run against lives as long as its test: never stopped by
/// the clock, always stopped when its test lets it go.
@Suite("The loopback test server")
struct LoopbackServerTests {
    /// Whether something accepts a connection on 127.0.0.1:`port`.
    static func accepts(on port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return connected == 0
    }

    @Test("a server answers while its test holds it, and stops listening once the test lets it go")
    func livesAsLongAsItsTest() async throws {
        // Given a server whose answer is its own, so that another test's server that takes its port
        // once it is free (tests run at once) is told apart from it
        let token = UUID().uuidString
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer { _ in
            .json(200, Data(#"{"token":"\#(token)"}"#.utf8))
        }
        let port = try #require(server?.port)
        let url = try #require(server?.baseURL).appending(path: "/ping")

        // When
        let (data, response) = try await URLSession.shared.data(from: url)
        let answered = (response as? HTTPURLResponse)?.statusCode
        let listening = Self.accepts(on: port)
        server = nil
        let after = try? await URLSession.shared.data(from: url)

        // Then
        #expect(answered == 200)
        #expect(String(decoding: data, as: UTF8.self).contains(token))
        #expect(listening)
        #expect(after.map { String(decoding: $0.0, as: UTF8.self).contains(token) } != true)
    }
}
