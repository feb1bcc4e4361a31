import Foundation
import ProjectManagerDomain

/// What a ``GitHubGitDataTransport`` keeps about its folder, in `.github-mirror.json` there: the
/// commit the folder last matched, its tree, and each file's blob id as of that commit (or as
/// this replica pushed it).
///
/// A file under the folder that is not listed here is this replica's, not yet pushed: no pull
/// deletes or overwrites it. A listed file whose content no longer has its listed id was changed
/// here since: no pull overwrites it either, and the next push of its folder sends it.
struct GitHubMirrorManifest: Sendable, Codable, Equatable {
    /// The file's name in the folder.
    static let fileName = ".github-mirror.json"

    var format = 1
    /// The remote branch's commit the folder last matched; `nil` before there was one.
    var commit: String?
    /// That commit's tree.
    var tree: String?
    /// Each mirrored file's path (relative to the folder) and blob id.
    var files: [String: String] = [:]

    /// The manifest in `folder`, or `nil` when there is none yet.
    ///
    /// - Throws: ``SyncError/localState(reason:)`` when it cannot be read or is not a manifest.
    static func load(from folder: URL) throws(SyncError) -> GitHubMirrorManifest? {
        let file = folder.appending(path: fileName)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw .localState(reason: "\(file.path(percentEncoded: false)) could not be read")
        }
        do {
            return try JSONDecoder().decode(GitHubMirrorManifest.self, from: data)
        } catch {
            throw .localState(reason: "\(file.path(percentEncoded: false)) is not a mirror manifest this engine reads")
        }
    }

    /// Writes the manifest into `folder`: whole, or not at all.
    ///
    /// - Throws: ``SyncError/localState(reason:)``.
    func save(to folder: URL) throws(SyncError) {
        let file = folder.appending(path: Self.fileName)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try PrivateStateFile.write(encoder.encode(self), to: file, private: true)
        } catch {
            throw .localState(reason: "\(file.path(percentEncoded: false)) could not be written")
        }
    }
}
