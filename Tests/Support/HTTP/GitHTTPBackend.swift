import Foundation

/// git's own smart-HTTP server, `git http-backend`, run as a CGI program for each request a
/// ``LoopbackHTTPServer`` receives: clones, fetches and pushes over `http://127.0.0.1` without
/// anything leaving the machine.
///
/// Every repository under `root` is served, pushes included (the requests come as the user
/// `pm-tests`), and git reads no configuration but the repositories' own.
///
/// ```swift
/// let backend = GitHTTPBackend(root: directory.url, git: git)
/// let server = try LoopbackHTTPServer { backend.respond(to: $0) }
/// defer { server.stop() }
/// let remote = "\(server.baseURL.absoluteString)/boards.git"
/// ```
public struct GitHTTPBackend: Sendable {
    /// The folder whose bare repositories are served: `/boards.git` is `root/boards.git`.
    public let root: URL
    /// The `git` executable.
    public let git: URL

    /// A backend serving the repositories under `root` with `git`.
    public init(root: URL, git: URL) {
        self.root = root
        self.git = git
    }

    /// Runs `git http-backend` for `request` and turns its CGI answer into a response.
    public func respond(to request: RecordedRequest) -> StubResponse {
        do {
            let answer = try run(request)
            return Self.response(fromCGI: answer)
        } catch {
            return StubResponse(status: 500, body: Data("git http-backend did not run: \(error)".utf8))
        }
    }

    /// The CGI variables for `request`: its method, path, query and body's type and length, and
    /// each header as `HTTP_NAME` (so that `Content-Encoding: gzip` bodies are inflated by git).
    private func environment(for request: RecordedRequest) -> [String: String] {
        var environment = [
            "GIT_PROJECT_ROOT": root.path(percentEncoded: false), "GIT_HTTP_EXPORT_ALL": "1",
            "REMOTE_USER": "pm-tests", "REMOTE_ADDR": "127.0.0.1", "GATEWAY_INTERFACE": "CGI/1.1",
            "SERVER_PROTOCOL": "HTTP/1.1", "REQUEST_METHOD": request.method, "PATH_INFO": request.path,
            "QUERY_STRING": Self.query(of: request), "CONTENT_TYPE": request.header("content-type") ?? "",
            "CONTENT_LENGTH": String(request.body.count), "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
            "HOME": root.path(percentEncoded: false), "PATH": "/usr/bin:/bin",
        ]
        for (name, value) in request.headers where name != "content-type" && name != "content-length" {
            environment["HTTP_" + name.uppercased().replacingOccurrences(of: "-", with: "_")] = value
        }
        return environment
    }

    private static func query(of request: RecordedRequest) -> String {
        var components = URLComponents()
        components.queryItems = request.query.isEmpty ? nil : request.query
        return components.percentEncodedQuery ?? ""
    }

    /// Runs the backend with the body as its standard input (from a file, so that neither side
    /// waits on a full pipe) and returns what it wrote.
    private func run(_ request: RecordedRequest) throws -> Data {
        let input = FileManager.default.temporaryDirectory.appending(path: "pm-cgi-\(UUID().uuidString)")
        try request.body.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = git
        process.arguments = ["http-backend"]
        process.environment = environment(for: request)
        process.currentDirectoryURL = root
        let output = Pipe()
        let body = try FileHandle(forReadingFrom: input)
        defer { try? body.close() }
        process.standardInput = body
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return answer
    }

    /// A CGI answer (headers, `Status: 404 Not Found` among them, a blank line, the body) as a
    /// response; without a `Status` header it is `200`.
    private static func response(fromCGI answer: Data) -> StubResponse {
        let crlf = answer.range(of: Data("\r\n\r\n".utf8))
        let lf = answer.range(of: Data("\n\n".utf8))
        guard let separator = [crlf, lf].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) else {
            return StubResponse(status: 502, body: Data("git http-backend answered no headers".utf8))
        }
        var status = 200
        var headers: [(name: String, value: String)] = []
        let head = String(decoding: answer[..<separator.lowerBound], as: UTF8.self)
        for line in head.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let (name, value) = (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
            if name.lowercased() == "status" {
                status = Int(value.prefix { $0.isNumber }) ?? 500
            } else if name.lowercased() != "content-length" {
                headers.append((name, value))
            }
        }
        return StubResponse(status: status, headers: headers, body: Data(answer[separator.upperBound...]))
    }
}
