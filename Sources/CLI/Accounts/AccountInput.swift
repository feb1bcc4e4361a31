/// What `pm signup` and `pm login` take: the email, and where to read the password: the terminal,
/// without echo, or standard input with `--password-stdin` (as `docker login` does). Never an
/// argument: other users see a process's arguments, and shells keep them in their history.
struct AccountInput: Equatable, Sendable {
    /// The email, as typed.
    var email: String
    /// Whether the password comes from standard input.
    var fromStandardInput: Bool

    /// Why a password is never an argument, and what to do instead.
    static let whyNotAnArgument = """
        a password on the command line is seen by other users (ps) and kept in your shell's history; \
        type it when asked, or pipe it in with \(option.name)
        """

    /// `--password-stdin`.
    static let option = Flag(
        "--password-stdin", help: "read the password from standard input (one line) instead of asking on the terminal")

    /// The options that would put a password on the command line, refused with ``whyNotAnArgument``.
    static let refusedOptions = Dictionary(
        uniqueKeysWithValues: ["--password", "-p", "--pass", "--passwd"].map { ($0, whyNotAnArgument) })

    /// The email argument.
    static let email = CommandArgument(
        valueName: "EMAIL", noun: "an email address", help: "the account's email address")

    init(email: String, fromStandardInput: Bool) {
        self.email = email
        self.fromStandardInput = fromStandardInput
    }

    init(_ arguments: ParsedArguments) {
        email = arguments.positionals[0]
        fromStandardInput = arguments[Self.option]
    }

    /// The password, and for a new one what the user typed to confirm it.
    ///
    /// From standard input, the first line is the password (without its line break),
    /// and it is its own confirmation. On the terminal, `confirming` asks a second time.
    /// - Throws: ``CommandLineError/usage(_:)`` when there is no terminal to ask on.
    func readPassword(
        in context: CommandContext, labels: (password: String, confirmation: String), confirming: Bool
    ) throws(CommandLineError) -> (password: String, confirmation: String) {
        if fromStandardInput {
            let input = context.tool.standardInput()
            var line = input.prefix { $0 != "\n" && $0 != "\r\n" }
            if line.hasSuffix("\r") { line = line.dropLast() }
            let password = String(line)
            return (password, password)
        }
        guard let terminal = context.tool.terminal else {
            throw .usage(
                "standard input is not a terminal to ask for the password on: pipe it in with \(Self.option.name)")
        }
        let password = terminal.readLine("\(labels.password): ", false) ?? ""
        guard confirming else { return (password, password) }
        return (password, terminal.readLine("\(labels.confirmation): ", false) ?? "")
    }
}
