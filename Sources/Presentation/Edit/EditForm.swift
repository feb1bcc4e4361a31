import ProjectManagerDomain

/// The state of a project form, without any I/O: what the fields hold, whether they can be edited,
/// and which fields show their messages.
struct EditForm: Hashable, Sendable {
    /// What the fields hold.
    private(set) var draft: ProjectDraft
    /// Whether the fields can be edited.
    private(set) var isEditable: Bool
    /// The fields the user has changed.
    private var touched: Set<ValidationFailure.Field> = []
    /// Whether every field shows its messages, after saving a broken draft was tried.
    private var revealsEveryField = false

    init(draft: ProjectDraft, isEditable: Bool) {
        self.draft = draft
        self.isEditable = isEditable
    }

    /// Whether the draft breaks no rule.
    var canSave: Bool { draft.failures.isEmpty }

    /// The messages the fields show now.
    func messages(localizer: Localizer) -> ValidationMessages {
        let shown = draft.failures.filter { revealsEveryField || touched.contains($0.field) }
        return ValidationMessages(shown, localizer: localizer)
    }

    /// Changes one field; nothing happens while the form is read-only.
    mutating func edit(_ field: ValidationFailure.Field, _ change: (inout ProjectDraft) -> Void) {
        guard isEditable else { return }
        change(&draft)
        touched.insert(field)
    }

    /// Makes the fields editable.
    mutating func beginEditing() {
        isEditable = true
    }

    /// Shows every field's messages.
    mutating func revealEveryMessage() {
        revealsEveryField = true
    }
}
