import ProjectManagerDomain

/// What to fix in each field of a project form, in the locale's language.
///
/// A field shows its messages once the user has changed it, and every field shows them once the
/// user has tried to save a draft that breaks a rule.
public struct ValidationMessages: Hashable, Sendable {
    private var messages: [ValidationFailure.Field: [String]]

    /// No messages.
    public init() {
        messages = [:]
    }

    /// The messages for `failures`, each under its field, written by `localizer`.
    /// - Complexity: O(*f*) for *f* failures.
    public init(_ failures: [ValidationFailure], localizer: Localizer) {
        messages = Dictionary(grouping: failures, by: \.field)
            .mapValues { $0.map { localizer(.validation($0)) } }
    }

    /// The messages of one field, in rule order; empty when the field is fine.
    public subscript(field: ValidationFailure.Field) -> [String] {
        messages[field] ?? []
    }

    /// Whether no field has a message.
    public var isEmpty: Bool { messages.values.allSatisfy(\.isEmpty) }
}
