import Foundation

// What GitHub's Git Data API sends and takes (refs, commits, trees and blobs), only the fields
// read or written.

// MARK: - Answers

/// A reference: `{"ref": "refs/heads/main", "object": {"type": "commit", "sha": "…"}}`.
struct GitRefPayload: Decodable, Sendable {
    struct Object: Decodable, Sendable {
        var type: String
        var sha: String
    }

    var ref: String
    var object: Object
}

/// A commit: its tree and parents.
struct GitCommitPayload: Decodable, Sendable {
    struct Pointer: Decodable, Sendable {
        var sha: String
    }

    var sha: String
    var tree: Pointer
    var parents: [Pointer]
}

/// A tree, recursive or not: `truncated` is `true` when GitHub left entries out (over 100,000
/// entries or 7 MB).
struct GitTreePayload: Decodable, Sendable {
    struct Entry: Decodable, Sendable {
        var path: String
        var mode: String
        /// `blob`, `tree` or `commit` (a submodule).
        var type: String
        var sha: String
        /// A blob's size in bytes; absent for a tree.
        var size: Int?
    }

    var sha: String
    var tree: [Entry]
    var truncated: Bool
}

/// A blob: its content in `encoding` (`base64`, GitHub's own, with line breaks; or `utf-8`).
struct GitBlobPayload: Decodable, Sendable {
    var sha: String
    var size: Int?
    var content: String
    var encoding: String
}

/// What a created object answers with: its id.
struct GitCreatedPayload: Decodable, Sendable {
    var sha: String
}

/// What `PUT …/contents/PATH` answers with: the commit it made.
struct ContentsWritePayload: Decodable, Sendable {
    var commit: GitCommitPayload
}

// MARK: - Requests

/// `POST …/git/blobs`.
struct NewBlobPayload: Encodable, Sendable {
    var content: String
    var encoding = "base64"
}

/// `POST …/git/trees`: `tree`'s entries over `base_tree`'s, or alone without one.
struct NewTreePayload: Encodable, Sendable {
    struct Entry: Encodable, Sendable {
        var path: String
        var mode = "100644"
        var type = "blob"
        var sha: String
    }

    var baseTree: String?
    var tree: [Entry]

    private enum CodingKeys: String, CodingKey {
        case baseTree = "base_tree"
        case tree
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(baseTree, forKey: .baseTree)
        try container.encode(tree, forKey: .tree)
    }
}

/// `POST …/git/commits`.
struct NewCommitPayload: Encodable, Sendable {
    var message: String
    var tree: String
    var parents: [String]
}

/// `PATCH …/git/refs/heads/BRANCH`: moves the branch, only forward unless `force`.
struct RefUpdatePayload: Encodable, Sendable {
    var sha: String
    var force: Bool
}

/// `POST …/git/refs`.
struct NewRefPayload: Encodable, Sendable {
    var ref: String
    var sha: String
}

/// `PUT …/contents/PATH`, which, unlike the Git Data API, works on an empty repository.
struct ContentsWriteRequestPayload: Encodable, Sendable {
    var message: String
    var content: String
}
