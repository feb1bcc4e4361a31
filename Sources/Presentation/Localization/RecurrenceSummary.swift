import ProjectManagerDomain

/// The parts of a rule a summary names, shared by every language's table.
struct RecurrenceSummaryParts {
    let rule: RecurrenceRule

    /// Every `BYDAY` entry has an ordinal and all are the same weekday, with nothing else picking
    /// days: "the 2nd and 4th Sunday".
    var sameWeekdayOrdinals: (weekday: Weekday, ordinals: [Int])? {
        guard let first = rule.byDay.first, rule.byMonthDay.isEmpty, rule.bySetPosition.isEmpty,
            rule.byDay.allSatisfy({ $0.weekday == first.weekday && $0.ordinal != nil })
        else { return nil }
        return (first.weekday, rule.byDay.compactMap(\.ordinal))
    }

    /// The weekdays without ordinals, when every `BYDAY` entry has none.
    var plainWeekdays: [Weekday]? {
        guard !rule.byDay.isEmpty, rule.byDay.allSatisfy({ $0.ordinal == nil }) else { return nil }
        return rule.byDay.map(\.weekday)
    }

    /// The count of a `COUNT` rule.
    var count: Int? {
        if case .afterCount(let count) = rule.end { return count }
        return nil
    }
}

extension RecurrenceRule {
    /// The last day of an `UNTIL` rule.
    var untilDay: Day? {
        if case .until(let day) = end { return day }
        return nil
    }
}

extension Localizer {
    /// A repeat rule as a person says it: "every 2nd and 4th Sunday", "매월 둘째, 넷째 일요일",
    /// "every month on the 10th and 25th, until Dec 31, 2027".
    ///
    /// The last day of an `UNTIL` rule is written as ``deadline(_:)`` writes days.
    /// - Complexity: O(*p*) for *p* values in the rule's parts.
    public func summary(of rule: RecurrenceRule) -> String {
        let text = self(.recurrence(rule))
        guard let last = rule.untilDay else { return text }
        return text + self(.recurrenceUntil(deadline(last)))
    }
}
