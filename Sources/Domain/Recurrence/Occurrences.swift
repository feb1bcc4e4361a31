/// The days of a ``Recurrence`` from a given day on, computed one period (a day, a week, a month or
/// a year of the rule) at a time. Make it with ``Recurrence/occurrences(from:)``.
public struct Occurrences: Sequence, IteratorProtocol, Sendable {
    private let recurrence: Recurrence
    private let plan: ExpansionPlan
    private let from: Day
    /// The next period to expand, counted in steps of the rule's interval from the start's period.
    private var period: Int
    /// Days of the current period not handed out yet, in order.
    private var pending: [Day] = []
    private var pendingIndex = 0
    /// The rule's days so far, counted for `COUNT` (exceptions included).
    private var yielded = 0
    private var finished = false

    init(recurrence: Recurrence, from: Day) {
        self.recurrence = recurrence
        self.plan = ExpansionPlan(recurrence.rule, start: recurrence.start)
        self.from = from
        // Without COUNT, nothing before `from` needs counting: jump to its period.
        if case .afterCount = recurrence.rule.end {
            period = 0
        } else {
            period = Swift.max(0, plan.periodIndex(containing: Swift.max(from, recurrence.start)))
        }
    }

    /// Expands periods until one yields a day or the schedule ends.
    ///
    /// - Throws: ``RecurrenceError/neverOccurs(_:)`` after a whole calendar cycle of empty periods.
    mutating func findFirst() throws(RecurrenceError) {
        if !fill() && !finished { throw .neverOccurs(recurrence.rule) }
    }

    /// Fills ``pending`` from the next periods with a day; `false` when none came within a
    /// calendar cycle or the schedule ended.
    private mutating func fill() -> Bool {
        var emptyPeriods = 0
        while !finished {
            guard let days = plan.days(inPeriod: period) else {
                finished = true
                return false
            }
            period += 1
            if days.isEmpty {
                emptyPeriods += 1
                // The calendar and the interval's phase repeat within a cycle: a rule that yields
                // nothing for that long yields nothing ever.
                if emptyPeriods > plan.cycle { return false }
                continue
            }
            emptyPeriods = 0
            pending = days
            pendingIndex = 0
            return true
        }
        return false
    }

    public mutating func next() -> Day? {
        while !finished {
            if pendingIndex == pending.count {
                guard fill() else {
                    finished = true
                    return nil
                }
            }
            let day = pending[pendingIndex]
            pendingIndex += 1
            if day < recurrence.start { continue }
            switch recurrence.rule.end {
            case .never: break
            case .until(let last):
                if day > last {
                    finished = true
                    return nil
                }
            case .afterCount(let count):
                if yielded == count {
                    finished = true
                    return nil
                }
            }
            yielded += 1
            if day < from || recurrence.exceptions.contains(day) { continue }
            return day
        }
        return nil
    }
}

/// How a rule's periods turn into days: the rule's parts, with the defaults RFC 5545 takes from
/// the first day (its weekday for `WEEKLY`, its day of the month for `MONTHLY` and `YEARLY`, and its
/// month for `YEARLY`) when no part names the days.
struct ExpansionPlan: Sendable {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let start: Day
    let byDay: [RecurrenceRule.WeekdayEntry]
    let byMonthDay: [Int]
    let byMonth: [Int]
    let bySetPosition: [Int]
    /// The last day a period may start on (`UNTIL`).
    let lastDay: Day?
    /// Whether `BYDAY` ordinals count within the month (`false`: within the year).
    let ordinalsInMonth: Bool
    /// The first day of the start's week (by `WKST`), for `WEEKLY`.
    let firstWeekStart: Int
    /// How many consecutive empty periods prove the rule never yields a day.
    let cycle: Int

    init(_ rule: RecurrenceRule, start: Day) {
        frequency = rule.frequency
        interval = rule.interval
        self.start = start
        var byDay = rule.byDay
        var byMonthDay = rule.byMonthDay
        var byMonth = rule.byMonth
        if byDay.isEmpty && byMonthDay.isEmpty {
            switch rule.frequency {
            case .daily: break
            case .weekly: byDay = [.init(start.weekday)]
            case .monthly: byMonthDay = [start.day]
            case .yearly:
                byMonthDay = [start.day]
                if byMonth.isEmpty { byMonth = [start.month] }
            }
        }
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byMonth = byMonth
        bySetPosition = rule.bySetPosition
        if case .until(let day) = rule.end { lastDay = day } else { lastDay = nil }
        ordinalsInMonth = rule.frequency == .monthly || !rule.byMonth.isEmpty
        let backToWeekStart = (start.weekday.rawValue - rule.weekStart.rawValue + 7) % 7
        firstWeekStart = start.dayNumber - backToWeekStart
        // One Gregorian cycle is 400 years: 146,097 days, 20,871 weeks, 4,800 months.
        let units =
            switch rule.frequency {
            case .daily: 146_097
            case .weekly: 20_871
            case .monthly: 4_800
            case .yearly: 400
            }
        cycle = units / Self.gcd(units, rule.interval) + 1
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// The index of the period holding `day`, in steps of the interval (rounded down).
    func periodIndex(containing day: Day) -> Int {
        let units =
            switch frequency {
            case .daily: day.dayNumber - start.dayNumber
            case .weekly: Self.floorDivide(day.dayNumber - firstWeekStart, 7)
            case .monthly: (day.year * 12 + day.month) - (start.year * 12 + start.month)
            case .yearly: day.year - start.year
            }
        return Self.floorDivide(units, interval)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// The rule's days in period `index`, in order, or `nil` when the period starts after `UNTIL`
    /// or the year 9999.
    ///
    /// - Complexity: O(days in the period): at most 366.
    func days(inPeriod index: Int) -> [Day]? {
        let steps = index * interval
        let first: Day
        var candidates: [Day] = []
        switch frequency {
        case .daily:
            first = Day(dayNumber: start.dayNumber + steps)
            if matches(first) { candidates = [first] }
        case .weekly:
            let firstNumber = firstWeekStart + 7 * steps
            first = Day(dayNumber: firstNumber)
            candidates = (firstNumber..<firstNumber + 7).map(Day.init(dayNumber:)).filter(matches)
        case .monthly:
            let monthIndex = start.year * 12 + (start.month - 1) + steps
            first = Day(year: monthIndex / 12, month: monthIndex % 12 + 1, day: 1)
            if first.year <= 9999 { candidates = days(ofMonth: first.month, year: first.year) }
        case .yearly:
            first = Day(year: start.year + steps, month: 1, day: 1)
            let months = byMonth.isEmpty ? Array(1...12) : byMonth
            if first.year <= 9999 { candidates = months.flatMap { days(ofMonth: $0, year: first.year) } }
        }
        guard first.year <= 9999, lastDay.map({ first <= $0 }) ?? true else { return nil }
        return selectPositions(candidates.filter { $0.year <= 9999 })
    }

    private func days(ofMonth month: Int, year: Int) -> [Day] {
        guard byMonth.isEmpty || byMonth.contains(month) else { return [] }
        return (1...Day.daysIn(month: month, year: year))
            .map { Day(year: year, month: month, day: $0) }
            .filter(matches)
    }

    /// Whether `day` passes every `BY…` part.
    private func matches(_ day: Day) -> Bool {
        if !byMonth.isEmpty, !byMonth.contains(day.month) { return false }
        if !byMonthDay.isEmpty {
            let length = Day.daysIn(month: day.month, year: day.year)
            guard byMonthDay.contains(where: { $0 > 0 ? $0 == day.day : length + 1 + $0 == day.day })
            else { return false }
        }
        if !byDay.isEmpty {
            let weekday = day.weekday
            guard
                byDay.contains(where: { entry in
                    guard entry.weekday == weekday else { return false }
                    guard let ordinal = entry.ordinal else { return true }
                    return ordinal == ordinalFromStart(of: day) || ordinal == ordinalFromEnd(of: day)
                })
            else { return false }
        }
        return true
    }

    /// 1 when `day` is the first of its weekday in its month (or year), 2 for the second, ….
    private func ordinalFromStart(of day: Day) -> Int {
        if ordinalsInMonth { return (day.day - 1) / 7 + 1 }
        return (day.dayNumber - Day(year: day.year, month: 1, day: 1).dayNumber) / 7 + 1
    }

    /// -1 when `day` is the last of its weekday in its month (or year), -2 for the one before, ….
    private func ordinalFromEnd(of day: Day) -> Int {
        if ordinalsInMonth { return -((Day.daysIn(month: day.month, year: day.year) - day.day) / 7 + 1) }
        return -((Day(year: day.year, month: 12, day: 31).dayNumber - day.dayNumber) / 7 + 1)
    }

    /// The candidates `BYSETPOS` keeps, in order; all of them without `BYSETPOS`.
    private func selectPositions(_ candidates: [Day]) -> [Day] {
        guard !bySetPosition.isEmpty else { return candidates }
        let indices = Set(
            bySetPosition.compactMap { position -> Int? in
                let index = position > 0 ? position - 1 : candidates.count + position
                return candidates.indices.contains(index) ? index : nil
            })
        return indices.sorted().map { candidates[$0] }
    }
}
