/// One rule a project or board breaks.
public enum ValidationFailure: Hashable, Sendable, CustomStringConvertible {
    /// The title is empty once surrounding whitespace is removed.
    case titleEmpty
    /// The title holds a line break; titles are one line.
    case titleHasLineBreak
    /// The title is longer than `limit` characters.
    case titleTooLong(limit: Int)
    /// The body is longer than `limit` characters.
    case bodyTooLong(limit: Int)
    /// The deadline names a day that does not exist, such as `2026-02-30`.
    case deadlineNotADay(Day)
    /// The store refused the value: a rule it checks beyond the form's, such as a reference to a
    /// board that no longer exists; `reason` says which.
    case brokenRule(String)

    /// The form field a failure belongs to.
    public enum Field: Hashable, Sendable, CaseIterable {
        case title, body, deadline
        /// The value as a whole, not one field.
        case record
    }

    /// The field this failure belongs to.
    public var field: Field {
        switch self {
        case .titleEmpty, .titleHasLineBreak, .titleTooLong: .title
        case .bodyTooLong: .body
        case .deadlineNotADay: .deadline
        case .brokenRule: .record
        }
    }

    /// An English sentence saying what to fix.
    public var description: String {
        switch self {
        case .titleEmpty: "the title is empty: give it a title"
        case .titleHasLineBreak: "the title has a line break: keep it to one line"
        case .titleTooLong(let limit): "the title is longer than \(limit) characters: shorten it"
        case .bodyTooLong(let limit): "the body is longer than \(limit) characters: shorten it"
        case .deadlineNotADay(let day): "the deadline \(day) is not a day of the calendar"
        case .brokenRule(let reason): reason
        }
    }
}

/// Every rule a value breaks, reported at once.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rules broken, in field order; never empty.
    public let failures: [ValidationFailure]

    public init(_ failures: [ValidationFailure]) {
        self.failures = failures
    }

    public var description: String {
        failures.map(\.description).joined(separator: "; ")
    }
}
