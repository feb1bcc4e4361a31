import Foundation
import ProjectManagerDomain
import Synchronization

/// A kept answer: its `ETag`, its body, and its next page.
struct CachedResponse: Codable, Sendable, Hashable {
    var etag: String
    var body: Data
    var next: URL?
}

/// Where answers are kept for conditional requests, by address.
protocol HTTPResponseCache: Sendable {
    func response(for url: URL) -> CachedResponse?
    func keep(_ response: CachedResponse, for url: URL)
    /// Forgets every answer, and the file that keeps them.
    func removeAll() throws(GitHubError)
}

/// Answers kept in memory, for one run.
final class InMemoryResponseCache: HTTPResponseCache {
    private let responses = Mutex<[URL: CachedResponse]>([:])

    func response(for url: URL) -> CachedResponse? { responses.withLock { $0[url] } }
    func keep(_ response: CachedResponse, for url: URL) { responses.withLock { $0[url] = response } }
    func removeAll() { responses.withLock { $0.removeAll() } }
}

/// Answers kept in a `0600` JSON file, so that the next run's requests are conditional too.
///
/// The file is read once and written whole (through a temporary file and a rename) after each
/// new answer. Failing to write it costs only a full answer next time, so write errors are
/// reported through `warn` rather than failing the request that was answered.
final class FileResponseCache: HTTPResponseCache {
    private let file: URL
    private let responses: Mutex<[String: CachedResponse]>
    private let warn: @Sendable (String) -> Void

    init(file: URL, warn: @escaping @Sendable (String) -> Void) {
        self.file = file
        self.warn = warn
        var loaded: [String: CachedResponse] = [:]
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                loaded = try JSONDecoder().decode([String: CachedResponse].self, from: Data(contentsOf: file))
            } catch {
                warn("the GitHub cache \(file.path) could not be read and will be rebuilt")
            }
        }
        responses = Mutex(loaded)
    }

    func response(for url: URL) -> CachedResponse? { responses.withLock { $0[url.absoluteString] } }

    func keep(_ response: CachedResponse, for url: URL) {
        let snapshot = responses.withLock { responses in
            responses[url.absoluteString] = response
            return responses
        }
        do {
            try FileCredentialStore.writePrivately(snapshot, to: file)
        } catch {
            warn("the GitHub cache \(file.path) could not be written: \(error)")
        }
    }

    func removeAll() throws(GitHubError) {
        responses.withLock { $0.removeAll() }
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw .credentialStorage(reason: "could not remove \(file.path): \(error.localizedDescription)")
        }
    }
}
