import Foundation

/// A board's projects in their three columns, with the edits that keep positions dense.
///
/// A repository hands one to ``ProjectRepository/updateProjects(onBoard:_:)``; the use cases edit
/// it, and it records which projects changed so that the repository saves only those.
/// Positions in each column always run 0, 1, 2, … in order.
public struct BoardProjects: Sendable {
    /// The board these projects belong to.
    public let boardID: Board.ID
    private var columns: [ProjectState: [Project]]
    /// The projects to save, changed or new, by id.
    public private(set) var changed: [Project.ID: Project] = [:]
    /// The projects to delete.
    public private(set) var removed: Set<Project.ID> = []
    /// The projects ``move(_:to:at:now:)`` moved, as opposed to those renumbered around them.
    public private(set) var moved: Set<Project.ID> = []

    /// Lays out `projects` by state and position; gaps or ties in positions are closed up.
    ///
    /// - Complexity: O(*n* log *n*) for *n* projects.
    public init(boardID: Board.ID, projects: [Project]) {
        self.boardID = boardID
        var columns = Dictionary(grouping: projects, by: \.state)
        for state in ProjectState.allCases {
            columns[state, default: []].sort { ($0.position, $0.createdAt, $0.id.rawValue.uuidString) < ($1.position, $1.createdAt, $1.id.rawValue.uuidString) }
        }
        self.columns = columns
        for state in ProjectState.allCases { renumber(state) }
    }

    /// The projects in a column, in order.
    public func column(_ state: ProjectState) -> [Project] {
        columns[state] ?? []
    }

    /// Every project on the board, column by column.
    public var all: [Project] {
        ProjectState.allCases.flatMap { column($0) }
    }

    /// The project with this id, if it is on the board.
    public func project(id: Project.ID) -> Project? {
        locate(id).map { column($0.state)[$0.index] }
    }

    /// Whether anything needs saving.
    public var hasChanges: Bool { !changed.isEmpty || !removed.isEmpty }

    /// Puts a new project in its state's column at `index` (last when `nil` or past the end).
    ///
    /// - Complexity: O(*m*) for a column of *m* projects.
    public mutating func insert(_ project: Project, at index: Int? = nil) {
        var project = project
        project.boardID = boardID
        let column = columns[project.state, default: []]
        let target = Self.clamp(index, count: column.count)
        columns[project.state, default: []].insert(project, at: target)
        removed.remove(project.id)
        changed[project.id] = project
        renumber(project.state, from: target)
    }

    /// Moves a project to `index` in the column of `state` (last when `nil` or past the end).
    ///
    /// This one operation serves the long-press state menu, reordering within a column, and drag and
    /// drop across columns. `index` counts in the destination column without the moved project.
    /// - Returns: The moved project.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project is not on the board.
    /// - Complexity: O(*m*) for the columns involved.
    @discardableResult
    public mutating func move(
        _ id: Project.ID, to state: ProjectState, at index: Int? = nil, now: Date
    ) throws(RepositoryError) -> Project {
        guard let location = locate(id) else { throw .notFound(.project(id)) }
        var project = column(location.state)[location.index]
        columns[location.state, default: []].remove(at: location.index)
        // Within one column, renumber once the project is back in, so that projects that end
        // where they began are not saved.
        if location.state != state { renumber(location.state, from: location.index) }
        let destination = columns[state, default: []]
        let target = Self.clamp(index, count: destination.count)
        let moved = project.state != state || project.position != target
        project.state = state
        if moved { project.updatedAt = now }
        columns[state, default: []].insert(project, at: target)
        if moved {
            changed[id] = project
            self.moved.insert(id)
        }
        renumber(state, from: location.state == state ? min(location.index, target) : target)
        return column(state)[target]
    }

    /// Replaces a project's fields, keeping its column and position.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project is not on the board.
    public mutating func replace(_ project: Project) throws(RepositoryError) {
        guard let location = locate(project.id) else { throw .notFound(.project(project.id)) }
        var project = project
        let old = column(location.state)[location.index]
        project.state = old.state
        project.position = old.position
        project.boardID = boardID
        columns[location.state, default: []][location.index] = project
        if project != old { changed[project.id] = project }
    }

    /// Replaces a project's title, body and deadline with the draft's (title trimmed), and stamps it
    /// changed at `now` when anything differs.
    /// - Returns: The project, changed or not.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every rule the draft breaks,
    ///   ``RepositoryError/notFound(_:)`` when the project is not on the board.
    @discardableResult
    public mutating func edit(_ id: Project.ID, with draft: ProjectDraft, now: Date) throws(RepositoryError) -> Project {
        let failures = draft.failures
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        guard var project = project(id: id) else { throw .notFound(.project(id)) }
        let edited = ProjectDraft(title: draft.normalizedTitle, body: draft.body, deadline: draft.deadline)
        guard project.draft != edited else { return project }
        project.title = edited.title
        project.body = edited.body
        project.deadline = edited.deadline
        project.updatedAt = now
        try replace(project)
        return project
    }

    /// Takes a project off the board; the projects after it move up.
    /// - Returns: The removed project.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project is not on the board.
    @discardableResult
    public mutating func remove(_ id: Project.ID) throws(RepositoryError) -> Project {
        guard let location = locate(id) else { throw .notFound(.project(id)) }
        let project = columns[location.state, default: []].remove(at: location.index)
        changed[id] = nil
        removed.insert(id)
        renumber(location.state, from: location.index)
        return project
    }

    // MARK: - Positions

    private func locate(_ id: Project.ID) -> (state: ProjectState, index: Int)? {
        for state in ProjectState.allCases {
            if let index = columns[state]?.firstIndex(where: { $0.id == id }) {
                return (state, index)
            }
        }
        return nil
    }

    private mutating func renumber(_ state: ProjectState, from start: Int = 0) {
        guard var column = columns[state], start < column.count else { return }
        for index in start..<column.count where column[index].position != index {
            column[index].position = index
            changed[column[index].id] = column[index]
        }
        columns[state] = column
    }

    private static func clamp(_ index: Int?, count: Int) -> Int {
        guard let index else { return count }
        return min(max(index, 0), count)
    }
}
