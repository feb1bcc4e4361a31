import ProjectManagerDomain

/// Korean summaries of repeat rules: "매월 둘째, 넷째 일요일", "2주마다 화요일, 목요일",
/// "매년 6월, 7월 10일".
enum KoreanRecurrence {
    static func summary(_ rule: RecurrenceRule) -> String {
        let parts = RecurrenceSummaryParts(rule: rule)
        var words = [every(rule)]
        if !rule.byMonth.isEmpty { words.append(list(rule.byMonth.map { "\($0)월" })) }
        var days: [String] = []
        if !rule.byMonthDay.isEmpty { days.append(list(rule.byMonthDay.map(monthDay))) }
        if let weekdays = parts.plainWeekdays {
            days.append(list(weekdays.map(name)))
        } else if let (weekday, ordinals) = parts.sameWeekdayOrdinals {
            days.append("\(list(ordinals.map(ordinal))) \(name(weekday))")
        } else if !rule.byDay.isEmpty {
            days.append(list(rule.byDay.map(entry)))
        }
        if !days.isEmpty {
            let joined = days.joined(separator: " 중 ")
            words.append(rule.bySetPosition.isEmpty
                ? joined
                : "\(joined) 중 \(list(rule.bySetPosition.map(ordinal))) 날")
        }
        var text = words.joined(separator: " ")
        if let count = parts.count { text += " (\(count)회)" }
        return text
    }

    static func until(_ day: String) -> String { " (\(day)까지)" }

    private static func every(_ rule: RecurrenceRule) -> String {
        switch (rule.frequency, rule.interval) {
        case (.daily, 1): "매일"
        case (.weekly, 1): "매주"
        case (.monthly, 1): "매월"
        case (.yearly, 1): "매년"
        case (.daily, let interval): "\(interval)일마다"
        case (.weekly, let interval): "\(interval)주마다"
        case (.monthly, let interval): "\(interval)개월마다"
        case (.yearly, let interval): "\(interval)년마다"
        }
    }

    private static func entry(_ entry: RecurrenceRule.WeekdayEntry) -> String {
        guard let value = entry.ordinal else { return name(entry.weekday) }
        return "\(ordinal(value)) \(name(entry.weekday))"
    }

    /// "첫째", "둘째", …, "마지막", "끝에서 둘째".
    private static func ordinal(_ value: Int) -> String {
        let words = ["첫째", "둘째", "셋째", "넷째", "다섯째"]
        if value == -1 { return "마지막" }
        if value < 0 { return "끝에서 \(ordinal(-value))" }
        return words.indices.contains(value - 1) ? words[value - 1] : "\(value)번째"
    }

    private static func monthDay(_ value: Int) -> String {
        switch value {
        case -1: "마지막 날"
        case ..<0: "끝에서 \(-value)번째 날"
        default: "\(value)일"
        }
    }

    private static func name(_ weekday: Weekday) -> String {
        switch weekday {
        case .monday: "월요일"
        case .tuesday: "화요일"
        case .wednesday: "수요일"
        case .thursday: "목요일"
        case .friday: "금요일"
        case .saturday: "토요일"
        case .sunday: "일요일"
        }
    }

    private static func list(_ items: [String]) -> String { items.joined(separator: ", ") }
}
