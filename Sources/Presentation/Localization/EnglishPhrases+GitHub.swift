import Foundation
import ProjectManagerDomain

extension EnglishPhrases {
    static func text(for phrase: GitHubPhrase) -> String {
        switch phrase {
        case .issuesTitle(let repository): "Issues · \(repository)"
        case .stateFilter(.open), .issueState(.open): "Open"
        case .stateFilter(.closed), .issueState(.closed): "Closed"
        case .stateFilter(.all): "All"
        case .assignedToMe: "Assigned to me"
        case .loadMore: "Load more"
        case .loading: "Loading…"
        case .noIssues: "No issues match these filters."
        case .noDescription: "No description provided."
        case .opened(let number, let author?): "#\(number) opened by \(author)"
        case .opened(let number, nil): "#\(number) opened by a deleted account"
        case .failure(let error): message(for: error)
        case .setAside(let item): setAside(item)
        case .keptGitHubText(let cards):
            "GitHub's text was kept over the card's on \(cards) \(cards == 1 ? "card" : "cards"); the card's text is in its history"
        case .notLinked: "This board is not linked to a repository: link it first."
        }
    }

    static func message(for error: GitHubError) -> String {
        switch error {
        case .transport(let error) where error.code == .timedOut:
            "GitHub did not answer in time; check the connection and try again"
        case .transport(let error):
            "could not reach GitHub (\(reason(error.code))); check the connection and try again"
        case .unauthorized(let message):
            "GitHub refused the token\(quoted(message)); sign in again"
        case .notFound(let message):
            "GitHub found no such repository or issue\(quoted(message)); check the name and that the token can see it"
        case .rateLimited(let until):
            "GitHub's rate limit is reached until \(until.formatted(.iso8601)); try again after that"
        case .server(let status, let message):
            "GitHub failed with status \(status)\(quoted(message)); try again later"
        case .status(let status, let message):
            "GitHub answered with status \(status)\(quoted(message))"
        case .decoding(let field, let reason):
            "GitHub's answer could not be read at '\(field)': \(reason)"
        case .notSignedIn:
            "not signed in to GitHub; sign in"
        case .foreignLink(let host):
            "GitHub's next page points at another host (\(host)); nothing was sent there"
        case .redirectRefused(let host):
            "GitHub's answer redirects to another host (\(GitHubText.shown(host))); it was not followed and nothing was sent there"
        case .tooManyRedirects(let limit):
            "GitHub redirected more than \(limit) times in a row; try again later"
        case .insecureAddress(let host):
            "the address of \(GitHubText.shown(host)) is plain http, not encrypted and not on this machine; nothing was sent: use https"
        case .changeNotApplied(let issue, let field):
            "GitHub answered the change to issue #\(issue) without making it (its \(field) is not what was sent)"
        case .missingScopes(let needed, let granted):
            "the token lacks the scope \(needed.joined(separator: ", ")) (it has \(granted.isEmpty ? "none" : granted.joined(separator: ", "))); "
                + "make a token with it"
        case .deviceFlowDisabled:
            "the OAuth app does not allow signing in with a device code; sign in with a token instead"
        case .deviceCodeExpired:
            "the sign-in code expired before it was approved; sign in again"
        case .accessDenied:
            "the sign-in was declined on GitHub; sign in again to approve it"
        case .stateMismatch:
            "the sign-in answer did not come from this sign-in (state mismatch); nothing was exchanged, sign in again"
        case .oauth(let code, let description):
            "GitHub refused the sign-in (\(GitHubText.shown(code))\(description.map { ": \(GitHubText.shown($0))" } ?? "")); sign in again"
        case .credentialStorage(let reason):
            reason
        case .unreadableCredential(let file):
            "the GitHub sign-in in \(file) is unreadable; sign in again"
        }
    }

    private static func setAside(_ item: GitHubSyncReport.SetAside) -> String {
        let what =
            switch (item.issue, item.direction) {
            case (let number?, .toGitHub): "#\(number), to GitHub"
            case (let number?, .fromGitHub): "#\(number), from GitHub"
            case (nil, .toGitHub): "a new card, to GitHub"
            case (nil, .fromGitHub): "an issue, from GitHub"
            }
        let why =
            switch item.reason {
            case .gitHub(let error): message(for: error)
            case .repository(let error): message(for: error)
            case .waiting(let until, let attempts):
                "failed \(attempts) \(attempts == 1 ? "time" : "times") in a row; tried again after \(until.formatted(.iso8601))"
            }
        return "set aside \(what): \(why)"
    }

    private static func reason(_ code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "unknown host"
        case .notConnectedToInternet: "offline"
        case .networkConnectionLost: "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted: "secure connection failed"
        default: "URL error \(code.rawValue)"
        }
    }

    private static func quoted(_ message: String?) -> String {
        message.map { ": \"\(GitHubText.shown($0))\"" } ?? ""
    }
}
