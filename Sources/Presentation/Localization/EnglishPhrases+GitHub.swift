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

    /// The error's own line of facts (its `description`), then what to do, where there is
    /// something to do.
    static func message(for error: GitHubError) -> String {
        let advice: String? =
            switch error {
            case .transport: "; check the connection and try again"
            case .unauthorized, .deviceCodeExpired, .oauth, .unreadableCredential: "; sign in again"
            case .notFound: "; check the name and that the token can see it"
            case .rateLimited: "; try again after that"
            case .server, .tooManyRedirects: "; try again later"
            case .notSignedIn: "; sign in"
            case .insecureAddress: ": use https"
            case .missingScopes: "; make a token with it"
            case .deviceFlowDisabled: "; sign in with a token instead"
            case .accessDenied: "; sign in again to approve it"
            case .stateMismatch: ", sign in again"
            case .status, .decoding, .foreignLink, .redirectRefused, .changeNotApplied, .credentialStorage: nil
            }
        return error.description + (advice ?? "")
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
}
