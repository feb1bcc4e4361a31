/// The editable fields of a project, as a form holds them before they are validated.
public struct ProjectDraft: Hashable, Sendable {
    public var title: String
    public var body: String
    public var deadline: Day?

    public init(title: String = "", body: String = "", deadline: Day? = nil) {
        self.title = title
        self.body = body
        self.deadline = deadline
    }

    /// Every rule the draft breaks, in field order: title, body, deadline. Empty when it is valid.
    public var failures: [ValidationFailure] {
        ProjectRules.failures(title: title) + ProjectRules.failures(body: body)
            + ProjectRules.failures(deadline: deadline)
    }

    /// The title without surrounding whitespace, as it is saved.
    public var normalizedTitle: String {
        title.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
