import ProjectManager

/// A board's projects, found by the id prefixes users type; its archived ones too when they were
/// read (`pm restore`, `pm show`).
struct ProjectLookup: Sendable {
    /// The board, as fetched for this command.
    let overview: BoardOverview
    /// The board's archived projects, when the command read them; else empty.
    let archived: [Project]
    /// How ids are shown on this board.
    let shortIDs: ShortIDs

    /// The most candidates an ambiguity message lists.
    static let candidatesShown = 4

    /// The projects of `overview`, and the `archived` ones when given.
    init(_ overview: BoardOverview, archived: [Project] = []) {
        self.overview = overview
        self.archived = archived
        self.shortIDs = ShortIDs(overview.projects + archived)
    }

    /// The one project whose id starts with `prefix`.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` when no project or more than one matches.
    /// - Complexity: O(*n*) for *n* projects on the board.
    func project(_ prefix: ProjectIDPrefix) throws(CommandLineError) -> Project {
        let matches = (overview.projects + archived).filter { prefix.matches($0.id) }
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

    /// The position of `project` in its list, counted from 1, and the list's size; an archived
    /// project's position is 0, for it stands in no list's order.
    func place(of project: Project) -> (position: Int, count: Int) {
        let column = overview.column(list: project.listID) ?? overview.column(project.state)
        let index = column.items.first { $0.id == project.id }?.position
        return (index.map { $0 + 1 } ?? 0, column.count)
    }

    /// `3f2a9c1e (Write the report)`: the project's short id and its title, cut to 40 characters,
    /// as the commands that change a card name it.
    func describe(_ project: Project) -> String {
        "\(shortIDs(project.id)) (\(TerminalText.truncated(TerminalText.sanitized(project.title), to: 40)))"
    }

    /// Whether `project` is overdue, as the board read it (at its time of day, when it has one).
    func isOverdue(_ project: Project) -> Bool {
        for column in overview.columns {
            if let item = column.items.first(where: { $0.id == project.id }) { return item.isOverdue }
        }
        return project.isOverdue(on: overview.today)
    }
}
