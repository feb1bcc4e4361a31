import ProjectManager

/// `pm compact`: rewrites the store file now, as one snapshot with an empty journal.
struct CompactCommand: Command {
    static let configuration = CommandConfiguration(
        name: "compact", abstract: "rewrite the store file now",
        discussion: """
            Writes the whole board as one snapshot beside the store, syncs it and renames it over \
            the store, as the store does by itself once its journal outgrows the snapshot. A crash \
            leaves the old file or the new one; the file keeps its permissions, and a store that \
            is a symbolic link keeps its link.
            """)

    init() {}

    init(_ arguments: ParsedArguments) {}

    func run(in context: CommandContext) async throws(CommandLineError) {
        try context.screens().compact()
        context.print("compacted the store")
    }
}
