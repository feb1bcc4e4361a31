import Foundation
import ProjectManagerDomain

/// An issue as GitHub's REST API sends it: only what is read, and every documented `null` optional.
struct IssuePayload: Decodable, Sendable {
    struct Label: Decodable, Sendable {
        var name: String

        init(from decoder: any Decoder) throws {
            // GitHub documents a label as an object or, in older answers, its bare name.
            do {
                name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
            } catch DecodingError.typeMismatch {
                name = try decoder.singleValueContainer().decode(String.self)
            }
        }

        private enum CodingKeys: String, CodingKey { case name }
    }

    struct Marker: Decodable, Sendable {}

    var id: Int64
    var number: Int
    var title: String
    var body: String?
    var state: GitHubIssue.State
    var stateReason: String?
    var htmlURL: URL
    var labels: [Label]
    var assignee: UserPayload?
    var assignees: [UserPayload]?
    var user: UserPayload?
    var createdAt: Date
    var updatedAt: Date
    var closedAt: Date?
    /// Present only on pull requests, which the issue list mixes in.
    var pullRequest: Marker?

    private enum CodingKeys: String, CodingKey {
        case id, number, title, body, state, labels, assignee, assignees, user
        case stateReason = "state_reason"
        case htmlURL = "html_url"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case closedAt = "closed_at"
        case pullRequest = "pull_request"
    }

    var issue: GitHubIssue {
        GitHubIssue(
            id: id, number: number, title: title, body: body, state: state, stateReason: stateReason,
            url: htmlURL, labels: labels.map(\.name),
            assignees: (assignees ?? assignee.map { [$0] } ?? []).map(\.login), author: user?.login,
            createdAt: createdAt, updatedAt: updatedAt, closedAt: closedAt)
    }
}

/// A user as GitHub sends it.
struct UserPayload: Decodable, Sendable {
    var id: Int64
    var login: String
    var name: String?

    var user: GitHubUser { GitHubUser(id: id, login: login, name: name) }
}

/// The device flow's first answer: the codes, or an OAuth `error`.
struct DeviceCodePayload: Decodable, Sendable {
    var deviceCode: String?
    var userCode: String?
    var verificationURI: URL?
    var expiresIn: Int?
    var interval: Int?
    var error: String?
    var errorDescription: String?

    private enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationURI = "verification_uri"
        case expiresIn = "expires_in"
        case interval, error
        case errorDescription = "error_description"
    }
}

/// The token endpoint's answer: a token, or an `error` (with status 200, as GitHub sends it).
struct TokenPayload: Decodable, Sendable {
    var accessToken: String?
    var error: String?
    var errorDescription: String?
    var interval: Int?

    private enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case error
        case errorDescription = "error_description"
        case interval
    }
}

/// GitHub's error body: `{"message": "Bad credentials", "documentation_url": "…"}`.
struct MessagePayload: Decodable, Sendable {
    var message: String
}
