import Foundation
import ProjectManagerDomain

/// One request to GitHub: where it goes, how, and what its answer decodes to.
struct GitHubTarget<Response: Decodable & Sendable>: Sendable {
    /// Which host a target's path is under.
    enum Host: Sendable {
        /// The REST API: JSON with GitHub's media type and API version, the token when there is one.
        case api
        /// The web host's OAuth endpoints: a form in, JSON out, never the token.
        case web
    }

    /// Where the request goes.
    enum Location: Sendable {
        /// A path under the host's base URL, with a query.
        case path(String, query: [URLQueryItem])
        /// An address GitHub gave (a `Link` header's next page), used exactly as given.
        case address(URL)
    }

    var host: Host = .api
    var method = "GET"
    var location: Location
    var body: Data?
    var contentType: String?
    /// Whether the answer's `ETag` is kept and sent back as `If-None-Match`.
    var isConditional = false
}

extension GitHubTarget {
    /// `GET /user`; conditional unless its headers (the token's scopes) must be fresh.
    static func currentUser(conditional: Bool = true) -> GitHubTarget<UserPayload> where Response == UserPayload {
        GitHubTarget(location: .path("user", query: []), isConditional: conditional)
    }

    /// `GET /repos/OWNER/REPO/issues` with the filter's query and `per_page=100`.
    static func issues(of repository: GitHubRepositoryName, matching filter: IssueFilter, login: String?)
        -> GitHubTarget<[IssuePayload]> where Response == [IssuePayload]
    {
        var query = [URLQueryItem(name: "state", value: filter.state.rawValue)]
        switch filter.assignee {
        case .me: query.append(URLQueryItem(name: "assignee", value: login ?? "none"))
        case .login(let login): query.append(URLQueryItem(name: "assignee", value: login))
        case .nobody: query.append(URLQueryItem(name: "assignee", value: "none"))
        case .anybody: query.append(URLQueryItem(name: "assignee", value: "*"))
        case nil: break
        }
        if let creator = filter.creator { query.append(URLQueryItem(name: "creator", value: creator)) }
        if let mentioned = filter.mentioned { query.append(URLQueryItem(name: "mentioned", value: mentioned)) }
        if !filter.labels.isEmpty {
            query.append(URLQueryItem(name: "labels", value: filter.labels.joined(separator: ",")))
        }
        if let since = filter.since { query.append(URLQueryItem(name: "since", value: since.formatted(.iso8601))) }
        query += [
            URLQueryItem(name: "sort", value: filter.sort.rawValue),
            URLQueryItem(name: "direction", value: filter.direction.rawValue),
            URLQueryItem(name: "per_page", value: "100"),
        ]
        return GitHubTarget(
            location: .path("repos/\(repository.owner)/\(repository.name)/issues", query: query), isConditional: true)
    }

    /// The page of issues at `address`, from a `Link` header.
    static func issues(at address: URL) -> GitHubTarget<[IssuePayload]> where Response == [IssuePayload] {
        GitHubTarget(location: .address(address), isConditional: true)
    }

    /// `PATCH /repos/OWNER/REPO/issues/N` with the fields `change` sets: `title`, `body`, and
    /// `state` with its `state_reason`.
    static func update(issue number: Int, in repository: GitHubRepositoryName, with change: IssueChange)
        throws(GitHubError) -> GitHubTarget<IssuePayload> where Response == IssuePayload
    {
        var fields: [String: String] = [:]
        if let title = change.title { fields["title"] = title }
        if let body = change.body { fields["body"] = body }
        switch change.state {
        case .open?: (fields["state"], fields["state_reason"]) = ("open", "reopened")
        case .closed(let reason)?: (fields["state"], fields["state_reason"]) = ("closed", reason.rawValue)
        case nil: break
        }
        return GitHubTarget(
            method: "PATCH",
            location: .path("repos/\(repository.owner)/\(repository.name)/issues/\(number)", query: []),
            body: try json(fields), contentType: "application/json")
    }

    /// `POST /repos/OWNER/REPO/issues` with `title` and `body`.
    static func create(_ issue: NewIssue, in repository: GitHubRepositoryName)
        throws(GitHubError) -> GitHubTarget<IssuePayload> where Response == IssuePayload
    {
        GitHubTarget(
            method: "POST", location: .path("repos/\(repository.owner)/\(repository.name)/issues", query: []),
            body: try json(["title": issue.title, "body": issue.body]), contentType: "application/json")
    }

    private static func json(_ fields: [String: String]) throws(GitHubError) -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        } catch {
            throw .decoding(field: "request", reason: "the fields could not be written as JSON")
        }
    }

    /// A form posted to an OAuth endpoint of the web host.
    static func oauth(_ path: String, form: [URLQueryItem]) -> GitHubTarget {
        var components = URLComponents()
        components.queryItems = form
        let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return GitHubTarget(
            host: .web, method: "POST", location: .path(path, query: []), body: Data(encoded.utf8),
            contentType: "application/x-www-form-urlencoded")
    }
}
