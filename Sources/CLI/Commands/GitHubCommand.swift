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
    static let withToken = Flag("--with-token", help: "login: read a personal access token from standard input")
    static let json = Flag.json(help: "status, issues, sync: print JSON")
    static let createIssues = Flag("--create-issues", help: "link: make an issue of each card that has none")
    static let closeDeleted = Flag(
        "--close-deleted", help: "link: close, as not planned, the issue of a card deleted here")
    static let state = Option("--state", "open|closed|all", help: "issues: which states (open unless told)") {
        text, name throws(CommandLineError) -> IssueFilter.State in try choice(text, option: name)
    }
    static let mine = Flag("--mine", help: "issues: only those assigned to you")
    static let assignee = Option("--assignee", "LOGIN", help: "issues: only those assigned to LOGIN", parse: login)
    static let creator = Option("--creator", "LOGIN", help: "issues: only those opened by LOGIN", parse: login)
    static let mentioned = Option("--mentioned", "LOGIN", help: "issues: only those mentioning LOGIN", parse: login)
    static let label = Option(
        "--label", "NAME", help: "issues: only those with this label; repeat for several", repeatable: true)
    static let since = Option(
        "--since", "YYYY-MM-DD", help: "issues: only those updated since this day (UTC)"
    ) { text, name throws(CommandLineError) -> Date in
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        guard let day = Day(validating: text), let start = day.start(in: calendar) else {
            throw .usage("bad \(name) '\(text)': give a day as YYYY-MM-DD")
        }
        return start
    }
    static let sort = Option("--sort", "created|updated|comments", help: "issues: what to sort by (created)") {
        text, name throws(CommandLineError) -> IssueFilter.Sort in try choice(text, option: name)
    }
    static let direction = Option("--direction", "asc|desc", help: "issues: which way to sort (desc)") {
        text, name throws(CommandLineError) -> IssueFilter.Direction in try choice(text, option: name)
    }
    static let board = Option.board(help: "link, sync: the board, by name (the current board unless told)")

    static let configuration = CommandConfiguration(
        name: "github", abstract: "sign in to GitHub, list a repository's issues, sync a board with them",
        discussion: """
            login signs in: with \(withToken.name) it reads a personal access token from standard input \
            and checks it with GitHub; without, it shows a code to type at GitHub's device page \
            (PM_GITHUB_CLIENT_ID names the OAuth app). status says who is signed in, to which \
            host, and the rate limit left; logout forgets the sign-in. issues OWNER/REPO lists a \
            repository's issues (pull requests left out), every page. link OWNER/REPO links a board \
            (the current one, or \(board.synopsis)) to a repository; with \(createIssues.name) a card without an issue \
            becomes one, with \(closeDeleted.name) a deleted card closes its issue as not planned. sync goes both \
            ways: each new issue becomes a card (closed ones in Done); a card moved into or out of Done closes or \
            reopens its issue; a title or body edited on one side goes to the other, and edited on both is merged \
            by lines, GitHub's line kept where both changed the same one (the card's text goes to its history). \
            What cannot be applied is set aside, reported and tried again later; --json prints what went each way. \
            The sign-in is kept in \
            $XDG_CONFIG_HOME/projectmanager/github.json (or ~/.config/...), mode 0600; GH_TOKEN or GITHUB_TOKEN, \
            when set, is used instead. Answers are \
            kept for conditional requests in $XDG_CACHE_HOME/projectmanager/github-cache.json, which logout removes. \
            PM_GITHUB_API_URL and PM_GITHUB_URL point at another GitHub (Enterprise: \
            https://HOST/api/v3 and https://HOST); plain http only to this machine. The token is never printed.
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
            withToken, json, state, mine, assignee, creator, mentioned, label, since, sort, direction, board,
            createIssues,
            closeDeleted,
        ])

    /// What `pm github` does.
    enum Action: Equatable, Sendable {
        case login(withToken: Bool)
        case status(json: Bool)
        case logout
        case issues(GitHubRepositoryName, IssueFilter, json: Bool)
        case link(GitHubRepositoryName, board: String?, createsIssues: Bool, closesDeletedIssues: Bool)
        case sync(board: String?, json: Bool)

        static let names = ["login", "status", "logout", "issues", "link", "sync"]
    }

    let action: Action

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let name = arguments.positionals[0]
        let allowed: [any DeclaredOption]
        switch name {
        case "login":
            allowed = [Self.withToken]
            action = .login(withToken: arguments[Self.withToken])
        case "status":
            allowed = [Self.json]
            action = .status(json: arguments[Self.json])
        case "logout":
            allowed = []
            action = .logout
        case "link":
            allowed = [Self.board, Self.createIssues, Self.closeDeleted]
            guard let text = arguments.positional(1) else {
                throw .usage("'pm github link' needs a repository (OWNER/REPO)")
            }
            action = .link(
                try Self.repository(text), board: arguments[Self.board], createsIssues: arguments[Self.createIssues],
                closesDeletedIssues: arguments[Self.closeDeleted])
        case "sync":
            allowed = [Self.board, Self.json]
            action = .sync(board: arguments[Self.board], json: arguments[Self.json])
        case "issues":
            allowed = [
                Self.json, Self.state, Self.mine, Self.assignee, Self.creator, Self.mentioned, Self.label, Self.since,
                Self.sort, Self.direction,
            ]
            guard let text = arguments.positional(1) else {
                throw .usage("'pm github issues' needs a repository (OWNER/REPO)")
            }
            action = .issues(try Self.repository(text), try Self.filter(arguments), json: arguments[Self.json])
        default:
            throw .usage("unknown 'pm github' action '\(name)'\(Suggestion.didYouMean(name, among: Action.names))")
        }
        if !["issues", "link"].contains(name), let extra = arguments.positional(1) {
            throw .usage("unexpected argument '\(extra)' for 'pm github \(name)'")
        }
        let allowedNames = Set(allowed.map(\.name))
        for option in Self.configuration.options where !allowedNames.contains(option.name) && arguments.isGiven(option)
        {
            throw .usage("option '\(option.name)' does not go with 'pm github \(name)'")
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let github = try GitHubSession(context: context)
        switch action {
        case .login(let withToken): try await github.login(withToken: withToken)
        case .status(let json): try await github.status(json: json)
        case .logout: try github.logout()
        case .issues(let repository, let filter, let json): try await github.listIssues(repository, filter, json: json)
        case .link(let repository, let board, let createsIssues, let closesDeletedIssues):
            try await github.link(
                repository, board: board, createsIssues: createsIssues, closesDeletedIssues: closesDeletedIssues)
        case .sync(let board, let json): try await github.sync(board: board, json: json)
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
        filter.state = try arguments[Self.state] ?? .open
        if arguments[Self.mine] {
            guard !arguments.isGiven(Self.assignee) else {
                throw .usage("give \(Self.mine.name) or \(Self.assignee.name), not both")
            }
            filter.assignee = .me
        }
        filter.assignee = try arguments[Self.assignee].map(IssueFilter.Assignee.login) ?? filter.assignee
        filter.creator = try arguments[Self.creator]
        filter.mentioned = try arguments[Self.mentioned]
        filter.labels = arguments.all(Self.label)
        filter.since = try arguments[Self.since]
        filter.sort = try arguments[Self.sort] ?? .created
        filter.direction = try arguments[Self.direction] ?? .descending
        return filter
    }

    /// One of `Value`'s raw values, in any case.
    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ text: String, option: String
    ) throws(CommandLineError) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: text.lowercased()) else {
            let names = Value.allCases.map(\.rawValue)
            throw .usage(
                "bad \(option) '\(text)': use \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
        return value
    }

    /// A GitHub login: letters, digits and `-`.
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
