import Foundation
import ProjectManager

/// `pm github`: signs in to GitHub and lists a repository's issues.
///
/// ```
/// pm github login --with-token < token.txt
/// pm github issues octocat/Hello-World --state all --label bug
/// pm github status --json
/// ```
struct GitHubCommand: Command {
    static let configuration = CommandConfiguration(
        name: "github", abstract: "sign in to GitHub, list a repository's issues, sync a board with them",
        discussion: """
            login signs in: with --with-token it reads a personal access token from standard input \
            and checks it with GitHub; without, it shows a code to type at GitHub's device page \
            (PM_GITHUB_CLIENT_ID names the OAuth app). status says who is signed in, to which \
            host, and the rate limit left; logout forgets the sign-in. issues OWNER/REPO lists a \
            repository's issues (pull requests left out), every page. link OWNER/REPO links a board \
            (the current one, or --board NAME) to a repository; sync makes each issue a card (closed ones in \
            Done), and closes an issue whose card was moved to Done (reopens one moved out). The sign-in is kept in \
            $XDG_CONFIG_HOME/projectmanager/github.json (or ~/.config/...), mode 0600; answers are \
            kept for conditional requests in $XDG_CACHE_HOME/projectmanager/github-cache.json. \
            PM_GITHUB_API_URL and PM_GITHUB_URL point at another GitHub (Enterprise: \
            https://HOST/api/v3 and https://HOST). The token is never printed.
            """,
        arguments: [
            CommandArgument(
                valueName: "login|status|logout|issues|link|sync",
                noun: "what to do (login, status, logout, issues, link or sync)",
                help: "what to do", completion: .words(Action.names)),
            CommandArgument(
                valueName: "OWNER/REPO", noun: "a repository (OWNER/REPO)", help: "the repository, for issues and link",
                isOptional: true),
        ],
        options: [
            .flag("--with-token", help: "login: read a personal access token from standard input"),
            .flag("--json", help: "status, issues: print JSON"),
            .value("--state", "open|closed|all", help: "issues: which states (open unless told)"),
            .flag("--mine", help: "issues: only those assigned to you"),
            .value("--assignee", "LOGIN", help: "issues: only those assigned to LOGIN"),
            .value("--creator", "LOGIN", help: "issues: only those opened by LOGIN"),
            .value("--mentioned", "LOGIN", help: "issues: only those mentioning LOGIN"),
            .repeatable("--label", "NAME", help: "issues: only those with this label; repeat for several"),
            .value("--since", "YYYY-MM-DD", help: "issues: only those updated since this day (UTC)"),
            .value("--sort", "created|updated|comments", help: "issues: what to sort by (created)"),
            .value("--direction", "asc|desc", help: "issues: which way to sort (desc)"),
            .value("--board", "NAME", help: "link, sync: the board, by name (the current board unless told)"),
        ])

    /// What `pm github` does.
    enum Action: Equatable, Sendable {
        case login(withToken: Bool)
        case status(json: Bool)
        case logout
        case issues(GitHubRepositoryName, IssueFilter, json: Bool)
        case link(GitHubRepositoryName, board: String?)
        case sync(board: String?)

        static let names = ["login", "status", "logout", "issues", "link", "sync"]
    }

    let action: Action

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let name = arguments.positionals[0]
        let allowed: Set<String>
        switch name {
        case "login":
            allowed = ["--with-token"]
            action = .login(withToken: arguments.flag("--with-token"))
        case "status":
            allowed = ["--json"]
            action = .status(json: arguments.flag("--json"))
        case "logout":
            allowed = []
            action = .logout
        case "link":
            allowed = ["--board"]
            guard let text = arguments.positional(1) else { throw .usage("'pm github link' needs a repository (OWNER/REPO)") }
            action = .link(try Self.repository(text), board: arguments.value("--board"))
        case "sync":
            allowed = ["--board"]
            action = .sync(board: arguments.value("--board"))
        case "issues":
            allowed = ["--json", "--state", "--mine", "--assignee", "--creator", "--mentioned", "--label", "--since", "--sort", "--direction"]
            guard let text = arguments.positional(1) else { throw .usage("'pm github issues' needs a repository (OWNER/REPO)") }
            action = .issues(try Self.repository(text), try Self.filter(arguments), json: arguments.flag("--json"))
        default:
            throw .usage("unknown 'pm github' action '\(name)'\(Suggestion.didYouMean(name, among: Action.names))")
        }
        if !["issues", "link"].contains(name), let extra = arguments.positional(1) {
            throw .usage("unexpected argument '\(extra)' for 'pm github \(name)'")
        }
        for option in Self.configuration.options.map(\.name) where !allowed.contains(option) {
            if arguments.flag(option) || !arguments.values(option).isEmpty {
                throw .usage("option '\(option)' does not go with 'pm github \(name)'")
            }
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let github = try GitHubSession(context: context)
        switch action {
        case .login(let withToken): try await github.login(withToken: withToken)
        case .status(let json): try await github.status(json: json)
        case .logout: try github.logout()
        case .issues(let repository, let filter, let json): try await github.listIssues(repository, filter, json: json)
        case .link(let repository, let board): try await github.link(repository, board: board)
        case .sync(let board): try await github.sync(board: board)
        }
    }

    // MARK: - Filters

    private static func repository(_ text: String) throws(CommandLineError) -> GitHubRepositoryName {
        guard let repository = GitHubRepositoryName(text) else {
            throw .usage("bad repository '\(text)': write it OWNER/REPO, e.g. octocat/Hello-World")
        }
        return repository
    }

    private static func filter(_ arguments: ParsedArguments) throws(CommandLineError) -> IssueFilter {
        var filter = IssueFilter()
        filter.state = try choice(arguments.value("--state"), option: "--state", default: .open)
        if arguments.flag("--mine") {
            guard arguments.value("--assignee") == nil else { throw .usage("give --mine or --assignee, not both") }
            filter.assignee = .me
        }
        filter.assignee = try arguments.value("--assignee").map { (login: String) throws(CommandLineError) in
            .login(try Self.login(login, option: "--assignee"))
        } ?? filter.assignee
        filter.creator = try arguments.value("--creator").map { (login: String) throws(CommandLineError) in
            try Self.login(login, option: "--creator")
        }
        filter.mentioned = try arguments.value("--mentioned").map { (login: String) throws(CommandLineError) in
            try Self.login(login, option: "--mentioned")
        }
        filter.labels = arguments.values("--label")
        if let since = arguments.value("--since") {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            guard let day = Day(validating: since), let start = day.start(in: calendar) else {
                throw .usage("bad --since '\(since)': give a day as YYYY-MM-DD")
            }
            filter.since = start
        }
        filter.sort = try choice(arguments.value("--sort"), option: "--sort", default: .created)
        filter.direction = try choice(arguments.value("--direction"), option: "--direction", default: .descending)
        return filter
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ text: String?, option: String, default fallback: Value
    ) throws(CommandLineError) -> Value where Value.RawValue == String {
        guard let text else { return fallback }
        guard let value = Value(rawValue: text.lowercased()) else {
            let names = Value.allCases.map(\.rawValue)
            throw .usage("bad \(option) '\(text)': use \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
        return value
    }

    private static func login(_ text: String, option: String) throws(CommandLineError) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-"))
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else {
            throw .usage("bad \(option) '\(text)': give a GitHub login, letters, digits and '-'")
        }
        return text
    }
}

extension Day {
    /// The day `text` names, or `nil` when it is not a `YYYY-MM-DD` day.
    fileprivate init?(validating text: String) {
        do {
            try self.init(parsing: text)
        } catch {
            return nil
        }
    }
}
