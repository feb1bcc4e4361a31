import Foundation
import ProjectManagerDomain

/// The Git Data API's requests (refs, commits, trees, blobs) and the contents endpoint that
/// starts an empty repository.
extension GitHubTarget {
    private static func path(_ repository: GitHubRepositoryName, _ rest: String) -> String {
        "repos/\(repository.owner)/\(repository.name)/\(rest)"
    }

    /// `GET /repos/OWNER/REPO/git/ref/heads/BRANCH`: `404` when there is no such branch, `409`
    /// when the repository is empty.
    static func branch(_ branch: String, of repository: GitHubRepositoryName) -> GitHubTarget<GitRefPayload>
    where Response == GitRefPayload {
        GitHubTarget(location: .path(path(repository, "git/ref/heads/\(branch)"), query: []))
    }

    /// `GET /repos/OWNER/REPO/git/commits/SHA`.
    static func commit(_ sha: String, of repository: GitHubRepositoryName) -> GitHubTarget<GitCommitPayload>
    where Response == GitCommitPayload {
        GitHubTarget(location: .path(path(repository, "git/commits/\(sha)"), query: []))
    }

    /// `GET /repos/OWNER/REPO/git/trees/SHA`, with `recursive=1` when `recursive`.
    static func tree(_ sha: String, of repository: GitHubRepositoryName, recursive: Bool)
        -> GitHubTarget<GitTreePayload> where Response == GitTreePayload
    {
        GitHubTarget(
            location: .path(
                path(repository, "git/trees/\(sha)"),
                query: recursive ? [URLQueryItem(name: "recursive", value: "1")] : []))
    }

    /// `GET /repos/OWNER/REPO/git/blobs/SHA`.
    static func blob(_ sha: String, of repository: GitHubRepositoryName) -> GitHubTarget<GitBlobPayload>
    where Response == GitBlobPayload {
        GitHubTarget(location: .path(path(repository, "git/blobs/\(sha)"), query: []))
    }

    /// `POST /repos/OWNER/REPO/git/blobs` with `content` in base64.
    static func createBlob(_ content: Data, in repository: GitHubRepositoryName)
        throws(GitHubError) -> GitHubTarget<GitCreatedPayload> where Response == GitCreatedPayload
    {
        try posting(NewBlobPayload(content: content.base64EncodedString()), to: path(repository, "git/blobs"))
    }

    /// `POST /repos/OWNER/REPO/git/trees`: `entries` over `base`'s entries.
    static func createTree(_ entries: [NewTreePayload.Entry], over base: String?, in repository: GitHubRepositoryName)
        throws(GitHubError) -> GitHubTarget<GitCreatedPayload> where Response == GitCreatedPayload
    {
        try posting(NewTreePayload(baseTree: base, tree: entries), to: path(repository, "git/trees"))
    }

    /// `POST /repos/OWNER/REPO/git/commits`.
    static func createCommit(
        message: String, tree: String, parents: [String], in repository: GitHubRepositoryName
    ) throws(GitHubError) -> GitHubTarget<GitCreatedPayload> where Response == GitCreatedPayload {
        try posting(
            NewCommitPayload(message: message, tree: tree, parents: parents), to: path(repository, "git/commits"))
    }

    /// `PATCH /repos/OWNER/REPO/git/refs/heads/BRANCH` with `force: false`: GitHub refuses with
    /// `422` ("Update is not a fast forward") unless `sha` descends from the branch's commit.
    static func moveBranch(_ branch: String, to sha: String, in repository: GitHubRepositoryName)
        throws(GitHubError) -> GitHubTarget<GitRefPayload> where Response == GitRefPayload
    {
        try posting(
            RefUpdatePayload(sha: sha, force: false), to: path(repository, "git/refs/heads/\(branch)"),
            method: "PATCH")
    }

    /// `POST /repos/OWNER/REPO/git/refs`: `422` ("Reference already exists") when it does.
    static func createBranch(_ branch: String, at sha: String, in repository: GitHubRepositoryName)
        throws(GitHubError) -> GitHubTarget<GitRefPayload> where Response == GitRefPayload
    {
        try posting(NewRefPayload(ref: "refs/heads/\(branch)", sha: sha), to: path(repository, "git/refs"))
    }

    /// `PUT /repos/OWNER/REPO/contents/PATH` on the default branch: the one way to make the first
    /// commit of an empty repository, where the Git Data API answers `409`.
    static func createFile(
        at file: String, content: Data, message: String, in repository: GitHubRepositoryName
    ) throws(GitHubError) -> GitHubTarget<ContentsWritePayload> where Response == ContentsWritePayload {
        try posting(
            ContentsWriteRequestPayload(message: message, content: content.base64EncodedString()),
            to: path(repository, "contents/\(file)"), method: "PUT")
    }

    private static func posting(_ body: some Encodable, to path: String, method: String = "POST")
        throws(GitHubError) -> GitHubTarget
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(body)
        } catch {
            throw .decoding(field: "request", reason: "the fields could not be written as JSON")
        }
        return GitHubTarget(
            method: method, location: .path(path, query: []), body: data, contentType: "application/json")
    }
}
