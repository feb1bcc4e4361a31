import Foundation

/// The editable fields of a project, as a form holds them before they are validated.
public struct ProjectDraft: Hashable, Sendable {
    /// The title, as typed: ``ProjectRules`` trims it and requires it.
    public var title: String
    /// The body, as typed; it may be empty.
    public var body: String
    /// The day the project is due; with a ``repeatRule``, the first day of its schedule (today
    /// when `nil`).
    public var deadline: Day?
    /// The rule the project repeats by, or `nil` for a project done once.
    public var repeatRule: RecurrenceRule?
    /// The time of day the project is due on its deadline, in a named zone; `nil` for the whole day.
    public var dueTime: DueTime?
    /// The board's labels on the project, in order; `nil` keeps the project's own (an edit that
    /// does not touch them).
    public var labels: [Label.ID]?

    /// A draft; empty by default, as a new project's form opens.
    public init(
        title: String = "", body: String = "", deadline: Day? = nil, repeatRule: RecurrenceRule? = nil,
        dueTime: DueTime? = nil, labels: [Label.ID]? = nil
    ) {
        self.title = title
        self.body = body
        self.deadline = deadline
        self.repeatRule = repeatRule
        self.dueTime = dueTime
        self.labels = labels
    }

    /// Every rule the draft breaks, in field order: title, body, deadline. Empty when it is valid.
    public var failures: [ValidationFailure] {
        ProjectRules.failures(title: title) + ProjectRules.failures(body: body)
            + ProjectRules.failures(deadline: deadline)
            + (dueTime != nil && deadline == nil ? [.dueTimeWithoutDay] : [])
    }

    /// The title without surrounding whitespace, as it is saved.
    public var normalizedTitle: String {
        title.trimmingWhitespace
    }
}

extension ProjectDraft {
    /// The draft as it is saved (title trimmed), after checking every rule once.
    /// - Throws: ``RepositoryError/invalid(_:)`` with every rule the draft breaks.
    /// - Complexity: O(*t*) in the length of the title and the body.
    public static func validated(_ draft: ProjectDraft) throws(RepositoryError) -> ProjectDraft {
        let failures = draft.failures
        guard failures.isEmpty else { throw .invalid(ValidationError(failures)) }
        return ProjectDraft(
            title: draft.normalizedTitle, body: draft.body, deadline: draft.deadline, repeatRule: draft.repeatRule,
            dueTime: draft.dueTime, labels: draft.labels)
    }

    /// A new project with the draft's fields, made at `date`; its rank is given when it is placed.
    /// A repeating draft's deadline is its schedule's first occurrence on or after `today`.
    /// - Throws: ``RepositoryError/invalid(_:)`` when the rule has no such occurrence.
    func project(
        id: Project.ID, on board: Board.ID, in state: ProjectState, at date: Date, today: Day
    ) throws(RepositoryError) -> Project {
        let schedule = try ProjectSchedule(self, replacing: nil, today: today)
        return Project(
            id: id, boardID: board, title: title, body: body, deadline: schedule.deadline,
            recurrence: schedule.recurrence, state: state, createdAt: date, dueTime: dueTime, labels: labels ?? [])
    }

    /// Refuses `labels` unless each is a label of `board`.
    static func requireLabels(_ labels: [Label.ID]?, on board: Board.ID, in store: any StoreReading)
        throws(RepositoryError)
    {
        guard let labels, !labels.isEmpty else { return }
        let known = Set(try store.labels(onBoard: board).map(\.id))
        if let unknown = labels.first(where: { !known.contains($0) }) { throw .notFound(.label(unknown)) }
    }
}
