import ProjectManager

/// The emails of the accounts a command names (a board's owner and members, a card's assignees,
/// comments' authors), each found once among the store's accounts.
///
/// ```swift
/// let names = try await AccountNames(of: [board.owner] + board.members, on: screens)
/// names.email(of: ada)   // "ada@example.com"
/// names.name(of: gone)   // "account 0a1b2c3d", for an account the store no longer has
/// ```
/// The text is as stored: ``TerminalText/sanitized(_:keepingLineBreaks:)`` it for a terminal.
struct AccountNames: Sendable {
    /// The accounts found, by id; an id the store's accounts do not have is left out.
    let accounts: [Account.ID: Account]

    /// The accounts of `ids` (`nil`s skipped), found on `screens`.
    ///
    /// - Complexity: One look-up per distinct account.
    @MainActor
    init(of ids: some Sequence<Account.ID?>, on screens: Screens) async throws(CommandLineError) {
        var accounts: [Account.ID: Account] = [:]
        for id in Set(ids.compactMap(\.self)) {
            if let account = try await screens.account(id: id) { accounts[id] = account }
        }
        self.accounts = accounts
    }

    /// The email of `id`, or `nil` when the store's accounts do not have it.
    func email(of id: Account.ID) -> String? {
        accounts[id]?.email.description
    }

    /// The email of `id`, or `account 0a1b2c3d` when the store's accounts do not have it.
    func name(of id: Account.ID) -> String {
        email(of: id) ?? "account \(ShortIDs.digits(of: id.rawValue, length: ShortIDs.preferredLength))"
    }

    /// Who wrote `comment`, as `pm` shows it: its account's email, the name an imported comment
    /// had where it came from, or `nobody` for one written while no one was signed in.
    func author(of comment: Comment) -> String {
        if let author = comment.author { return name(of: author) }
        if let name = comment.authorName, !name.isEmpty { return name }
        return "nobody"
    }

    /// `id` as JSON: `{"id", "fullID", "email"}`, `email` `null` when the store's accounts do not
    /// have it.
    func object(_ id: Account.ID) -> MemberObject {
        MemberObject(
            id: ShortIDs.digits(of: id.rawValue, length: ShortIDs.preferredLength), fullID: id.description,
            email: accounts[id]?.email.description)
    }
}
