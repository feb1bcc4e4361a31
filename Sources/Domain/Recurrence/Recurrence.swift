/// A repeating schedule of whole days: a first day (`DTSTART`), a ``RecurrenceRule`` (`RRULE`) and
/// the days left out (`EXDATE`).
///
/// ```swift
/// let closings = Recurrence(start: try Day(parsing: "2026-01-01"),
///                           rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"))
/// try closings.occurrences(from: try Day(parsing: "2026-03-01")).prefix(2)  // 2026-03-08, 2026-03-22
/// ```
///
/// ## The first day
///
/// RFC 5545 makes `DTSTART` the first occurrence and leaves undefined what happens when it does not
/// match the rule. Here the first day only bounds the schedule: it is an occurrence when the rule
/// yields it, and not otherwise (as python-dateutil does), so "every 2nd and 4th Sunday from
/// 2026-01-01" starts on 2026-01-11, and `COUNT` counts the days the rule yields.
///
/// ## Exceptions
///
/// An exception removes a day from the occurrences but still counts towards `COUNT`, as RFC 5545
/// defines the recurrence set (the rule's days, minus `EXDATE`).
///
/// ## Completions
///
/// The occurrences done (``completions``) are not part of RFC 5545: a repeating project records
/// each occurrence it completed, so that two devices that completed the same one agree it was
/// done once, and occurrences completed on different devices are all kept. A completed day is
/// still an occurrence.
///
/// ## The day occurrences are owed from
///
/// An occurrence completed or skipped late passes over the ones between it and the day it was
/// done: they are missed, not owed. ``owedFrom`` records that day, so that the occurrence a
/// project waits for is always the first on or after it that is neither completed nor skipped,
/// whatever order the completions and skips of several devices (and their undos) arrive in.
public struct Recurrence: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The first day of the schedule (`DTSTART`): no occurrence comes before it.
    public var start: Day {
        get { storage.start }
        set { storage = storage.with(start: newValue) }
    }
    /// The rule the days follow.
    public var rule: RecurrenceRule {
        get { storage.rule }
        set { storage = storage.with(rule: newValue) }
    }
    /// Days the rule yields that are left out (`EXDATE`).
    public var exceptions: Set<Day> {
        get { storage.exceptions }
        set { storage = storage.with(exceptions: newValue) }
    }
    /// Occurrences done: each one a project on this schedule completed (by a move into Done).
    /// Not part of RFC 5545; a completed day is still an occurrence.
    public var completions: Set<Day> {
        get { storage.completions }
        set { storage = storage.with(completions: newValue) }
    }
    /// The first day an occurrence is owed on: the occurrences before it that are neither
    /// completed nor skipped were passed over (a later one was done or skipped after their day)
    /// and are not owed. A project on this schedule waits for the first occurrence on or after it
    /// that is neither. `nil` in a schedule written before the engine recorded it (3.0.0 and
    /// older), where the occurrence a project waits for is its deadline. Not part of RFC 5545.
    public var owedFrom: Day? {
        get { storage.owedFrom }
        set { storage = storage.with(owedFrom: .some(newValue)) }
    }

    /// The five fields behind one reference, so that a project (which holds an optional
    /// schedule inline) stays one word wider, not 120 bytes, whether it repeats or not: at
    /// 100,000 projects that is about 11 MB of table rows. Immutable, so copies share it safely.
    private final class Storage: Sendable {
        let start: Day
        let rule: RecurrenceRule
        let exceptions: Set<Day>
        let completions: Set<Day>
        let owedFrom: Day?

        init(start: Day, rule: RecurrenceRule, exceptions: Set<Day>, completions: Set<Day>, owedFrom: Day?) {
            self.start = start
            self.rule = rule
            self.exceptions = exceptions
            self.completions = completions
            self.owedFrom = owedFrom
        }

        func with(
            start: Day? = nil, rule: RecurrenceRule? = nil, exceptions: Set<Day>? = nil, completions: Set<Day>? = nil,
            owedFrom: Day?? = nil
        ) -> Storage {
            Storage(
                start: start ?? self.start, rule: rule ?? self.rule, exceptions: exceptions ?? self.exceptions,
                completions: completions ?? self.completions, owedFrom: owedFrom ?? self.owedFrom)
        }
    }

    private var storage: Storage

    /// A schedule from `start` following `rule`, without `exceptions` unless told.
    public init(start: Day, rule: RecurrenceRule, exceptions: Set<Day> = []) {
        storage = Storage(start: start, rule: rule, exceptions: exceptions, completions: [], owedFrom: nil)
    }

    /// A schedule from `start` following `rule`, without `exceptions` unless told, with the
    /// occurrences done (`completions`).
    public init(start: Day, rule: RecurrenceRule, exceptions: Set<Day> = [], completions: Set<Day>) {
        storage = Storage(
            start: start, rule: rule, exceptions: exceptions, completions: completions, owedFrom: nil)
    }

    public static func == (lhs: Recurrence, rhs: Recurrence) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.start, lhs.rule, lhs.exceptions, lhs.completions, lhs.owedFrom)
                == (rhs.start, rhs.rule, rhs.exceptions, rhs.completions, rhs.owedFrom)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(rule)
        hasher.combine(exceptions)
        hasher.combine(completions)
        hasher.combine(owedFrom)
    }

    private enum CodingKeys: String, CodingKey {
        case start, rule, exceptions, completions, owedFrom
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            start: try container.decode(Day.self, forKey: .start),
            rule: try container.decode(RecurrenceRule.self, forKey: .rule),
            exceptions: try container.decode(Set<Day>.self, forKey: .exceptions),
            completions: try container.decodeIfPresent(Set<Day>.self, forKey: .completions) ?? [])
        owedFrom = try container.decodeIfPresent(Day.self, forKey: .owedFrom)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(rule, forKey: .rule)
        try container.encode(exceptions.sorted(), forKey: .exceptions)
        // Left out when there is none, so that a schedule reads as it did before completions.
        if !completions.isEmpty { try container.encode(completions.sorted(), forKey: .completions) }
        try container.encodeIfPresent(owedFrom, forKey: .owedFrom)
    }

    /// `DTSTART=20260101;FREQ=MONTHLY;BYDAY=2SU,4SU;EXDATE=20260111,20260308`: the first day, the
    /// rule and the exceptions in order, so that equal schedules print the same (the completions and
    /// the day occurrences are owed from, not part of RFC 5545, are left out).
    public var description: String {
        var text = "DTSTART=\(RecurrenceRule.compact(start));\(rule)"
        if !exceptions.isEmpty {
            text += ";EXDATE=" + exceptions.sorted().map(RecurrenceRule.compact).joined(separator: ",")
        }
        return text
    }

    /// The occurrences on or after `day` (from ``start`` when `nil`), lazily, in order.
    ///
    /// The sequence ends after `COUNT` or `UNTIL`, or with the year 9999.
    ///
    /// - Throws: ``RecurrenceError/neverOccurs(_:)`` when the rule yields no day at all, such as
    ///   the 30th of February, found after a search of one cycle of the Gregorian calendar.
    /// - Complexity: O(*k*) for the first *k* occurrences, plus, for a rule with `COUNT`, the
    ///   occurrences before `day`. The first call costs at most one calendar cycle of periods
    ///   (400 years) when the rule never occurs.
    public func occurrences(from day: Day? = nil) throws(RecurrenceError) -> Occurrences {
        var sequence = Occurrences(recurrence: self, from: day ?? start)
        try sequence.findFirst()
        return sequence
    }

    /// The occurrences from `first` through `last`, both included.
    ///
    /// - Throws: ``RecurrenceError/neverOccurs(_:)``.
    /// - Complexity: O(*k*) for *k* occurrences in the range (see ``occurrences(from:)``).
    public func occurrences(from first: Day, through last: Day) throws(RecurrenceError) -> [Day] {
        Array(try occurrences(from: first).prefix { $0 <= last })
    }

    /// The first occurrence on or after `day`, or `nil` when the schedule has ended.
    ///
    /// - Throws: ``RecurrenceError/neverOccurs(_:)``.
    /// - Complexity: As ``occurrences(from:)`` for one occurrence: the periods up to it, jumping
    ///   straight to the period of `day`; at most 400 years of periods for a rule that never falls.
    public func nextOccurrence(onOrAfter day: Day) throws(RecurrenceError) -> Day? {
        var iterator = try occurrences(from: day).makeIterator()
        return iterator.next()
    }
}
