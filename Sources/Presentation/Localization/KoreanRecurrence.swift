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
            words.append(
                rule.bySetPosition.isEmpty
                    ? joined
                    : "\(joined) 중 \(list(rule.bySetPosition.map(ordinal))) 날")
        }
        var text = words.joined(separator: " ")
        if let count = parts.count { text += " (\(count)회)" }
        return text
    }

    static func until(_ day: String) -> String { " (\(day)까지)" }

    /// What to fix in a rule that does not parse, naming the part at fault.
    static func problem(_ error: RecurrenceRuleError) -> String {
        switch error {
        case .empty: "반복 규칙을 입력하세요. 예: FREQ=MONTHLY;BYDAY=2SU,4SU"
        case .malformedPart(let part): "'\(part)'은(는) 규칙의 부분이 아닙니다. 이름=값을 ';'로 나누어 쓰세요."
        case .unknownPart(let name): "\(name)은(는) 반복 규칙에 없는 부분입니다."
        case .unsupportedPart(let name): "\(name)은(는) 지원하지 않습니다. 반복 규칙은 날짜 단위입니다."
        case .duplicatePart(let name): "\(name)이(가) 두 번 있습니다. 한 번만 쓰세요."
        case .missingFrequency: "규칙을 FREQ=DAILY, WEEKLY, MONTHLY, YEARLY 중 하나로 시작하세요."
        case .invalidValue(let part): "\(part)은(는) 올바른 값이 아닙니다."
        case .countWithUntil: "COUNT와 UNTIL 중 하나만 쓰세요."
        case .ordinalOutsideMonthlyOrYearly(let part): "\(part): 몇째 요일은 매월, 매년 규칙에만 쓸 수 있습니다."
        case .monthDayInWeeklyRule: "매주 규칙에는 BYMONTHDAY를 쓸 수 없습니다. BYDAY나 FREQ=MONTHLY를 쓰세요."
        case .setPositionWithoutOtherParts: "BYSETPOS에는 고를 대상이 되는 다른 BY 부분이 필요합니다."
        }
    }

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
