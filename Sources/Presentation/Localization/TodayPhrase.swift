/// The text of the today screen, as a key with its arguments.
public enum TodayPhrase: Hashable, Sendable {
    /// The screen's title.
    case title
    /// The section of projects whose deadline has passed.
    case overdue
    /// The section of projects due today.
    case dueToday
    /// The section of the favourites' deadlines of the next `days` days.
    case upcoming(days: Int)
    /// What the overdue section says when it is empty.
    case nothingOverdue
    /// What the due-today section says when it is empty.
    case nothingDueToday
    /// What the upcoming section says when it is empty.
    case nothingUpcoming(days: Int)
    /// A board's counts: "1 overdue · 2 due today · 3 in the next 7 days".
    case boardCounts(overdue: Int, dueToday: Int, upcoming: Int, days: Int)
}
