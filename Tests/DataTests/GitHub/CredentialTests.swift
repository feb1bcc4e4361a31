import Foundation
import ProjectManagerData
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@Suite("The token never shows, and its file is private")
struct CredentialTests {
    static let secret = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"

    @Test("description, debug description, interpolation, dump and reflection are redacted")
    func redacted() {
        let token = AccessToken(Self.secret)
        let credential = GitHubCredential(
            token: token, login: "octocat", apiURL: URL(string: "https://api.github.com")!)
        var dumped = ""
        dump(credential, to: &dumped)
        let texts = [
            token.description, token.debugDescription, "\(token)", String(reflecting: token), dumped,
            "\(credential)", String(reflecting: credential), "\([token])",
        ]
        for text in texts {
            #expect(!text.contains(Self.secret), "\(text)")
            #expect(!text.contains("ghp_"), "\(text)")
        }
        #expect(token.unredactedValue == Self.secret)
    }

    @Test("a pasted token loses its newline")
    func trimmed() {
        #expect(AccessToken("  \(Self.secret)\n").unredactedValue == Self.secret)
    }

    @Test("the sign-in is saved in a 0600 file in a 0700 folder, read back, and removed")
    func fileStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileCredentialStore(
            file: FileCredentialStore.defaultFile(environment: ["XDG_CONFIG_HOME": directory.url.path]))
        let credential = GitHubCredential(
            token: AccessToken(Self.secret), login: "octocat", apiURL: URL(string: "https://api.github.com")!)

        try store.save(credential)

        #expect(store.file.path == directory.file("projectmanager/github.json").path)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.file.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: store.file.deletingLastPathComponent().path)
        #expect(folder[.posixPermissions] as? Int == 0o700)
        #expect(try store.load() == credential)
        #expect(try store.remove())
        #expect(try store.load() == nil)
        #expect(try store.remove() == false)
    }

    @Test("without XDG_CONFIG_HOME the file is under ~/.config")
    func homeDefault() {
        let file = FileCredentialStore.defaultFile(environment: ["HOME": "/home/mona"])
        #expect(file.path == "/home/mona/.config/projectmanager/github.json")
    }

    @Test("a file others could read is made private when it is read")
    func tightened() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = FileCredentialStore(file: directory.file("github.json"))
        try store.save(
            GitHubCredential(
                token: AccessToken(Self.secret), login: "octocat", apiURL: URL(string: "https://api.github.com")!))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.file.path)

        _ = try store.load()

        #expect(try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test("an unreadable file is a typed error that names the file and not the token")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("github.json")
        try Data("{\"token\": \"\(Self.secret)\"".utf8).write(to: file)

        let error = #expect(throws: GitHubError.self) { _ = try FileCredentialStore(file: file).load() }
        #expect(error?.description.contains(file.path) == true)
        #expect(error?.description.contains(Self.secret) == false)
    }
}
