extension Localizer {
    /// How a ``Localizer`` writes deadlines and times.
    public enum DateStyle: Hashable, Sendable {
        /// As the locale writes them: "Mar 20, 2026", "Mar 15, 2026 at 1:30 PM", "2026년 3월 20일".
        case locale
        /// In numbers, largest unit first, the same in every locale and on a 24-hour clock:
        /// "2026-03-20", "2026-03-15 13:30". For terminals and logs, where dates line up in columns
        /// and sort as text.
        case numeric
    }
}
