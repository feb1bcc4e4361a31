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
            """)

    init() {}

    init(_ arguments: ParsedArguments) {}

    func run(in context: CommandContext) async throws(CommandLineError) {
        if let path = try context.storePath(), !Screens.storeExists(at: path) {
            throw .runtime("there is no store at \(path) to compact; nothing was made (pm --store PATH names another)")
        }
        try context.screens().compact()
        context.print("compacted the store")
    }
}
