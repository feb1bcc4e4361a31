import Foundation

/// The deadline and repeat schedule a draft gives a project on a given day.
///
/// A draft without a repeat rule gives its deadline and no schedule. A draft with one gives a
/// ``Recurrence`` whose first day is the draft's deadline (today when it has none), and a deadline
/// that is the schedule's first occurrence on or after both that day and today:
///
/// ```swift
/// let draft = ProjectDraft(title: "Mart closed", repeatRule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU"))
/// try ProjectSchedule(draft, replacing: nil, today: try Day(parsing: "2026-03-09")).deadline  // 2026-03-22
/// ```
///
/// Editing a repeating project without changing its rule or its deadline keeps its schedule as it
/// is (its first day, its skipped and completed occurrences and the occurrence it waits for); a
/// changed deadline starts the same rule again from that day, keeping the skipped occurrences but
/// not the completed ones (the user says which one is due); a changed rule starts afresh from the
/// deadline shown.
public struct ProjectSchedule: Hashable, Sendable {
    /// The day the project is due: for a repeating project, the occurrence it waits for.
    public let deadline: Day?
    /// The repeat schedule, or `nil` for a project done once.
    public let recurrence: Recurrence?

    /// The schedule `draft` gives a new project (`current` `nil`) or `current` on `today`.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/repeatHasNoDayLeft(_:from:)``
    ///   when the rule's last occurrence is before the first day it could fall on, or
    ///   ``ValidationFailure/repeatNeverOccurs(_:)`` when the rule falls on no day at all.
    /// - Complexity: O(1) when the schedule is kept; otherwise the cost of finding one occurrence
    ///   (see ``Recurrence/nextOccurrence(onOrAfter:)``).
    public init(_ draft: ProjectDraft, replacing current: Project?, today: Day) throws(RepositoryError) {
        guard let rule = draft.repeatRule else {
            (deadline, recurrence) = (draft.deadline, nil)
            return
        }
        if let current, let kept = current.recurrence, kept.rule == rule, current.deadline == draft.deadline {
            (deadline, recurrence) = (current.deadline, kept)
            return
        }
        let start = draft.deadline ?? today
        let exceptions = current?.recurrence.flatMap { $0.rule == rule ? $0.exceptions : nil } ?? []
        let schedule = Recurrence(start: start, rule: rule, exceptions: exceptions)
        let from = max(start, today)
        let first: Day?
        do {
            first = try schedule.nextOccurrence(onOrAfter: from)
        } catch {
            throw .invalid(ValidationError([.repeatNeverOccurs(rule)]))
        }
        guard let first else { throw .invalid(ValidationError([.repeatHasNoDayLeft(rule, from: from)])) }
        // The days before today (or the first day) are not owed: the schedule starts on the day shown.
        var owed = schedule
        owed.owedFrom = from
        (deadline, recurrence) = (first, owed)
    }
}

extension Project {
    /// The project with a validated draft's title, body, deadline and repeat rule, as of `today`
    /// (see ``ProjectSchedule``); ``updatedAt`` is left as it was.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` when the rule has no occurrence left.
    public func applying(_ draft: ProjectDraft, today: Day) throws(RepositoryError) -> Project {
        let schedule = try ProjectSchedule(draft, replacing: self, today: today)
        var project = self
        (project.title, project.body, project.deadline, project.recurrence) =
            (draft.title, draft.body, schedule.deadline, schedule.recurrence)
        project.dueTime = schedule.deadline == nil ? nil : draft.dueTime
        if let labels = draft.labels { project.labels = labels }
        return project
    }

    /// The occurrence a repeating project waits for once the current one (its ``deadline``) is
    /// done: the first after it that is on or after `today` (occurrences missed before today are
    /// not owed) and neither completed nor skipped. `nil` when the project does not repeat or its
    /// schedule has ended (`COUNT`, `UNTIL`), so that Done is where it stays.
    ///
    /// - Complexity: the cost of finding one occurrence (see ``Recurrence/nextOccurrence(onOrAfter:)``),
    ///   and one more for each occurrence after the deadline already completed.
    public func nextOccurrenceAfterCompleting(today: Day) -> Day? {
        guard var recurrence, let deadline else { return nil }
        recurrence.completions.insert(deadline)
        return Self.firstOwed(of: recurrence, onOrAfter: max(deadline.adding(days: 1), today))
    }

    /// What skipping the occurrence a repeating project waits for does: that day becomes an
    /// exception (`EXDATE`) and the project waits for the next occurrence on or after `today`
    /// neither completed nor skipped, or, when there is none, its schedule has ended.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` with ``ValidationFailure/noOccurrenceToSkip`` when
    ///   the project does not repeat or is done.
    public func skippingOccurrence(today: Day) throws(RepositoryError) -> OccurrenceSkip {
        guard var recurrence, let deadline, state != .done else {
            throw .invalid(ValidationError([.noOccurrenceToSkip]))
        }
        recurrence.exceptions.insert(deadline)
        let next = Self.firstOwed(of: recurrence, onOrAfter: max(deadline.adding(days: 1), today))
        recurrence.owedFrom = owedFrom(passing: deadline, today: today, next: next)
        return OccurrenceSkip(skipped: deadline, recurrence: recurrence, next: next)
    }

    /// The day occurrences are owed from once the occurrence on `deadline` is completed or skipped
    /// on `today`, the project then waiting for `next`: today, when the ones before it are passed
    /// over; as it was otherwise (the deadline, for a schedule that did not record it).
    func owedFrom(passing deadline: Day, today: Day, next: Day?) -> Day {
        let owed = max(recurrence?.owedFrom ?? deadline, today)
        return next.map { min(owed, $0) } ?? owed
    }

    /// The first occurrence of `recurrence` on or after `day` neither completed nor skipped, or
    /// `nil` when the schedule has ended.
    static func firstOwed(of recurrence: Recurrence, onOrAfter day: Day) -> Day? {
        do {
            return try recurrence.occurrences(from: day).first { !recurrence.completions.contains($0) }
        } catch {
            // The schedule fell on a day before, so the rule has days; finding none in a whole
            // calendar cycle after it can only mean it has ended.
            return nil
        }
    }
}

/// What skipping one occurrence of a repeating project does (see
/// ``Project/skippingOccurrence(today:)``).
public struct OccurrenceSkip: Hashable, Sendable {
    /// The occurrence skipped, now an exception of the schedule.
    public let skipped: Day
    /// The schedule with the skipped day among its exceptions.
    public let recurrence: Recurrence
    /// The occurrence the project waits for next, or `nil` when the schedule has ended and the
    /// project is done.
    public let next: Day?
}
