import ProjectManager

/// `pm compact`: rewrites the store file now, as one snapshot with an empty journal.
struct CompactCommand: Command {
    static let configuration = CommandConfiguration(
        name: "compact", abstract: "rewrite the store file now",
        discussion: """
            Writes the whole board as one snapshot beside the store, syncs it and renames it over \
            the store, as the store does by itself once its journal outgrows the snapshot. A crash \
            leaves the old file or the new one; the file keeps its permissions, and a store that \
            is a symbolic link keeps its link. A store that does not exist is an error: nothing is made.
            """,
        options: JSONFormat.options(help: "print the file compacted as JSON"))

    /// How to print what was done as JSON; text when `nil`.
    var json: JSONFormat?

    init(json: JSONFormat? = nil) {
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        json = try JSONFormat.parse(arguments)
    }

    private struct Output: Encodable {
        var compacted: String
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let path = try context.storePath()
        if let path, !Screens.storeExists(at: path) {
            throw .runtime("there is no store at \(path) to compact; nothing was made (pm --store PATH names another)")
        }
        try context.screens().compact()
        if let json {
            try context.printJSON(Output(compacted: path?.description ?? ""), json)
            return
        }
        context.print("compacted the store")
    }
}
