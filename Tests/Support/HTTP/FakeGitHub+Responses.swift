import Foundation

// MARK: - Routing

extension FakeGitHub {
    static func respond(to request: RecordedRequest, state: inout State) -> StubResponse {
        if request.path.hasPrefix("/login/") { return oauth(request, state: &state) }
        guard request.path.hasPrefix(apiPrefix) else { return message(404, "Not Found") }
        let path = String(request.path.dropFirst(apiPrefix.count))
        var delay = Duration.zero
        var fault: Fault?
        if !state.faults.isEmpty {
            switch state.faults.removeFirst() {
            case .slow(let wait): delay = wait
            case let other: fault = other
            }
        }
        if fault == .unauthorizedEchoingToken {
            let echoed = request.header("authorization") ?? ""
            return message(
                401,
                "Bad credentials \u{1b}]0;pwned\u{7}\u{1b}[31m(you sent: Authorization: \(echoed))\u{1b}[0m \u{202E}dedivorp"
            )
        }
        if let fault, let failure = failure(fault, state: &state) { return failure }
        if state.rateRemaining <= 0 { return failure(.rateLimited, state: &state) ?? message(403, "Forbidden") }
        guard let authorization = request.header("authorization") else {
            return message(401, "Requires authentication")
        }
        guard authorization == "Bearer \(validToken)" else { return message(401, "Bad credentials") }
        if let moved = renamedLocation(request, path: path, state: state) {
            return StubResponse(
                status: request.method == "GET" ? 301 : 307, headers: [("Location", moved)] + rateHeaders(state),
                body: Data(#"{"message":"Moved Permanently"}"#.utf8))
        }
        var routed = request
        if fault == .answerWithoutChanging { (routed.method, routed.body) = ("GET", Data()) }
        var response = route(routed, path: path, state: &state)
        if response.status != 304 { state.rateRemaining -= 1 }
        response.headers += rateHeaders(state)
        response.delay = delay
        if fault == .missingField { response.body = withoutRequiredFields(response.body) }
        return response
    }

    private static func route(_ request: RecordedRequest, path: String, state: inout State) -> StubResponse {
        let parts = path.split(separator: "/").map(String.init)
        switch (request.method, parts.count) {
        case ("GET", 1) where parts == ["user"]:
            var response = conditional(json(userJSON(login: login, full: true)), request)
            if let scopes = state.scopes { response.headers.append(("X-OAuth-Scopes", scopes)) }
            return response
        case ("POST", 4) where parts[0] == "repos" && parts[3] == "issues":
            return createIssue(request, repository: "\(parts[1])/\(parts[2])", state: &state)
        case ("GET", 4) where parts[0] == "repos" && parts[3] == "issues":
            return listIssues(request, repository: "\(parts[1])/\(parts[2])", path: path, state: state)
        case ("GET", 5) where parts[0] == "repos" && parts[3] == "issues":
            guard
                let issue = state.repositories["\(parts[1])/\(parts[2])"]?.first(where: { "\($0.number)" == parts[4] })
            else { return message(404, "Not Found") }
            return conditional(
                json(issueJSON(issue, repository: "\(parts[1])/\(parts[2])", host: host(request))), request)
        case ("PATCH", 5) where parts[0] == "repos" && parts[3] == "issues":
            return updateIssue(request, repository: "\(parts[1])/\(parts[2])", number: parts[4], state: &state)
        default:
            return message(404, "Not Found")
        }
    }

    private static func failure(_ fault: Fault, state: inout State) -> StubResponse? {
        switch fault {
        case .rateLimited:
            state.rateRemaining = 0
            var response = message(
                403,
                "API rate limit exceeded for user ID 1. If you reach out to GitHub Support for help, please include the request ID.",
                documentation: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api")
            response.headers += rateHeaders(state)
            return response
        case .secondaryRateLimit(let seconds):
            var response = message(
                403, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
                documentation:
                    "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits")
            response.headers += [("retry-after", "\(seconds)")] + rateHeaders(state)
            return response
        case .tooManyRequests(let seconds):
            var response = message(429, "Too Many Requests")
            response.headers += [("retry-after", "\(seconds)")]
            return response
        case .unauthorized:
            return message(401, "Bad credentials")
        case .serverError(let status):
            return message(status, "Server Error")
        case .malformedJSON:
            return .json(200, Data(#"[{"id": 1, "number": 1347, "title": "Found a bug""#.utf8))
        case .validationFailed:
            return message(422, "Validation Failed")
        case .secondaryRateLimitWithoutRetryAfter:
            var response = message(
                403, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
                documentation:
                    "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits")
            response.headers += rateHeaders(state)
            return response
        case .redirect(let status, let location):
            return StubResponse(status: status, headers: [("Location", location)], body: Data())
        case .missingField, .slow, .unauthorizedEchoingToken, .answerWithoutChanging:
            return nil
        }
    }

    // MARK: - Issues

    private static func listIssues(_ request: RecordedRequest, repository: String, path: String, state: State)
        -> StubResponse
    {
        guard let all = state.repositories[repository] else { return message(404, "Not Found") }
        let wanted = request.queryValue("state") ?? "open"
        let labels = (request.queryValue("labels") ?? "").split(separator: ",").map(String.init)
        let since = request.queryValue("since").flatMap { text in
            Result { try Date(text, strategy: .iso8601) }.map(Optional.some).get(or: nil)
        }
        var issues = all.filter { issue in
            (wanted == "all" || issue.state == wanted)
                && labels.allSatisfy(issue.labels.contains)
                && since.map { issue.updatedAt >= $0 } ?? true
                && request.queryValue("creator").map { issue.user == $0 } ?? true
                && request.queryValue("mentioned").map { issue.body?.contains("@\($0)") == true } ?? true
                && request.queryValue("assignee").map { assignee in
                    switch assignee {
                    case "none": issue.assignees.isEmpty
                    case "*": !issue.assignees.isEmpty
                    default: issue.assignees.contains(assignee)
                    }
                } ?? true
        }
        let key: (FakeIssue) -> Date = request.queryValue("sort") == "updated" ? { $0.updatedAt } : { $0.createdAt }
        let ascending = request.queryValue("direction") == "asc"
        issues.sort { ascending ? key($0) < key($1) : key($0) > key($1) }
        let perPage = min(max(Int(request.queryValue("per_page") ?? "") ?? 30, 1), 100)
        let page = max(Int(request.queryValue("page") ?? "") ?? 1, 1)
        let lastPage = max((issues.count + perPage - 1) / perPage, 1)
        let slice = issues.dropFirst((page - 1) * perPage).prefix(perPage)
        var response = json(slice.map { issueJSON($0, repository: repository, host: host(request)) })
        var links: [String] = []
        func link(_ number: Int, _ relation: String) {
            var items = request.query.filter { $0.name != "page" }
            items.append(URLQueryItem(name: "page", value: "\(number)"))
            var components = URLComponents()
            components.queryItems = items
            links.append(
                "<http://\(host(request))\(apiPrefix)\(path)?\(components.percentEncodedQuery ?? "")>; rel=\"\(relation)\""
            )
        }
        if page > 1 { link(page - 1, "prev") }
        if page < lastPage {
            link(page + 1, "next")
            link(lastPage, "last")
        }
        if page > 1 { link(1, "first") }
        if !links.isEmpty { response.headers.append(("Link", links.joined(separator: ", "))) }
        return conditional(response, request)
    }

    /// Where a request for a renamed repository goes now, as an absolute address.
    private static func renamedLocation(_ request: RecordedRequest, path: String, state: State) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count >= 3, parts[0] == "repos", let newName = state.renamed["\(parts[1])/\(parts[2])"] else {
            return nil
        }
        var components = URLComponents()
        components.queryItems = request.query.isEmpty ? nil : request.query
        let rest = parts.dropFirst(3).joined(separator: "/")
        let query = components.percentEncodedQuery.map { "?\($0)" } ?? ""
        return "http://\(host(request))\(apiPrefix)/repos/\(newName)\(rest.isEmpty ? "" : "/" + rest)\(query)"
    }

    private static func failureMessage(_ status: Int) -> StubResponse {
        switch status {
        case 403: message(403, "Resource not accessible by personal access token")
        case 404: message(404, "Not Found")
        case 410: message(410, "Issues are disabled for this repo")
        case 422: message(422, "Validation Failed")
        default: message(status, "Server Error")
        }
    }

    private static func createIssue(_ request: RecordedRequest, repository: String, state: inout State) -> StubResponse
    {
        guard state.repositories[repository] != nil else { return message(404, "Not Found") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: request.body)
        } catch {
            return message(400, "Problems parsing JSON")
        }
        guard let fields = object as? [String: Any], let title = fields["title"] as? String, !title.isEmpty else {
            return message(422, "Validation Failed")
        }
        let number = (state.repositories[repository]?.map(\.number).max() ?? 0) + 1
        state.nextIssueID += 1
        let now = state.tick()
        let issue = FakeIssue(
            id: state.nextIssueID, number: number, title: title, body: fields["body"] as? String, user: login,
            labels: [],
            assignees: [], isPullRequest: false, createdAt: now, updatedAt: now)
        state.repositories[repository, default: []].append(issue)
        var response = json(issueJSON(issue, repository: repository, host: host(request)))
        response.status = 201
        return response
    }

    private static func updateIssue(_ request: RecordedRequest, repository: String, number: String, state: inout State)
        -> StubResponse
    {
        guard var issues = state.repositories[repository],
            let index = issues.firstIndex(where: { "\($0.number)" == number })
        else { return message(404, "Not Found") }
        if let status = state.failingIssues["\(repository)#\(number)"] { return failureMessage(status) }
        let fields: [String: Any]
        do {
            // An empty body changes nothing, and GitHub answers with the issue as it is.
            let body = request.body.isEmpty ? Data("{}".utf8) : request.body
            guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                return message(400, "Problems parsing JSON")
            }
            fields = object
        } catch {
            return message(400, "Problems parsing JSON")
        }
        var issue = issues[index]
        if let title = fields["title"] as? String { issue.title = title }
        if fields.keys.contains("body") { issue.body = fields["body"] as? String }
        if let newState = fields["state"] as? String {
            guard newState == "open" || newState == "closed" else { return message(422, "Validation Failed") }
            if newState != issue.state { issue.closedAt = newState == "closed" ? state.clock : nil }
            issue.state = newState
            issue.stateReason = fields["state_reason"] as? String ?? (newState == "closed" ? "completed" : "reopened")
        }
        issue.updatedAt = state.tick()
        issues[index] = issue
        state.repositories[repository] = issues
        return json(issueJSON(issue, repository: repository, host: host(request)))
    }

    // MARK: - OAuth

    private static func oauth(_ request: RecordedRequest, state: inout State) -> StubResponse {
        let fields = request.formFields
        let wantsJSON = request.header("accept")?.contains("application/json") == true
        func answer(_ values: [(String, Any)]) -> StubResponse {
            if wantsJSON { return json(Dictionary(values, uniquingKeysWith: { first, _ in first })) }
            var components = URLComponents()
            components.queryItems = values.map { URLQueryItem(name: $0.0, value: "\($0.1)") }
            return StubResponse(
                status: 200, headers: [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")],
                body: Data((components.percentEncodedQuery ?? "").utf8))
        }
        func error(_ code: String, _ description: String) -> StubResponse {
            answer([
                ("error", code), ("error_description", description),
                (
                    "error_uri",
                    "https://docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps#error-codes-for-the-device-flow"
                ),
            ])
        }
        guard request.method == "POST" else { return message(404, "Not Found") }
        switch request.path {
        case "/login/device/code":
            guard fields["client_id"]?.isEmpty == false else {
                return error("unauthorized_client", "The client_id is missing.")
            }
            switch state.deviceCodeAnswer {
            case .codes: break
            case .unknownClient: return json(["error": "Not Found"], status: 404)
            case .deviceFlowDisabled:
                return json(
                    [
                        "error": "device_flow_disabled",
                        "error_description": "Device Flow must be explicitly enabled for this App",
                    ], status: 400)
            }
            return answer([
                ("device_code", deviceCode), ("user_code", userCode),
                ("verification_uri", "http://\(host(request))/login/device"), ("expires_in", 900),
                ("interval", state.deviceInterval),
            ])
        case "/login/oauth/access_token" where fields["grant_type"] == "urn:ietf:params:oauth:grant-type:device_code":
            guard fields["device_code"] == deviceCode else {
                return error("incorrect_device_code", "The device_code provided is not valid.")
            }
            let step = state.deviceSteps.isEmpty ? .granted : state.deviceSteps.removeFirst()
            switch step {
            case .authorizationPending:
                return error("authorization_pending", "The authorization request is still pending.")
            case .slowDown:
                state.deviceInterval += 5
                var slow = error("slow_down", "Too many requests have been made in the same timeframe.")
                if wantsJSON {
                    slow = json([
                        "error": "slow_down",
                        "error_description": "Too many requests have been made in the same timeframe.",
                        "interval": state.deviceInterval,
                    ])
                }
                return slow
            case .expiredToken:
                return error("expired_token", "The device_code has expired.")
            case .accessDenied:
                return error("access_denied", "The authorization request was denied.")
            case .granted:
                return answer([("access_token", validToken), ("token_type", "bearer"), ("scope", "repo")])
            }
        case "/login/oauth/access_token":
            guard let code = fields["code"], state.pendingCodes[code] != nil, state.verifiers[code] == nil else {
                return error("bad_verification_code", "The code passed is incorrect or expired.")
            }
            guard fields["client_secret"] == clientSecret else {
                return error("incorrect_client_credentials", "The client_id and/or client_secret passed are incorrect.")
            }
            state.verifiers[code] = fields["code_verifier"] ?? ""
            return answer([("access_token", validToken), ("token_type", "bearer"), ("scope", "repo")])
        default:
            return message(404, "Not Found")
        }
    }

    // MARK: - Bodies

    private static func host(_ request: RecordedRequest) -> String { request.header("host") ?? "127.0.0.1" }

    static func message(_ status: Int, _ text: String, documentation: String = "https://docs.github.com/rest")
        -> StubResponse
    {
        json(["message": text, "documentation_url": documentation], status: status)
    }

    private static func json(_ object: Any, status: Int = 200) -> StubResponse {
        do {
            return .json(status, try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
        } catch {
            preconditionFailure("fixture is not JSON: \(error)")
        }
    }

    /// Answers `304` when the request's `If-None-Match` names the response's `ETag`.
    private static func conditional(_ response: StubResponse, _ request: RecordedRequest) -> StubResponse {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in response.body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let tag = "W/\"\(String(hash, radix: 16))\""
        if request.header("if-none-match") == tag {
            return StubResponse(status: 304, headers: [("ETag", tag)])
        }
        var tagged = response
        tagged.headers += [
            ("ETag", tag), ("Cache-Control", "private, max-age=60, s-maxage=60"), ("Vary", "Accept, Authorization"),
        ]
        return tagged
    }

    private static func rateHeaders(_ state: State) -> [(name: String, value: String)] {
        [
            ("x-ratelimit-limit", "\(state.rateLimit)"), ("x-ratelimit-remaining", "\(max(state.rateRemaining, 0))"),
            ("x-ratelimit-reset", "\(state.rateReset)"),
            ("x-ratelimit-used", "\(state.rateLimit - max(state.rateRemaining, 0))"),
            ("x-ratelimit-resource", "core"),
        ]
    }

    private static func withoutRequiredFields(_ body: Data) -> Data {
        do {
            let object = try JSONSerialization.jsonObject(with: body)
            func strip(_ value: Any) -> Any {
                guard var fields = value as? [String: Any] else { return value }
                fields["title"] = nil
                fields["login"] = nil
                return fields
            }
            let stripped = (object as? [Any]).map { $0.map(strip) } ?? strip(object)
            return try JSONSerialization.data(withJSONObject: stripped)
        } catch {
            return body
        }
    }

    private static func userJSON(login: String, full: Bool = false) -> [String: Any] {
        let id = login == "octocat" ? 1 : 2
        var user: [String: Any] = [
            "login": login, "id": id, "node_id": "MDQ6VXNlcjE=",
            "avatar_url": "https://github.com/images/error/\(login)_happy.gif", "gravatar_id": "",
            "url": "https://api.github.com/users/\(login)", "html_url": "https://github.com/\(login)",
            "followers_url": "https://api.github.com/users/\(login)/followers",
            "following_url": "https://api.github.com/users/\(login)/following{/other_user}",
            "gists_url": "https://api.github.com/users/\(login)/gists{/gist_id}",
            "starred_url": "https://api.github.com/users/\(login)/starred{/owner}{/repo}",
            "subscriptions_url": "https://api.github.com/users/\(login)/subscriptions",
            "organizations_url": "https://api.github.com/users/\(login)/orgs",
            "repos_url": "https://api.github.com/users/\(login)/repos",
            "events_url": "https://api.github.com/users/\(login)/events{/privacy}",
            "received_events_url": "https://api.github.com/users/\(login)/received_events",
            "type": "User", "site_admin": false,
        ]
        if full {
            user["name"] = "monalisa octocat"
            user["company"] = "GitHub"
            user["blog"] = "https://github.com/blog"
            user["location"] = "San Francisco"
            user["email"] = NSNull()
            user["hireable"] = NSNull()
            user["bio"] = "There once was..."
            user["twitter_username"] = NSNull()
            user["public_repos"] = 2
            user["followers"] = 20
            user["following"] = 0
            user["created_at"] = "2008-01-14T04:33:35Z"
            user["updated_at"] = "2008-01-14T04:33:35Z"
        }
        return user
    }

    private static func issueJSON(_ issue: FakeIssue, repository: String, host: String) -> [String: Any] {
        let api = "http://\(host)\(apiPrefix)/repos/\(repository)"
        let web = "http://\(host)/\(repository)"
        let kind = issue.isPullRequest ? "pull" : "issues"
        var object: [String: Any] = [
            "id": issue.id, "node_id": "MDU6SXNzdWUx", "url": "\(api)/issues/\(issue.number)",
            "repository_url": api, "labels_url": "\(api)/issues/\(issue.number)/labels{/name}",
            "comments_url": "\(api)/issues/\(issue.number)/comments",
            "events_url": "\(api)/issues/\(issue.number)/events",
            "html_url": "\(web)/\(kind)/\(issue.number)", "number": issue.number, "state": issue.state,
            "title": issue.title, "body": issue.body ?? NSNull(),
            "user": issue.user.map { userJSON(login: $0) } ?? NSNull(),
            "labels": issue.labels.enumerated().map { offset, name in
                [
                    "id": 208_045_946 + offset, "node_id": "MDU6TGFiZWwyMDgwNDU5NDY=", "url": "\(api)/labels/\(name)",
                    "name": name, "description": "Something isn't working", "color": "f29513", "default": offset == 0,
                ] as [String: Any]
            },
            "assignee": issue.assignees.first.map { userJSON(login: $0) } ?? NSNull(),
            "assignees": issue.assignees.map { userJSON(login: $0) },
            "milestone": NSNull(), "locked": false, "active_lock_reason": NSNull(), "comments": 0,
            "closed_at": issue.closedAt.map { $0.formatted(.iso8601) } ?? NSNull(),
            "created_at": issue.createdAt.formatted(.iso8601),
            "updated_at": issue.updatedAt.formatted(.iso8601),
            "closed_by": NSNull(), "author_association": "COLLABORATOR",
            "state_reason": issue.stateReason ?? NSNull(),
        ]
        if issue.isPullRequest {
            object["pull_request"] = [
                "url": "\(api)/pulls/\(issue.number)", "html_url": "\(web)/pull/\(issue.number)",
                "diff_url": "\(web)/pull/\(issue.number).diff", "patch_url": "\(web)/pull/\(issue.number).patch",
            ]
        }
        return object
    }
}

extension Result {
    /// The success value, or `fallback` for a failure the caller has decided to treat as absent.
    fileprivate func get(or fallback: Success) -> Success {
        switch self {
        case .success(let value): value
        case .failure: fallback
        }
    }
}
