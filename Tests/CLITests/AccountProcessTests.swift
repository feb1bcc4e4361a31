import Foundation
import ProjectManagerTestSupport
import Testing

/// The built `pm` (or the one `PM_EXECUTABLE` names, such as the release build) signing up and in
/// as a new user would, each command a process of its own, with the real 600,000 PBKDF2 rounds.
///
/// A debug build hashes slowly (seconds a hash), so this suite hashes twice; the in-process suites
/// (``AccountCommandTests``) cover the rest with fewer rounds.
@Suite("The pm executable: an account, as a new user")
struct AccountProcessTests {
    static func pm(_ arguments: [String], input: String = "", store: URL) throws -> ProcessRun {
        try ProcessRun.run(
            BuiltExecutable.url(named: "pm", override: "PM_EXECUTABLE"), arguments + ["--store", store.path],
            input: input,
            environment: ["HOME": store.deletingLastPathComponent().path, "PM_NOW": "2026-03-15T12:00:00Z"])
    }

    @Test("sign up, whoami in a new process, a wrong password; the accounts file is 0600 without the password")
    func newUser() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("projects.pmstore")
        let password = "a long and private passphrase"

        let signUp = try Self.pm(
            ["signup", "ada@example.com", "--password-stdin"], input: password + "\n", store: store)
        let whoami = try Self.pm(["whoami"], store: store)
        let wrong = try Self.pm(
            ["login", "ada@example.com", "--password-stdin"], input: "not the passphrase\n", store: store)
        let still = try Self.pm(["whoami", "--json"], store: store)

        #expect(signUp.status == 0, "\(signUp.errors)")
        #expect(signUp.output == "Signed in as ada@example.com\n")
        #expect(whoami.output == "Signed in as ada@example.com\n")
        #expect(wrong.status == 1)
        #expect(wrong.errors == "pm: The email or the password is wrong.\n")
        #expect(still.output.contains(#""signedIn":true"#))
        let accounts = directory.file("projects.accounts/accounts.json")
        let mode = try FileManager.default.attributesOfItem(atPath: accounts.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!String(decoding: try Data(contentsOf: accounts), as: UTF8.self).contains(password))
        for run in [signUp, whoami, wrong, still] {
            #expect(!(run.output + run.errors).contains(password))
        }
    }
}
