import Foundation
import ProjectManager

/// `pm whoami`: who is signed in.
struct WhoAmICommand: JSONReadCommand {
    static let configuration = CommandConfiguration(
        name: "whoami", abstract: "say who is signed in",
        discussion: """
            Prints 'Signed in as EMAIL', or 'Not signed in.'; exits 0 either way. \(Flag.json().name) prints \
            signedIn, and when signed in account (id, email, createdAt), signedInAt and expiresAt \
            (null: until pm logout). No password or secret is ever printed.
            """,
        options: [Flag.json()])

    var json = false

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        let session = try await screens.session()
        if json {
            context.print(try CommandJSON.line(Output(session)))
            return
        }
        let text = session.map { screens.text(.signedIn(as: $0.account.email)) } ?? screens.text(.signedOut)
        context.print(TerminalText.sanitized(text))
    }

    /// What `--json` prints.
    struct Output: Encodable {
        struct Account: Encodable {
            var id: String
            var email: String
            var createdAt: Date
        }

        var signedIn: Bool
        var account: Account?
        var signedInAt: Date?
        var expiresAt: Date?

        init(_ session: Session?) {
            signedIn = session != nil
            account = session.map { Account(id: $0.account.id.description, email: $0.account.email.description, createdAt: $0.account.createdAt) }
            signedInAt = session?.signedInAt
            expiresAt = session?.expiresAt
        }

        enum CodingKeys: String, CodingKey { case signedIn, account, signedInAt, expiresAt }

        // Every key, null when absent, so that scripts see the same keys signed in or not.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(signedIn, forKey: .signedIn)
            try container.encode(account, forKey: .account)
            try container.encode(signedInAt, forKey: .signedInAt)
            try container.encode(expiresAt, forKey: .expiresAt)
        }
    }
}
