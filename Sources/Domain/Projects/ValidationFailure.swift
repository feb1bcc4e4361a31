/// One rule a project or board breaks.
public enum ValidationFailure: Hashable, Sendable, CustomStringConvertible {
    /// The title is empty once surrounding whitespace is removed.
    case titleEmpty
    /// The title holds a line break; titles are one line.
    case titleHasLineBreak
    /// The title holds control characters (other than line breaks, see ``titleHasLineBreak``)
    /// or bidirectional embedding, override or isolate characters (U+202A–U+202E,
    /// U+2066–U+2069), which could hide or reorder text on a screen; `characters` are the ones
    /// found, each once, in order.
    case titleHasInvisibleControls(characters: [Unicode.Scalar])
    /// The title is longer than `limit` characters.
    case titleTooLong(limit: Int)
    /// The body is longer than `limit` characters.
    case bodyTooLong(limit: Int)
    /// The deadline names a day that does not exist, such as `2026-02-30`.
    case deadlineNotADay(Day)
    /// The repeat rule's text is not a rule: the error names the part at fault.
    case repeatRuleInvalid(RecurrenceRuleError)
    /// The repeat rule has no occurrence on or after `from` (its `COUNT` or `UNTIL` is spent).
    case repeatHasNoDayLeft(RecurrenceRule, from: Day)
    /// The repeat rule falls on no day of the calendar, such as the 30th of February.
    case repeatNeverOccurs(RecurrenceRule)
    /// The project has no occurrence to skip: it does not repeat, or it is done.
    case noOccurrenceToSkip
    /// The store refused the value: a rule it checks beyond the form's, such as a reference to a
    /// board that no longer exists; `reason` says which.
    case brokenRule(String)
    /// Another list on the board, not archived, has this name.
    case listNameTaken(String)
    /// A list's limit must be a whole number of cards from 1 on.
    case listLimitInvalid(Int)
    /// A board keeps at least one list that is not archived.
    case lastOpenList
    /// A time of day is given without a deadline day.
    case dueTimeWithoutDay
    /// Another label of the board has this name.
    case labelNameTaken(String)
    /// Only the board's owner may do this: change its members, or delete it.
    case onlyTheOwner
    /// A card is assigned only to its board's owner and members.
    case notAMember
    /// A comment's text is empty once surrounding whitespace and line breaks are removed.
    case commentEmpty
    /// A comment's text is longer than `limit` characters.
    case commentTooLong(limit: Int)
    /// The comment is another's: only its author may edit or delete it (signed out, only a
    /// comment written while nobody was signed in).
    case notYourComment
    /// A backup's value refers to `reference` (a card to its list or a label), which the backup
    /// does not hold on the same board.
    case notInBackup(EntityReference)
    /// A backup holds `reference` twice: each board, list, label and project once.
    case twiceInBackup(EntityReference)

    /// The form field a failure belongs to.
    public enum Field: Hashable, Sendable, CaseIterable {
        /// The title.
        case title
        /// The body.
        case body
        /// The deadline.
        case deadline
        /// The repeat rule.
        case repeatRule
        /// The value as a whole, not one field.
        case record
    }

    /// The field this failure belongs to.
    public var field: Field {
        switch self {
        case .titleEmpty, .titleHasLineBreak, .titleHasInvisibleControls, .titleTooLong: .title
        case .bodyTooLong, .commentEmpty, .commentTooLong: .body
        case .deadlineNotADay: .deadline
        case .repeatRuleInvalid, .repeatHasNoDayLeft, .repeatNeverOccurs, .noOccurrenceToSkip: .repeatRule
        case .listNameTaken, .labelNameTaken: .title
        case .dueTimeWithoutDay: .deadline
        case .brokenRule, .listLimitInvalid, .lastOpenList, .onlyTheOwner, .notAMember, .notYourComment: .record
        case .notInBackup, .twiceInBackup: .record
        }
    }

    /// An English sentence saying what to fix.
    public var description: String {
        switch self {
        case .titleEmpty: "the title is empty: give it a title"
        case .titleHasLineBreak: "the title has a line break: keep it to one line"
        case .titleHasInvisibleControls(let characters):
            "the title holds invisible control characters (\(Self.codePoints(characters))): remove them"
        case .titleTooLong(let limit): "the title is longer than \(limit) characters: shorten it"
        case .bodyTooLong(let limit): "the body is longer than \(limit) characters: shorten it"
        case .deadlineNotADay(let day): "the deadline \(day) is not a day of the calendar"
        case .repeatRuleInvalid(let error): error.description
        case .repeatHasNoDayLeft(let rule, let day):
            "the repeat rule \(rule) has no day left from \(day) on: change its COUNT or UNTIL"
        case .repeatNeverOccurs(let rule): RecurrenceError.neverOccurs(rule).description
        case .noOccurrenceToSkip: "the project has no occurrence to skip: it does not repeat, or it is done"
        case .brokenRule(let reason): reason
        case .listNameTaken(let name): "the board has a list named \"\(name)\" already"
        case .listLimitInvalid(let limit): "a list's limit is a number of cards from 1 on, not \(limit)"
        case .lastOpenList: "the board's last list that is not archived stays"
        case .dueTimeWithoutDay: "a time of day is due on a day: give the deadline's day too"
        case .labelNameTaken(let name): "the board has a label named \"\(name)\" already"
        case .onlyTheOwner: "only the board's owner may change its members or delete it"
        case .notAMember: "a card is assigned only to the board's owner and members"
        case .commentEmpty: "the comment is empty: write something"
        case .commentTooLong(let limit): "the comment is longer than \(limit) characters: shorten it"
        case .notYourComment: "the comment is another's: only its author may change it"
        case .notInBackup(let reference): "it refers to \(reference), which the backup does not hold on its board"
        case .twiceInBackup(let reference): "the backup holds \(reference) twice"
        }
    }

    /// The scalars written as code points: `U+0007, U+202E`.
    public static func codePoints(_ characters: [Unicode.Scalar]) -> String {
        characters.map { scalar in
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }.joined(separator: ", ")
    }
}

/// Every rule a value breaks, reported at once, and where the value is when it is one of many
/// (a list, a checklist item or a comment of a backup).
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rules broken, in field order; never empty.
    public let failures: [ValidationFailure]
    /// The value that breaks them, when the error is about one of many: `nil` for the value a
    /// use case was given alone.
    public let place: EntityReference?

    /// The error for `failures`, which must not be empty.
    public init(_ failures: [ValidationFailure]) {
        self.init(failures, at: nil)
    }

    /// The error for `failures` (not empty) of the value at `place`.
    public init(_ failures: [ValidationFailure], at place: EntityReference?) {
        self.failures = failures
        self.place = place
    }

    /// The rules broken, after the place when there is one: `list 1f0c…: the title is empty: …`.
    public var description: String {
        let rules = failures.map(\.description).joined(separator: "; ")
        return place.map { "\($0): \(rules)" } ?? rules
    }
}
