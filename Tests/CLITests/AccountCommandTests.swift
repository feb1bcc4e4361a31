import Foundation
import ProjectManagerCLI
import ProjectManagerTestSupport
import Testing

/// `pm signup`, `pm login`, `pm logout` and `pm whoami`, run as a user would, run after run.
@Suite("pm: accounts")
struct AccountCommandTests {
    static let email = "ada@example.com"
    static let password = "correct horse battery"

    /// Signs up `email` with `password` from standard input, and checks that it worked.
    static func signUp(
        _ harness: CLIHarness, _ email: String = email, password: String = password,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let outcome = await harness.run(["signup", email, "--password-stdin"], input: password + "\n")
        #expect(outcome.status == 0, "\(outcome.errors)", sourceLocation: sourceLocation)
        #expect(outcome.output == "Signed in as \(email)\n", sourceLocation: sourceLocation)
    }

    static func accountsFile(_ harness: CLIHarness) -> URL {
        harness.directory.file("projects.accounts/accounts.json")
    }

    static func permissions(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    @Test(
        "sign up from standard input; whoami in a later run still says who; the files are private and hold no password")
    func signUpAndStay() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        await Self.signUp(harness)
        let whoami = await harness.run(["whoami"])

        #expect(whoami.status == 0)
        #expect(whoami.output == "Signed in as ada@example.com\n")
        let accounts = Self.accountsFile(harness)
        #expect(try Self.permissions(accounts) == 0o600)
        #expect(try Self.permissions(harness.directory.file("projects.accounts/session.json")) == 0o600)
        for (path, bytes) in try harness.files() {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.password), "\(path) holds the password")
        }
    }

    @Test("whoami --json has the same keys signed in and out, and no secret")
    func whoamiJSON() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let before = await harness.run(["whoami", "--json"])
        await Self.signUp(harness)
        let after = await harness.run(["whoami", "--json"])

        #expect(
            before.output == #"{"account":null,"expiresAt":null,"signedIn":false,"signedInAt":null,"version":1}"# + "\n"
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(after.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["account", "expiresAt", "signedIn", "signedInAt", "version"])
        #expect(object["signedIn"] as? Bool == true)
        #expect(object["signedInAt"] as? String == "2026-03-15T12:00:00Z")
        let account = try #require(object["account"] as? [String: Any])
        #expect(Set(account.keys) == ["createdAt", "email", "fullID", "id"])
        #expect(account["email"] as? String == Self.email)
        #expect(!after.output.contains(Self.password))
    }

    @Test("on a terminal, sign-up asks for the password twice without echo")
    func signUpOnTerminal() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let terminal = ScriptedTerminal([Self.password, Self.password])

        let outcome = await harness.run(["signup", Self.email], terminal: terminal.input)

        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(terminal.prompts.map(\.prompt) == ["Password: ", "Confirm password: "])
        #expect(terminal.prompts.allSatisfy { !$0.echo })
        #expect(!(outcome.output + outcome.errors).contains(Self.password))
    }

    @Test(
        "each field that is not fine says so, as the sign-up form does; nothing is written",
        arguments: [
            (
                "ada@example", "correct horse battery", "correct horse battery",
                "pm: not signed up: Email: Invalid email format: the part after the @ needs a dot, as in example.com."
            ),
            (
                "ada@example.com", "short", "short",
                "pm: not signed up: Password: Invalid password format: use at least 8 characters."
            ),
            (
                "ada@example.com", "ada@example.com", "ada@example.com",
                "pm: not signed up: Password: Invalid password format: do not use your email."
            ),
            (
                "ada@example.com", "password", "password",
                "pm: not signed up: Password: Invalid password format: this password is too common; choose a less common one."
            ),
            (
                "ada@example.com", "correct horse battery", "correct horse staple",
                "pm: not signed up: Confirm password: The passwords do not match."
            ),
            (
                "", "", "",
                "pm: not signed up: Email: Enter your email. Password: Enter a password. Confirm password: Enter the password again."
            ),
        ])
    func fieldMessages(email: String, password: String, confirmation: String, message: String) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let outcome = await harness.run(["signup", email], terminal: ScriptedTerminal([password, confirmation]).input)

        #expect(outcome.status == 1)
        #expect(outcome.errors == message + "\n")
        #expect(outcome.output.isEmpty)
        #expect(try harness.files().isEmpty)
    }

    @Test("an email already registered, its domain in another case, says so and signs nobody in")
    func emailTaken() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        await Self.signUp(harness)
        _ = await harness.run(["logout"])
        let before = try harness.files()

        let outcome = await harness.run(["signup", "ada@EXAMPLE.com", "--password-stdin"], input: "another good one")

        #expect(outcome.status == 1)
        #expect(outcome.errors == "pm: not signed up: Email: This email is already registered: sign in instead.\n")
        #expect(try harness.files() == before)
        #expect(await harness.run(["whoami"]).output == "Not signed in.\n")
    }

    @Test("a wrong password and an unknown email get the same one line and exit 1; only the failure count changes")
    func sameErrorForWrongPasswordAndUnknownEmail() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        await Self.signUp(harness)
        #expect(await harness.run(["logout"]).output == "signed out: ada@example.com\n")
        let failures = "projects.accounts/sign-in-failures.json"
        let before = try harness.files()

        let wrongPassword = await harness.run(["login", Self.email, "--password-stdin"], input: "not my password\n")
        let unknownEmail = await harness.run(
            ["login", "bob@example.com", "--password-stdin"], input: Self.password + "\n")

        #expect(wrongPassword.status == 1)
        #expect(unknownEmail.status == 1)
        #expect(wrongPassword.errors == "pm: The email or the password is wrong.\n")
        #expect(unknownEmail.errors == wrongPassword.errors)
        #expect(wrongPassword.output.isEmpty && unknownEmail.output.isEmpty)
        var after = try harness.files()
        #expect(after.removeValue(forKey: failures) != nil, "the backoff counts failures in the store")
        #expect(after == before)
        #expect(await harness.run(["whoami"]).output == "Not signed in.\n")
    }

    @Test("sign in after sign out; the sixth failure in a row waits, and says until when")
    func signInAndBackoff() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        await Self.signUp(harness)
        _ = await harness.run(["logout"])

        let login = await harness.run(["login", Self.email, "--password-stdin"], input: Self.password)
        #expect(login.status == 0, "\(login.errors)")
        #expect(login.output == "Signed in as ada@example.com\n")
        _ = await harness.run(["logout"])
        for _ in 1...5 {
            _ = await harness.run(["login", Self.email, "--password-stdin"], input: "wrong password")
        }
        let waiting = await harness.run(["login", Self.email, "--password-stdin"], input: Self.password)

        #expect(waiting.status == 1)
        #expect(waiting.errors == "pm: Too many failed sign-ins: try again after 2026-03-15T12:00:30Z.\n")
    }

    @Test(
        "a password given as an argument is refused, saying why, before anything is read or written",
        arguments: [
            ["signup", "ada@example.com", "hunter22"],
            ["login", "ada@example.com", "hunter22"],
            ["login", "ada@example.com", "--password", "hunter22"],
            ["signup", "ada@example.com", "--password=hunter22"],
            ["login", "ada@example.com", "-p", "hunter22"],
        ])
    func passwordArgumentRefused(arguments: [String]) async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }
        let terminal = ScriptedTerminal([Self.password, Self.password])

        let outcome = await harness.run(arguments, terminal: terminal.input)

        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 2)
        #expect(
            outcome.errors.contains(
                "a password on the command line is seen by other users (ps) and kept in your shell's history"))
        #expect(outcome.errors.contains("--password-stdin"))
        #expect(!outcome.errors.contains("hunter22"))
        #expect(terminal.prompts.isEmpty)
        #expect(try harness.files().isEmpty)
    }

    @Test("without a terminal and without --password-stdin, sign-in says how to give the password")
    func noTerminal() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let outcome = await harness.run(["login", Self.email])

        #expect(outcome.status == 2)
        #expect(
            outcome.errorLines.first
                == "pm: standard input is not a terminal to ask for the password on: pipe it in with --password-stdin")
        #expect(try harness.files().isEmpty)
    }

    @Test("logout when nobody is signed in says so; whoami then says so too")
    func logoutSignedOut() async throws {
        let harness = try CLIHarness()
        defer { harness.directory.remove() }

        let logout = await harness.run(["logout"])
        let whoami = await harness.run(["whoami"])

        #expect(logout.status == 0 && whoami.status == 0)
        #expect(logout.output == "Not signed in.\n")
        #expect(whoami.output == "Not signed in.\n")
    }
}
