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
        case .failure(let error): error.description
        case .notLinked: "This board is not linked to a repository: link it first."
        }
    }
}
