import Foundation
import ProjectManagerDomain

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An answer from GitHub: the decoded value and what its headers said.
struct GitHubResponse<Value: Sendable>: Sendable {
    var value: Value
    /// The `Link` header's `rel="next"` address.
    var next: URL?
    var rateLimit: RateLimit?
    /// Whether GitHub answered `304` and the kept copy was decoded.
    var isUnchanged: Bool
    /// The token's scopes, from `X-OAuth-Scopes`, when GitHub names them.
    var scopes: [String]? = nil
}

/// Turns a ``GitHubTarget`` into a `URLRequest`, runs it on `URLSession`, and maps the answer to
/// a value or a ``GitHubError``.
///
/// Every API request carries `Accept: application/vnd.github+json`, `X-GitHub-Api-Version`,
/// the `User-Agent` and, when given, `Authorization: Bearer`. A conditional target's answer is
/// kept with its `ETag` in the ``HTTPResponseCache``; the next request for the same address sends
/// `If-None-Match`, and a `304` decodes the kept body. No request is ever retried.
///
/// What comes back is not trusted:
/// - **Redirects.** `URLSession` follows none (``RefusingRedirects``). A redirect to the host the
///   request went to (same scheme, host and port) is sent again by the provider with the same
///   method, headers and body, at most ``redirectLimit`` times; any other is refused
///   (``GitHubError/redirectRefused(host:)``), so the token never leaves for another host.
/// - **Plain HTTP.** Nothing is sent to an `http://` address that is not this machine
///   (``GitHubError/insecureAddress(host:)``).
/// - **Messages.** GitHub's error text is cleaned (``GitHubText/shown(_:hiding:)``): no control
///   characters, and neither the token nor anything like one.
///
/// A `URLRequest` holds the token, so it is never interpolated into a message or an error.
struct GitHubProvider: Sendable {
    /// The most redirects followed in a row.
    static let redirectLimit = 3

    let configuration: GitHubConfiguration
    let cache: any HTTPResponseCache
    private let session: URLSession
    private let now: @Sendable () -> Date

    init(configuration: GitHubConfiguration, cache: any HTTPResponseCache, now: @escaping @Sendable () -> Date) {
        self.configuration = configuration
        self.cache = cache
        self.now = now
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.timeoutIntervalForResource = configuration.timeout
        // Conditional requests are ours to make: URLSession's own cache would turn a 304 into a 200.
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: sessionConfiguration, delegate: RefusingRedirects(), delegateQueue: nil)
    }

    /// Sends `target`, with `token` when given, and decodes the answer.
    func send<Value>(_ target: GitHubTarget<Value>, token: AccessToken?) async throws(GitHubError) -> GitHubResponse<
        Value
    > {
        let url = try address(of: target)
        let kept = target.isConditional ? cache.response(for: url) : nil
        let (data, response) = try await exchange(target, at: url, token: token, ifNoneMatch: kept?.etag)
        let headers = Headers(response)
        let rateLimit = headers.rateLimit
        switch response.statusCode {
        case 304:
            guard let kept else { throw .status(304, message: "Not Modified, with no kept copy to reuse") }
            return GitHubResponse(
                value: try decode(Value.self, from: kept.body), next: kept.next, rateLimit: rateLimit,
                isUnchanged: true,
                scopes: headers.scopes)
        case 200..<300:
            let value = try decode(Value.self, from: data)
            let next = headers.nextPage
            if target.isConditional, let etag = headers["etag"] {
                cache.keep(CachedResponse(etag: etag, body: data, next: next), for: url)
            }
            return GitHubResponse(
                value: value, next: next, rateLimit: rateLimit, isUnchanged: false, scopes: headers.scopes)
        case let status:
            throw target.host == .web
                ? oauthFailure(status: status, data: data, token: token)
                : failure(status: status, data: data, headers: headers, token: token)
        }
    }

    /// Sends the request for `target` to `url`, and again to each redirect on the same host.
    private func exchange<Value>(
        _ target: GitHubTarget<Value>, at url: URL, token: AccessToken?, ifNoneMatch etag: String?
    ) async throws(GitHubError) -> (Data, HTTPURLResponse) {
        var current = url
        var redirects = 0
        while true {
            try Self.requireSecure(current)
            let (data, response) = try await transport(
                makeRequest(target, url: current, token: token, ifNoneMatch: etag))
            guard [301, 302, 303, 307, 308].contains(response.statusCode) else { return (data, response) }
            guard let location = Headers(response)["location"],
                let next = URL(string: location, relativeTo: current)?.absoluteURL
            else { throw .status(response.statusCode, message: nil) }
            guard Self.isSameOrigin(next, current) else {
                throw .redirectRefused(
                    host: GitHubText.shown((next.host ?? location) + (next.port.map { ":\($0)" } ?? "")))
            }
            redirects += 1
            guard redirects <= Self.redirectLimit else { throw .tooManyRedirects(limit: Self.redirectLimit) }
            current = next
        }
    }

    /// Whether `url` is `https`, or `http` to this machine.
    static func requireSecure(_ url: URL) throws(GitHubError) {
        switch url.scheme?.lowercased() {
        case "https": return
        case "http" where isLoopback(url.host): return
        default: throw .insecureAddress(host: GitHubText.shown(url.host ?? url.absoluteString))
        }
    }

    private static func isLoopback(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".")
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    private static func isSameOrigin(_ url: URL, _ other: URL) -> Bool {
        url.scheme?.lowercased() == other.scheme?.lowercased() && url.host?.lowercased() == other.host?.lowercased()
            && url.port == other.port
    }

    // MARK: - Requests

    private func address<Value>(of target: GitHubTarget<Value>) throws(GitHubError) -> URL {
        let base = target.host == .api ? configuration.apiURL : configuration.webURL
        switch target.location {
        case .address(let url):
            // The token goes only to the API's own host, whatever a Link header says.
            guard url.scheme == base.scheme, url.host == base.host, url.port == base.port else {
                throw .foreignLink(host: url.host ?? url.absoluteString)
            }
            return url
        case .path(let path, let query):
            var url = base
            for component in path.split(separator: "/") { url.appendPathComponent(String(component)) }
            guard !query.isEmpty else { return url }
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                throw .decoding(field: "url", reason: "\(url.absoluteString) is not a URL")
            }
            components.queryItems = query
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
            guard let withQuery = components.url else {
                throw .decoding(field: "url", reason: "\(url.absoluteString) is not a URL")
            }
            return withQuery
        }
    }

    private func makeRequest<Value>(
        _ target: GitHubTarget<Value>, url: URL, token: AccessToken?, ifNoneMatch etag: String?
    ) -> URLRequest {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
        request.httpMethod = target.method
        request.httpBody = target.body
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        switch target.host {
        case .api:
            request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
            request.setValue(GitHubConfiguration.apiVersion, forHTTPHeaderField: "X-GitHub-Api-Version")
            if let token { request.setValue("Bearer \(token.unredactedValue)", forHTTPHeaderField: "Authorization") }
        case .web:
            request.setValue("application/json", forHTTPHeaderField: "Accept")
        }
        if let contentType = target.contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        return request
    }

    private func transport(_ request: URLRequest) async throws(GitHubError) -> (Data, HTTPURLResponse) {
        let outcome: (Data, URLResponse)
        do {
            outcome = try await session.data(for: request)
        } catch let error as URLError {
            throw .transport(error)
        } catch {
            throw .transport(
                URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: String(describing: type(of: error))]))
        }
        guard let response = outcome.1 as? HTTPURLResponse else {
            throw .transport(URLError(.badServerResponse))
        }
        return (outcome.0, response)
    }

    // MARK: - Answers

    /// The least a secondary rate limit is waited out: GitHub documents "at least one minute".
    static let secondaryLimitWait: TimeInterval = 60

    private func failure(status: Int, data: Data, headers: Headers, token: AccessToken?) -> GitHubError {
        let message = Self.message(in: data).map { GitHubText.shown($0, hiding: token) }
        if status == 403 || status == 429 {
            if let seconds = headers["retry-after"].flatMap(Int.init) {
                return .rateLimited(
                    until: now().addingTimeInterval(max(TimeInterval(seconds), Self.secondaryLimitWait)))
            }
            if let limit = headers.rateLimit, limit.remaining == 0 { return .rateLimited(until: limit.reset) }
            // GitHub's documented wording, and the older one it replaced.
            let secondary =
                message.map {
                    $0.localizedCaseInsensitiveContains("secondary rate limit")
                        || $0.localizedCaseInsensitiveContains("abuse detection")
                } ?? false
            if status == 429 || secondary {
                return .rateLimited(until: now().addingTimeInterval(Self.secondaryLimitWait))
            }
        }
        switch status {
        case 401: return .unauthorized(message: message)
        case 404: return .notFound(message: message)
        case 500..<600: return .server(status: status, message: message)
        default: return .status(status, message: message)
        }
    }

    /// An OAuth endpoint's failure: its `error` code when it names one (`device_flow_disabled`,
    /// `access_denied`, …), else the status; never an API error such as "no such repository".
    private func oauthFailure(status: Int, data: Data, token: AccessToken?) -> GitHubError {
        let answer: TokenPayload?
        do {
            answer = try JSONDecoder().decode(TokenPayload.self, from: data)
        } catch {
            answer = nil
        }
        if let code = answer?.error {
            return Self.oauthError(code: code, description: answer?.errorDescription, token: token)
        }
        let message = Self.message(in: data).map { GitHubText.shown($0, hiding: token) }
        return status >= 500 ? .server(status: status, message: message) : .status(status, message: message)
    }

    /// The error an OAuth `error` code stands for.
    static func oauthError(code: String, description: String?, token: AccessToken? = nil) -> GitHubError {
        switch code {
        case "device_flow_disabled": .deviceFlowDisabled
        case "access_denied": .accessDenied
        case "expired_token": .deviceCodeExpired
        default:
            .oauth(
                code: GitHubText.shown(code, hiding: token),
                description: description.map { GitHubText.shown($0, hiding: token) })
        }
    }

    private static func message(in data: Data) -> String? {
        do {
            return try JSONDecoder().decode(MessagePayload.self, from: data).message
        } catch {
            // An error body without GitHub's message (a proxy's HTML page): the status says enough.
            return nil
        }
    }

    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(GitHubError) -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw Self.decodingFailure(error)
        } catch {
            throw .decoding(field: "body", reason: String(describing: error))
        }
    }

    private static func decodingFailure(_ error: DecodingError) -> GitHubError {
        func path(_ keys: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let all = keys + (last.map { [$0] } ?? [])
            let text = all.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
            return trimmed.isEmpty ? "body" : trimmed
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .decoding(field: path(context.codingPath, key), reason: "missing")
        case .valueNotFound(_, let context):
            return .decoding(field: path(context.codingPath), reason: "null where a value is required")
        case .typeMismatch(let type, let context):
            return .decoding(field: path(context.codingPath), reason: "not a \(type)")
        case .dataCorrupted(let context):
            return .decoding(
                field: path(context.codingPath),
                reason: context.codingPath.isEmpty ? "not JSON" : context.debugDescription)
        @unknown default:
            return .decoding(field: "body", reason: "unreadable")
        }
    }
}

/// A response's headers, read case-insensitively.
struct Headers: Sendable {
    private let fields: [String: String]

    init(_ response: HTTPURLResponse) {
        var fields: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        self.fields = fields
    }

    subscript(name: String) -> String? { fields[name.lowercased()] }

    /// `x-ratelimit-limit`, `-remaining` and `-reset`, when all three are there.
    var rateLimit: RateLimit? {
        guard let limit = self["x-ratelimit-limit"].flatMap(Int.init),
            let remaining = self["x-ratelimit-remaining"].flatMap(Int.init),
            let reset = self["x-ratelimit-reset"].flatMap(TimeInterval.init)
        else { return nil }
        return RateLimit(limit: limit, remaining: remaining, reset: Date(timeIntervalSince1970: reset))
    }

    /// The `Link` header's `rel="next"` address: `<https://…&page=2>; rel="next", <…>; rel="last"`.
    ///
    /// Read as RFC 8288 writes it: an address in angle brackets may hold commas and semicolons,
    /// and a quoted parameter may too.
    var nextPage: URL? {
        guard let link = self["link"] else { return nil }
        for (target, parameters) in Self.links(in: link) {
            let relations = (parameters["rel"] ?? "").lowercased().split(separator: " ")
            if relations.contains("next") { return URL(string: target) }
        }
        return nil
    }

    /// `X-OAuth-Scopes`, split at commas; `nil` when the header is absent.
    var scopes: [String]? {
        self["x-oauth-scopes"].map { value in
            value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// The links of a `Link` header: each target and its parameters (names lowercased).
    static func links(in header: String) -> [(target: String, parameters: [String: String])] {
        var links: [(String, [String: String])] = []
        var rest = Substring(header)
        func skip(_ characters: Set<Character>) {
            while let first = rest.first, characters.contains(first) { rest.removeFirst() }
        }
        while true {
            skip([" ", "\t", ","])
            guard rest.first == "<", let close = rest.firstIndex(of: ">") else { break }
            let target = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            var parameters: [String: String] = [:]
            while true {
                skip([" ", "\t"])
                guard rest.first == ";" else { break }
                rest.removeFirst()
                skip([" ", "\t"])
                let nameEnd = rest.firstIndex { $0 == "=" || $0 == ";" || $0 == "," } ?? rest.endIndex
                let name = rest[..<nameEnd].trimmingCharacters(in: .whitespaces).lowercased()
                rest = rest[nameEnd...]
                var value = ""
                if rest.first == "=" {
                    rest.removeFirst()
                    skip([" ", "\t"])
                    if rest.first == "\"" {
                        rest.removeFirst()
                        while let character = rest.first, character != "\"" {
                            rest.removeFirst()
                            if character == "\\", let escaped = rest.first {
                                value.append(escaped)
                                rest.removeFirst()
                            } else {
                                value.append(character)
                            }
                        }
                        if !rest.isEmpty { rest.removeFirst() }
                    } else {
                        let end = rest.firstIndex { $0 == ";" || $0 == "," } ?? rest.endIndex
                        value = rest[..<end].trimmingCharacters(in: .whitespaces)
                        rest = rest[end...]
                    }
                }
                if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
            }
            links.append((target, parameters))
            // Anything else up to the next link is not ours to read.
            guard let comma = rest.firstIndex(of: ",") else { break }
            rest = rest[comma...]
        }
        return links
    }
}

/// Refuses every redirect, so that `URLSession` never sends a request (and its `Authorization`)
/// anywhere the provider did not choose; the provider sees the redirect itself.
final class RefusingRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
