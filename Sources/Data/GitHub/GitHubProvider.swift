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
}

/// Turns a ``GitHubTarget`` into a `URLRequest`, runs it on `URLSession`, and maps the answer to
/// a value or a ``GitHubError``.
///
/// Every API request carries `Accept: application/vnd.github+json`, `X-GitHub-Api-Version`,
/// the `User-Agent` and, when given, `Authorization: Bearer`. A conditional target's answer is
/// kept with its `ETag` in the ``HTTPResponseCache``; the next request for the same address sends
/// `If-None-Match`, and a `304` decodes the kept body. No request is ever retried.
///
/// A `URLRequest` holds the token, so it is never interpolated into a message or an error.
struct GitHubProvider: Sendable {
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
        session = URLSession(configuration: sessionConfiguration)
    }

    /// Sends `target`, with `token` when given, and decodes the answer.
    func send<Value>(_ target: GitHubTarget<Value>, token: AccessToken?) async throws(GitHubError) -> GitHubResponse<Value> {
        let url = try address(of: target)
        let kept = target.isConditional ? cache.response(for: url) : nil
        let request = makeRequest(target, url: url, token: token, ifNoneMatch: kept?.etag)
        let (data, response) = try await transport(request)
        let headers = Headers(response)
        let rateLimit = headers.rateLimit
        switch response.statusCode {
        case 304:
            guard let kept else { throw .status(304, message: "Not Modified, with no kept copy to reuse") }
            return GitHubResponse(
                value: try decode(Value.self, from: kept.body), next: kept.next, rateLimit: rateLimit, isUnchanged: true)
        case 200..<300:
            let value = try decode(Value.self, from: data)
            let next = headers.nextPage
            if target.isConditional, let etag = headers["etag"] {
                cache.keep(CachedResponse(etag: etag, body: data, next: next), for: url)
            }
            return GitHubResponse(value: value, next: next, rateLimit: rateLimit, isUnchanged: false)
        case let status:
            throw failure(status: status, data: data, headers: headers)
        }
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
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
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
            throw .transport(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: String(describing: type(of: error))]))
        }
        guard let response = outcome.1 as? HTTPURLResponse else {
            throw .transport(URLError(.badServerResponse))
        }
        return (outcome.0, response)
    }

    // MARK: - Answers

    private func failure(status: Int, data: Data, headers: Headers) -> GitHubError {
        let message = Self.message(in: data)
        if status == 403 || status == 429 {
            if let seconds = headers["retry-after"].flatMap(Int.init) {
                return .rateLimited(until: now().addingTimeInterval(TimeInterval(seconds)))
            }
            if let limit = headers.rateLimit, limit.remaining == 0 { return .rateLimited(until: limit.reset) }
            if status == 429 { return .rateLimited(until: now().addingTimeInterval(60)) }
        }
        switch status {
        case 401: return .unauthorized(message: message)
        case 404: return .notFound(message: message)
        case 500..<600: return .server(status: status, message: message)
        default: return .status(status, message: message)
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
            return .decoding(field: path(context.codingPath), reason: context.codingPath.isEmpty ? "not JSON" : context.debugDescription)
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
              let reset = self["x-ratelimit-reset"].flatMap(TimeInterval.init) else { return nil }
        return RateLimit(limit: limit, remaining: remaining, reset: Date(timeIntervalSince1970: reset))
    }

    /// The `Link` header's `rel="next"` address: `<https://…&page=2>; rel="next", <…>; rel="last"`.
    var nextPage: URL? {
        guard let link = self["link"] else { return nil }
        for part in link.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">"),
                  pieces.dropFirst().contains(where: { $0.replacingOccurrences(of: " ", with: "") == "rel=\"next\"" })
            else { continue }
            return URL(string: String(target.dropFirst().dropLast()))
        }
        return nil
    }
}
