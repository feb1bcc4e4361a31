import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One request the server received, as it came over the wire.
public struct RecordedRequest: Sendable, Hashable {
    /// `GET`, `POST`, `PATCH`, …
    public var method: String
    /// The path without the query, e.g. `/repos/octocat/Hello-World/issues`.
    public var path: String
    /// The query's items in order, percent-decoded.
    public var query: [URLQueryItem]
    /// The headers, names lowercased.
    public var headers: [String: String]
    /// The body's bytes.
    public var body: Data

    /// The first value of the query item `name`.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The value of the header `name`, in any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body's fields, read as `application/x-www-form-urlencoded`.
    public var formFields: [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: body, as: UTF8.self).replacingOccurrences(
            of: "+", with: "%20")
        return Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

/// What the server answers to one request.
public struct StubResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Data
    /// How long to wait before answering; the wait ends early when the client hangs up.
    public var delay: Duration

    public init(
        status: Int, headers: [(name: String, value: String)] = [], body: Data = Data(), delay: Duration = .zero
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }

    /// A JSON answer.
    public static func json(_ status: Int, _ body: Data, headers: [(name: String, value: String)] = []) -> StubResponse
    {
        StubResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: body)
    }
}

/// A real HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for tests that run `URLSession`
/// over the loopback.
///
/// Each connection carries one request and is closed after the answer (`Connection: close`). The
/// server keeps a record of every request. It stops when ``stop()`` is called or when the last
/// reference to it goes, at the end of its test: never by the clock, so a test that runs late on
/// busy cores still finds it; every read and every delay is bounded.
///
/// ```swift
/// let server = try LoopbackHTTPServer { request in .json(200, Data("{}".utf8)) }
/// defer { server.stop() }
/// let (data, _) = try await URLSession.shared.data(from: server.baseURL.appending(path: "/user"))
/// ```
public final class LoopbackHTTPServer: Sendable {
    /// The port the server listens on.
    public let port: UInt16
    private let loop: ServingLoop

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { loop.baseURL }

    /// Every request received so far, in the order they arrived.
    public var requests: [RecordedRequest] { loop.requests }

    /// Forgets the requests received so far.
    public func clearRequests() { loop.clearRequests() }

    /// Starts a server that answers each request with `handler`'s response.
    public init(handler: @escaping @Sendable (RecordedRequest) -> StubResponse) throws {
        loop = try ServingLoop(handler: handler)
        port = loop.port
    }

    // The serving threads hold the loop, never the server: the server goes with its test.
    deinit { loop.stop() }

    /// Stops accepting connections and waits (a fraction of a second) for the accept loop to end.
    public func stop() { loop.stop() }
}

/// The listening socket and the threads that serve it, until stopped.
private final class ServingLoop: Sendable {
    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (RecordedRequest) -> StubResponse
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    private struct State {
        var stopped = false
        var requests: [RecordedRequest] = []
        var openConnections = 0
    }

    /// `http://127.0.0.1:PORT`.
    var baseURL: URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)") else {
            preconditionFailure("a loopback address with port \(port) is a URL")
        }
        return url
    }

    var requests: [RecordedRequest] { state.withLock { $0.requests } }

    func clearRequests() { state.withLock { $0.requests.removeAll() } }

    init(handler: @escaping @Sendable (RecordedRequest) -> StubResponse) throws {
        self.handler = handler
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LoopbackServerError.socket(operation: "socket", errno: errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let code = errno
            close(descriptor)
            throw LoopbackServerError.socket(operation: "bind", errno: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(descriptor)
            throw LoopbackServerError.socket(operation: "getsockname", errno: code)
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackHTTPServer:\(port)"
        thread.start()
    }

    /// Stops accepting connections and waits (a fraction of a second) for the accept loop to end.
    func stop() {
        let wasStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        if !wasStopped { finished.wait() }
    }

    // MARK: - Serving

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            state.withLock { $0.openConnections += 1 }
            let worker = Thread { [self] in
                serve(connection)
                close(connection)
                state.withLock { $0.openConnections -= 1 }
            }
            worker.start()
        }
        state.withLock { $0.stopped = true }
        close(listener)
        // Bounded: connections end within their own read and delay limits.
        for _ in 0..<200 where state.withLock({ $0.openConnections }) > 0 { usleep(10_000) }
        finished.signal()
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        state.withLock { $0.requests.append(request) }
        let response = handler(request)
        if response.delay > .zero, Self.clientHangsUp(connection, within: response.delay) { return }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Data(head.utf8)
        if request.method != "HEAD" { bytes.append(response.body) }
        Self.write(bytes, to: connection)
    }

    /// Reads one request: head, then `Content-Length` bytes of body, or a chunked body to its
    /// last chunk; `nil` if the client sends nothing readable within two seconds. A client that
    /// waits for `100 Continue` (`Expect: 100-continue`) is told to go on.
    private func readRequest(_ connection: Int32) -> RecordedRequest? {
        var received = Data()
        var headEnd: Range<Data.Index>?
        var bodyLength = 0
        var isChunked = false
        var chunkedBody: Data?
        let separator = Data("\r\n\r\n".utf8)
        for _ in 0..<2_000 {
            if let end = headEnd {
                if isChunked {
                    chunkedBody = Self.decodeChunks(received[end.upperBound...])
                    if chunkedBody != nil { break }
                } else if received.count - end.upperBound >= bodyLength {
                    break
                }
            }
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 2_000) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
            if headEnd == nil, let end = received.range(of: separator) {
                headEnd = end
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                bodyLength = Self.contentLength(head)
                isChunked = Self.headerValue("transfer-encoding", in: head)?.lowercased().contains("chunked") == true
                if Self.headerValue("expect", in: head)?.lowercased() == "100-continue" {
                    Self.write(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: connection)
                }
            }
        }
        guard let end = headEnd, !isChunked || chunkedBody != nil else { return nil }
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = String(requestLine[1])
        let components = URLComponents(string: target)
        return RecordedRequest(
            method: String(requestLine[0]), path: components?.path ?? target,
            query: components?.queryItems ?? [], headers: headers,
            body: chunkedBody ?? Data(received[end.upperBound...].prefix(bodyLength)))
    }

    private static func contentLength(_ head: String) -> Int {
        headerValue("content-length", in: head).flatMap { Int($0) } ?? 0
    }

    /// The value of the first header `name` (lowercased) in a request's head.
    private static func headerValue(_ name: String, in head: String) -> String? {
        for line in head.components(separatedBy: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The body a `Transfer-Encoding: chunked` request sent, or `nil` while its last (empty)
    /// chunk and the blank line after it have not all arrived yet.
    ///
    /// - Complexity: O(*n*), where *n* is the length of `bytes`.
    private static func decodeChunks(_ bytes: Data.SubSequence) -> Data? {
        let lineEnd = Data("\r\n".utf8)
        var body = Data()
        var index = bytes.startIndex
        while true {
            guard let sizeEnd = bytes[index...].range(of: lineEnd) else { return nil }
            // The size is hexadecimal, maybe followed by `;extension`.
            let sizeField = String(decoding: bytes[index..<sizeEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeField.split(separator: ";").first ?? "", radix: 16), size >= 0 else {
                return nil
            }
            let dataStart = sizeEnd.upperBound
            if size == 0 {
                // Trailers, if any, then a blank line.
                var trailer = dataStart
                while true {
                    guard let end = bytes[trailer...].range(of: lineEnd) else { return nil }
                    if end.lowerBound == trailer { return body }
                    trailer = end.upperBound
                }
            }
            guard bytes.endIndex - dataStart >= size + 2 else { return nil }
            body.append(bytes[dataStart..<dataStart + size])
            index = dataStart + size + 2
        }
    }

    /// Waits up to `delay`; `true` when the client closed the connection meanwhile.
    private static func clientHangsUp(_ connection: Int32, within delay: Duration) -> Bool {
        let deadline = ContinuousClock.now + delay
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 20) > 0 {
                var byte: UInt8 = 0
                if recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0 { return true }
            }
        }
        return false
    }

    private static func write(_ bytes: Data, to connection: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let sent = send(
                        connection, buffer.baseAddress?.advanced(by: offset), buffer.count - offset, Int32(MSG_NOSIGNAL)
                    )
                #else
                    let sent = send(connection, buffer.baseAddress?.advanced(by: offset), buffer.count - offset, 0)
                #endif
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// Why the loopback server could not start.
public enum LoopbackServerError: Error, Sendable {
    case socket(operation: String, errno: Int32)
}
