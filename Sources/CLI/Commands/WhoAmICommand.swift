import Foundation
import ProjectManager

/// `pm whoami`: who is signed in.
struct WhoAmICommand: JSONReadCommand {
    static let configuration = CommandConfiguration(
        name: "whoami", abstract: "say who is signed in",
        discussion: """
            Prints 'Signed in as EMAIL', or 'Not signed in.'; exits 0 either way. \(JSONFormat.flag().name) prints \
            signedIn, account (id, fullID, email, createdAt; null signed out), signedInAt and expiresAt \
            (null: until pm logout). No password or secret is ever printed.
            """,
        options: JSONFormat.options())

    var json: JSONFormat?

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        let session = try await screens.session()
        if let json {
            try context.printJSON(SessionObject(session), json)
            return
        }
        let text = session.map { screens.text(.signedIn(as: $0.account.email)) } ?? screens.text(.signedOut)
        context.print(TerminalText.sanitized(text))
    }
}
