/// Every `pm` command, in the order `pm help` lists them, and the options every command takes.
///
/// The parser, `pm help`, the suggestions for a near miss and `pm completion` read this list:
/// to add a command, write its type (see ``Command``) and add it here.
enum CommandRegistry {
    /// `pm`'s version, as `pm --version` prints it.
    static let version = "5.4.7"

    /// The commands, in the order help lists them.
    static let commands: [any Command.Type] = [
        DemoCommand.self,
        AddCommand.self,
        BoardCommand.self,
        BoardsCommand.self,
        ListsCommand.self,
        ListCommand.self,
        ShowCommand.self,
        EditCommand.self,
        MoveCommand.self,
        LabelsCommand.self,
        LabelCommand.self,
        UnlabelCommand.self,
        CheckCommand.self,
        CommentsCommand.self,
        CommentCommand.self,
        MembersCommand.self,
        MemberCommand.self,
        AssignCommand.self,
        UnassignCommand.self,
        ArchiveCommand.self,
        RestoreCommand.self,
        ArchivedCommand.self,
        DeleteCommand.self,
        SkipCommand.self,
        SearchCommand.self,
        TodayCommand.self,
        StarCommand.self,
        UnstarCommand.self,
        FavouritesCommand.self,
        HistoryCommand.self,
        RecurCommand.self,
        RemindersCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        UndoCommand.self,
        RedoCommand.self,
        DoctorCommand.self,
        CompactCommand.self,
        SignUpCommand.self,
        LoginCommand.self,
        LogoutCommand.self,
        WhoAmICommand.self,
        GitHubCommand.self,
        RemoteCommand.self,
        ShareCommand.self,
        JoinCommand.self,
        SyncCommand.self,
        StatusCommand.self,
        HelpCommand.self,
        CompletionCommand.self,
        VersionCommand.self,
    ]

    /// `--store PATH`: the store file to use.
    static let storeOption = Option(
        "--store", "PATH",
        help: """
            the store file to use, anywhere on the line; else $PM_STORE,
            else $XDG_DATA_HOME/projectmanager/projects.pmstore,
            else ~/.local/share/projectmanager/projects.pmstore
            """,
        completion: .files)
    /// `--help`, `-h`: the help of the command on the line, or `pm`'s.
    static let helpFlag = Flag("--help", aliases: ["-h"], help: "show this help, or a command's: pm move --help")
    /// `--version`, `-V`: `pm`'s version.
    static let versionFlag = Flag("--version", aliases: ["-V"], help: "print pm's version")
    /// `--color WHEN`: whether output is coloured.
    static let colorOption = Option(
        "--color", "auto|always|never",
        help: "colour: auto (on a terminal, unless NO_COLOR or TERM=dumb), always (into a pager too), never",
        completion: .words(ColourChoice.allCases.map(\.rawValue))
    ) { text, name throws(CommandLineError) -> ColourChoice in
        guard let choice = ColourChoice(rawValue: text.lowercased()) else {
            throw .usage("bad \(name) '\(text)': use auto, always or never")
        }
        return choice
    }
    /// `--quiet`, `-q`: nothing on standard output.
    static let quietFlag = Flag(
        "--quiet", aliases: ["-q"],
        help: "print nothing on standard output; errors and warnings still go to standard error")

    /// The options that may stand anywhere on the command line, before a `--`; ``CommandParser``
    /// reads them.
    static let globalOptions: [CommandOption] = [
        storeOption.declaration, colorOption.declaration, quietFlag.declaration, helpFlag.declaration,
        versionFlag.declaration,
    ]

    /// The commands' names, in help's order.
    static var names: [String] { commands.map { $0.configuration.name } }

    /// The command the user calls `name`, or `nil`.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.configuration.name == name }
    }
}
