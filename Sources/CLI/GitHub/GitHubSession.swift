import Foundation
import ProjectManager

/// What `pm github` works with: the configuration the environment gives, the sign-in file, the
/// cache of conditional answers, and the command's output.
///
/// Every GitHub error becomes one runtime line (exit 1); a `URLRequest` or a token is never
/// printed, so nothing here can show the token.
@MainActor
struct GitHubSession {
    let context: CommandContext
    let services: GitHubServices

    init(context: CommandContext) throws(CommandLineError) {
        self.context = context
        let environment = context.tool.processEnvironment
        let configuration = GitHubConfiguration(
            apiURL: try Self.url(environment, "PM_GITHUB_API_URL", default: GitHubConfiguration.defaultAPIURL),
            webURL: try Self.url(environment, "PM_GITHUB_URL", default: GitHubConfiguration.defaultWebURL),
            clientID: environment["PM_GITHUB_CLIENT_ID"], userAgent: "pm/\(CommandRegistry.version)")
        let errors = context.tool.errors
        let now = context.tool.engineEnvironment.now
        services = GitHubServices(
            configuration: configuration,
            credentials: GitHubServices.credentials(environment: environment, apiURL: configuration.apiURL),
            cacheFile: GitHubServices.defaultCacheFile(environment: environment), now: now,
            warn: { errors.write("pm: warning: \(CommandLineTool.oneLine($0))\n") })
    }

    private static func url(_ environment: [String: String], _ name: String, default fallback: URL)
        throws(CommandLineError) -> URL
    {
        guard let text = environment[name], !text.isEmpty else { return fallback }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw .runtime("\(name) '\(text)' is not an http or https address; set it like https://api.github.com")
        }
        return url
    }

    private var host: String { Self.host(of: services.configuration.apiURL) }

    private static func host(of url: URL) -> String {
        (url.host ?? url.absoluteString) + (url.port.map { ":\($0)" } ?? "")
    }

    /// Runs GitHub work, turning its error into one runtime line.
    func attempt<Value>(_ work: () async throws(GitHubError) -> Value) async throws(CommandLineError) -> Value {
        do {
            return try await work()
        } catch {
            throw .runtime(error.commandLineMessage)
        }
    }

    /// The stored sign-in, if it is for the configured API.
    func credential() async throws(CommandLineError) -> GitHubCredential {
        let credential = try await attempt { () throws(GitHubError) in try services.signedIn() }
        guard credential.apiURL == services.configuration.apiURL else {
            throw .runtime(
                "signed in to \(Self.host(of: credential.apiURL)), not to \(host); sign in there with 'pm github login \(GitHubCommand.withToken.name)'"
            )
        }
        return credential
    }

    // MARK: - Signing in

    func login(withToken: Bool) async throws(CommandLineError) {
        let token: AccessToken
        if withToken {
            token = AccessToken(context.tool.standardInput())
            guard !token.isEmpty else {
                throw .runtime(
                    "no token on standard input: pipe one in, as in 'pm github login \(GitHubCommand.withToken.name) < token.txt'"
                )
            }
        } else {
            let sleep = context.tool.sleep
            let output = context.tool.output
            token = try await attempt { () async throws(GitHubError) in
                try await services.deviceSignIn(sleep: sleep)(scope: "repo") { codes in
                    output.write("First copy your one-time code: \(codes.userCode)\n")
                    output.write("Then open \(codes.verificationURL.absoluteString) in a browser and paste it.\n")
                }
            }
        }
        let user = try await attempt { () async throws(GitHubError) in try await services.signIn(with: token) }
        context.print("signed in to \(host) as \(TerminalText.sanitized(user.login))")
    }

    func status(json: Bool) async throws(CommandLineError) {
        let credential = try await credential()
        let (user, rateLimit) = try await attempt { () async throws(GitHubError) in
            try await services.accounts.currentUser(with: credential.token)
        }
        if json {
            context.print(try GitHubJSON.text(GitHubJSON.Status(host: host, login: user.login, rateLimit: rateLimit)))
            return
        }
        var lines = ["signed in to \(host) as \(TerminalText.sanitized(user.login))"]
        if let rateLimit {
            lines.append(
                "rate limit: \(rateLimit.remaining) of \(rateLimit.limit) requests left, resets \(rateLimit.reset.formatted(.iso8601))"
            )
        }
        context.print(lines)
    }

    func logout() throws(CommandLineError) {
        let removed: GitHubCredential?
        do throws(GitHubError) {
            removed = try services.signOut()
        } catch {
            throw .runtime(error.commandLineMessage)
        }
        guard let removed else {
            context.print("not signed in; nothing to forget")
            return
        }
        context.print("signed out of \(Self.host(of: removed.apiURL)) (\(TerminalText.sanitized(removed.login)))")
    }

    // MARK: - Boards

    func link(
        _ repository: GitHubRepositoryName, board name: String?, createsIssues: Bool, closesDeletedIssues: Bool
    ) async throws(CommandLineError) {
        try await context.open(board: name, readOnly: false).screens
            .link(to: repository, createsIssues: createsIssues, closesDeletedIssues: closesDeletedIssues)
        context.print("linked the board to \(repository); run 'pm github sync' to bring its issues in")
    }

    func sync(board name: String?, json: Bool) async throws(CommandLineError) {
        let credential = try await credential()
        let screens = try await context.open(board: name, readOnly: false).screens
        let report = try await screens.sync(over: services.issues(signedInAs: credential))
        if json {
            context.print(try GitHubJSON.text(GitHubJSON.SyncReport(report)))
            return
        }
        if report.isQuiet {
            context.print("up to date: nothing changed on GitHub")
            return
        }
        var summary =
            "synced: \(report.added) added, \(report.updated) updated, \(report.closed) closed, \(report.reopened) reopened on GitHub"
        let outgoing = [
            (report.created, "made issues"), (report.edited, "edited"),
            (report.closedAsNotPlanned, "closed as not planned"),
        ]
        .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        if !outgoing.isEmpty { summary += "; \(outgoing.joined(separator: ", ")) on GitHub" }
        var lines = [summary]
        let localizer = Localizer.commandLine
        if report.conflicts > 0 { lines.append(localizer(.gitHub(.keptGitHubText(cards: report.conflicts)))) }
        lines += report.setAside.map { TerminalText.sanitized(localizer(.gitHub(.setAside($0)))) }
        context.print(lines)
    }

    // MARK: - Issues

    func listIssues(_ repository: GitHubRepositoryName, _ filter: IssueFilter, json: Bool)
        async throws(CommandLineError)
    {
        let credential = try await credential()
        let repositoryIssues = services.issues(signedInAs: credential)
        let issues = try await attempt { () async throws(GitHubError) in
            var page = try await repositoryIssues.firstPage(of: repository, matching: filter)
            var issues = page.issues
            while let next = page.next {
                page = try await repositoryIssues.page(after: next)
                issues += page.issues
            }
            return issues
        }
        if json {
            context.print(try GitHubJSON.text(issues.map(GitHubJSON.Issue.init)))
            return
        }
        guard !issues.isEmpty else {
            context.print("no issues in \(repository) match")
            return
        }
        let numberWidth = issues.map { "#\($0.number)".count }.max() ?? 0
        context.print(
            issues.map { issue in
                var line =
                    TerminalText.padded("#\(issue.number)", to: numberWidth) + "  "
                    + TerminalText.padded(issue.state.rawValue, to: 6) + "  " + TerminalText.sanitized(issue.title)
                if !issue.labels.isEmpty {
                    line += "  [" + TerminalText.sanitized(issue.labels.joined(separator: ", ")) + "]"
                }
                if !issue.assignees.isEmpty {
                    line += "  " + issue.assignees.map { "@" + TerminalText.sanitized($0) }.joined(separator: " ")
                }
                return line
            })
    }
}

/// The JSON `pm github` prints: snake_case keys, ISO 8601 times, sorted keys; never a token.
enum GitHubJSON {
    /// What a sync did each way, and what it set aside.
    struct SyncReport: Encodable {
        struct FromGitHub: Encodable {
            var added: Int
            var updated: Int
        }

        struct ToGitHub: Encodable {
            var created: Int
            var edited: Int
            var closed: Int
            var reopened: Int
            var closedAsNotPlanned: Int
        }

        struct SetAside: Encodable {
            var direction: String
            var issue: Int?
            var project: String?
            var reason: String
            var retryAfter: Date?

            private enum CodingKeys: String, CodingKey { case direction, issue, project, reason, retryAfter }

            /// Absent values are written `null`.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(direction, forKey: .direction)
                try container.encode(issue as Int?, forKey: .issue)
                try container.encode(project as String?, forKey: .project)
                try container.encode(reason, forKey: .reason)
                try container.encode(retryAfter as Date?, forKey: .retryAfter)
            }
        }

        var fromGithub: FromGitHub
        var toGithub: ToGitHub
        var conflicts: Int
        var setAside: [SetAside]
        var unchanged: Bool

        init(_ report: GitHubSyncReport) {
            fromGithub = FromGitHub(added: report.added, updated: report.updated)
            toGithub = ToGitHub(
                created: report.created, edited: report.edited, closed: report.closed, reopened: report.reopened,
                closedAsNotPlanned: report.closedAsNotPlanned)
            conflicts = report.conflicts
            unchanged = report.isUnchanged
            setAside = report.setAside.map { item in
                let localizer = Localizer.commandLine
                let reason: String
                var retryAfter: Date?
                switch item.reason {
                case .gitHub(let error): reason = localizer.message(for: error)
                case .repository(let error): reason = localizer.message(for: error)
                case .waiting(let until, let attempts):
                    (reason, retryAfter) = ("failed \(attempts) \(attempts == 1 ? "time" : "times") in a row", until)
                }
                return SetAside(
                    direction: item.direction == .toGitHub ? "to_github" : "from_github", issue: item.issue,
                    project: item.project?.description, reason: reason, retryAfter: retryAfter)
            }
        }
    }

    struct Status: Encodable {
        var host: String
        var login: String
        var rateLimit: RateLimit?
    }

    struct Issue: Encodable {
        var id: Int64
        var number: Int
        var title: String
        var body: String?
        var state: String
        var stateReason: String?
        var url: URL
        var labels: [String]
        var assignees: [String]
        var author: String?
        var createdAt: Date
        var updatedAt: Date
        var closedAt: Date?

        init(_ issue: GitHubIssue) {
            (id, number, title, body, state, stateReason) =
                (issue.id, issue.number, issue.title, issue.body, issue.state.rawValue, issue.stateReason)
            (url, labels, assignees, author) = (issue.url, issue.labels, issue.assignees, issue.author)
            (createdAt, updatedAt, closedAt) = (issue.createdAt, issue.updatedAt, issue.closedAt)
        }

        private enum CodingKeys: String, CodingKey {
            case id, number, title, body, state, stateReason, url, labels, assignees, author, createdAt, updatedAt,
                closedAt
        }

        /// Absent values are written `null`, as GitHub writes them.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encode(body as String?, forKey: .body)
            try container.encode(state, forKey: .state)
            try container.encode(stateReason as String?, forKey: .stateReason)
            try container.encode(url, forKey: .url)
            try container.encode(labels, forKey: .labels)
            try container.encode(assignees, forKey: .assignees)
            try container.encode(author as String?, forKey: .author)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
            try container.encode(closedAt as Date?, forKey: .closedAt)
        }
    }

    static func text(_ value: some Encodable) throws(CommandLineError) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return CommandJSON.escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw .runtime("could not write JSON: \(error)")
        }
    }
}
