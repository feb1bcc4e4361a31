/// A command about one project and nothing else, such as `pm show ID`: it is made from the id
/// alone.
protocol ProjectCommand: Command {
    /// The command for the project `id` names.
    init(id: ProjectIDPrefix)
}

extension ProjectCommand {
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        self.init(id: try ProjectIDPrefix(parsing: arguments.positionals[0]))
    }
}
