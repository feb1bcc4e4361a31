import ProjectManager

/// A board's projects, found by the id prefixes users type.
struct ProjectLookup: Sendable {
    /// The board, as fetched for this command.
    let overview: BoardOverview
    /// How ids are shown on this board.
    let shortIDs: ShortIDs

    /// The most candidates an ambiguity message lists.
    static let candidatesShown = 4

    init(_ overview: BoardOverview) {
        self.overview = overview
        self.shortIDs = ShortIDs(overview.projects)
    }

    /// The one project whose id starts with `prefix`.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` when no project or more than one matches.
    /// - Complexity: O(*n*) for *n* projects on the board.
    func project(_ prefix: ProjectIDPrefix) throws(CommandLineError) -> Project {
        let matches = overview.projects.filter { prefix.matches($0.id) }
        switch matches.count {
        case 0:
            throw .runtime("no project with id '\(prefix)'")
        case 1:
            return matches[0]
        default:
            let listed = matches.prefix(Self.candidatesShown).map { project in
                "\(shortIDs(project.id)) (\(TerminalText.truncated(TerminalText.sanitized(project.title), to: 24)))"
            }
            let more = matches.count > Self.candidatesShown ? ", and \(matches.count - Self.candidatesShown) more" : ""
            throw .runtime(
                "id '\(prefix)' is ambiguous: it could be \(listed.joined(separator: ", "))\(more); give more characters"
            )
        }
    }

    /// The position of `project` in its column, counted from 1, and the column's size.
    func place(of project: Project) -> (position: Int, count: Int) {
        let column = overview.column(project.state)
        let index = column.items.first { $0.id == project.id }?.position ?? 0
        return (index + 1, column.count)
    }

    /// Whether `project` is overdue on the board's day.
    func isOverdue(_ project: Project) -> Bool {
        project.isOverdue(on: overview.today)
    }
}
