import ProjectManager

/// `pm doctor`: checks the store file whole and says what it found; `--ack` marks its warnings seen.
///
/// ```
/// /home/me/.local/share/projectmanager/projects.pmstore: healthy; 12 record(s) after the snapshot; 42 Activity, 1 Board, 7 Project
/// ```
struct DoctorCommand: Command {
    static let acknowledge = Flag(
        "--ack", help: "drop a cut-short last record now (its bytes kept) and stop warning about kept bytes")

    static let configuration = CommandConfiguration(
        name: "doctor", abstract: "check the store file whole",
        discussion: """
            Reads the store again and checks every checksum, every project against the rules, \
            and every relationship, index and uniqueness constraint, then prints what it found; \
            exits 1 when something is wrong. Without \(acknowledge.name) it only reads. A save that a crash cut \
            short, or a damaged last record, is left out when the store opens, its bytes kept \
            beside the store file, and every command warns about it until 'pm doctor \(acknowledge.name)'.
            """,
        options: [acknowledge])

    /// Whether to acknowledge the store's warnings.
    var acknowledges: Bool

    init(acknowledges: Bool = false) {
        self.acknowledges = acknowledges
    }

    init(_ arguments: ParsedArguments) {
        acknowledges = arguments[Self.acknowledge]
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let store = try acknowledges ? context.screens() : context.readingScreens()
        if acknowledges {
            let count = store.warnings.count
            try store.acknowledgeWarnings()
            context.print("acknowledged \(count) warning\(count == 1 ? "" : "s")")
        }
        let check = store.checkStore()
        // The check's own lines, then its warnings in pm's words.
        var found = check
        found.warnings = []
        let lines = found.description.split(separator: "\n").map(String.init)
            + check.warnings.map { "warning: \($0.commandLineMessage)" }
        context.print(lines.map { TerminalText.sanitized($0) })
        guard check.isHealthy else {
            throw .runtime("the store \(check.file) has \(check.problems.count) problem(s): see above; it was left untouched")
        }
    }
}
