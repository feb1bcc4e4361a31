import Foundation
import ProjectManagerDomain

/// The state of a project form, without any I/O: what the fields hold, whether they can be edited,
/// and which fields show their messages.
struct EditForm: Hashable, Sendable {
    /// What the fields hold; ``ProjectDraft/repeatRule`` is the last repeat text that parsed.
    private(set) var draft: ProjectDraft
    /// Whether the fields can be edited.
    private(set) var isEditable: Bool
    /// Why the repeat field's text is not a rule, while it is not.
    private(set) var repeatError: RecurrenceRuleError?
    /// The fields the user has changed.
    private var touched: Set<ValidationFailure.Field> = []
    /// Whether every field shows its messages, after saving a broken draft was tried.
    private var revealsEveryField = false
    /// What the store refused on the last save (a repeat rule with no day left), until the user
    /// changes the field it is about.
    private var refused: [ValidationFailure] = []

    init(draft: ProjectDraft, isEditable: Bool) {
        self.draft = draft
        self.isEditable = isEditable
    }

    /// Every rule the form breaks now, in field order.
    private var failures: [ValidationFailure] {
        var failures = draft.failures
        if let repeatError { failures.append(.repeatRuleInvalid(repeatError)) }
        failures += refused.filter { !failures.contains($0) }
        return failures
    }

    /// Whether the draft breaks no rule the form can check.
    var canSave: Bool { draft.failures.isEmpty && repeatError == nil }

    /// The messages the fields show now.
    func messages(localizer: Localizer) -> ValidationMessages {
        let shown = failures.filter { revealsEveryField || touched.contains($0.field) }
        return ValidationMessages(shown, localizer: localizer)
    }

    /// The repeat rule in the locale's words, or `nil` when there is none or the text is not a rule.
    func repeatSummary(localizer: Localizer) -> String? {
        guard repeatError == nil, let rule = draft.repeatRule else { return nil }
        return localizer.summary(of: rule)
    }

    /// Changes one field; nothing happens while the form is read-only.
    mutating func edit(_ field: ValidationFailure.Field, _ change: (inout ProjectDraft) -> Void) {
        guard isEditable else { return }
        change(&draft)
        touched.insert(field)
        refused.removeAll { $0.field == field }
    }

    /// The repeat field now holds `text`: RRULE text, or blank (or `none`) for no repeat.
    mutating func editRepeat(_ text: String) {
        guard isEditable else { return }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        do throws(RecurrenceRuleError) {
            let rule = trimmed.isEmpty || trimmed.lowercased() == "none" ? nil : try RecurrenceRule(parsing: trimmed)
            edit(.repeatRule) { $0.repeatRule = rule }
            repeatError = nil
        } catch {
            edit(.repeatRule) { _ in }
            repeatError = error
        }
    }

    /// The store refused the draft for these reasons: show them under their fields.
    mutating func refuse(_ failures: [ValidationFailure]) {
        refused = failures
        revealsEveryField = true
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
