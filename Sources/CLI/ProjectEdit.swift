import ProjectManager

/// The fields `pm edit` changes; `nil` leaves a field as it is.
struct ProjectEdit: Hashable, Sendable {
    var title: String?
    var body: String?
    /// `.some(nil)` removes the deadline.
    var deadline: Day??
    /// The time of day the deadline is due at; `.some(nil)` makes it due over the whole day.
    var dueTime: DueTime??
    /// `.some(nil)` stops the project repeating.
    var repeatRule: RecurrenceRule??

    /// Whether the edit changes nothing at all.
    var isEmpty: Bool { title == nil && body == nil && deadline == nil && repeatRule == nil }

    /// `draft` with this edit's fields put in.
    func applied(to draft: ProjectDraft) -> ProjectDraft {
        var draft = draft
        if let title { draft.title = title }
        if let body { draft.body = body }
        if let deadline { draft.deadline = deadline }
        if let dueTime { draft.dueTime = dueTime }
        if let repeatRule { draft.repeatRule = repeatRule }
        return draft
    }
}
