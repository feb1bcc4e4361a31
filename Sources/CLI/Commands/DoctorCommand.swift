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
            exits 1 when it has anything to report, a problem or a warning. Without \(acknowledge.name) it only reads. A save that a crash cut \
            short, or a damaged last record, is left out when the store opens, its bytes kept \
            beside the store file, and every command warns about it until 'pm doctor \(acknowledge.name)'.
            """,
        options: [acknowledge] + JSONFormat.options(help: "print what the check found as JSON"))

    /// Whether to acknowledge the store's warnings.
    var acknowledges: Bool
    /// How to print the report as JSON; text when `nil`.
    var json: JSONFormat?

    init(acknowledges: Bool = false, json: JSONFormat? = nil) {
        self.acknowledges = acknowledges
        self.json = json
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        acknowledges = arguments[Self.acknowledge]
        json = try JSONFormat.parse(arguments)
    }

    /// What `--json` prints.
    private struct Output: Encodable {
        var file: String
        var healthy: Bool
        var records: Int
        var objects: [String: Int]
        var problems: [String]
        var warnings: [String]
        /// How many warnings `--ack` acknowledged; `null` without it.
        @Null var acknowledged: Int?
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let store = try acknowledges ? context.screens() : context.readingScreens()
        var acknowledged: Int?
        if acknowledges {
            let count = store.warnings.count
            try store.acknowledgeWarnings()
            acknowledged = count
            if json == nil { context.print("acknowledged \(count) warning\(count == 1 ? "" : "s")") }
        }
        let check = store.checkStore()
        // The warnings are part of the report, on standard output: not said again on standard error.
        context.reportedWarnings()
        if let json {
            try context.printJSON(
                Output(
                    file: check.file, healthy: Self.findings(check) == nil, records: check.records,
                    objects: check.objects.filter { $0.value > 0 }, problems: check.problems,
                    warnings: check.warnings.map(\.commandLineMessage), acknowledged: acknowledged), json)
        } else {
            context.print(Self.report(check).map { TerminalText.sanitized($0) })
        }
        guard let findings = Self.findings(check) else { return }
        let hint =
            check.isHealthy
            ? "; pm doctor \(Self.acknowledge.name) acknowledges them once seen" : "; it was left untouched"
        throw .runtime("the store \(check.file) has \(findings): see above\(hint)")
    }

    /// What the check found, as `pm doctor` prints it: the file, whether it is healthy, what it
    /// holds; then each problem and each warning in `pm`'s words.
    static func report(_ check: StoreCheck) -> [String] {
        // Entities the store has none of (a board never linked to GitHub) are left out.
        let counts = check.objects.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
            .joined(separator: ", ")
        return [
            "\(check.file): \(findings(check) ?? "healthy"); \(check.records) record(s) after the snapshot; "
                + (counts.isEmpty ? "no objects" : counts)
        ]
            + check.problems.map { "problem: \($0)" }
            + check.warnings.map { "warning: \($0.commandLineMessage)" }
    }

    /// `2 problem(s)`, `1 warning`, both, or `nil` when there is nothing to report.
    static func findings(_ check: StoreCheck) -> String? {
        var found: [String] = []
        if !check.problems.isEmpty { found.append("\(check.problems.count) problem(s)") }
        if !check.warnings.isEmpty {
            found.append("\(check.warnings.count) warning\(check.warnings.count == 1 ? "" : "s")")
        }
        return found.isEmpty ? nil : found.joined(separator: " and ")
    }
}
