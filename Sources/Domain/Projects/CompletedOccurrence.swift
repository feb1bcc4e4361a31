/// A repeating project's occurrence done: the day it was due, and the next one it is due on.
public struct CompletedOccurrence: Hashable, Sendable {
    /// The day of the occurrence done (the project's deadline, or the next occurrence when it
    /// had none).
    public let day: Day
    /// The next occurrence: the project goes back to To Do, due on it.
    public let next: Day
    /// The day occurrences are owed from once this one is done (``Recurrence/owedFrom``).
    let owedFrom: Day
}

extension Project {
    /// The occurrence a move into `state` completes on `today`, or `nil` when the move is an
    /// ordinary one: only a repeating project, moved into Done from another column, while its
    /// schedule has another occurrence, completes one (``nextOccurrenceAfterCompleting(today:)``).
    /// After the last (`COUNT`, `UNTIL`) it stays in Done.
    ///
    /// This is the one place the rule is written: a move within a board and a move to another
    /// board both ask it.
    public func occurrenceCompleted(byMovingTo state: ProjectState, today: Day) -> CompletedOccurrence? {
        guard state == .done, self.state != .done, let next = nextOccurrenceAfterCompleting(today: today) else {
            return nil
        }
        let day = deadline ?? next
        return CompletedOccurrence(day: day, next: next, owedFrom: owedFrom(passing: day, today: today, next: next))
    }
}

extension Project {
    /// Records `occurrence` done: its day joins the schedule's completions, the occurrences it
    /// passed over are no longer owed, and the project is due on the next occurrence.
    mutating func complete(_ occurrence: CompletedOccurrence) {
        recurrence?.completions.insert(occurrence.day)
        recurrence?.owedFrom = occurrence.owedFrom
        deadline = occurrence.next
    }

    /// The project due on the first occurrence its schedule owes (from ``Recurrence/owedFrom``)
    /// that is neither completed nor skipped: the one a repeating project waits for once the
    /// completions and skips of other devices, and their undos, are merged in, so that an
    /// occurrence done on two devices advances it once and one whose skip was undone is due again.
    ///
    /// A schedule that does not record the day occurrences are owed from (written by 3.0.0 or
    /// older) moves only forward: the first occurrence on or after the deadline neither done nor
    /// skipped. A project that does not repeat, or whose schedule has no such occurrence left, is
    /// returned as it is. Moves into Done and skips find the next occurrence on or after today
    /// (``nextOccurrenceAfterCompleting(today:)``); this asks no clock, so that every device
    /// settles a merge alike.
    ///
    /// - Complexity: O(*k*) for the *k* occurrences from the day owed from (or the deadline) to
    ///   the one returned (see ``Recurrence/occurrences(from:)``).
    package func settlingOccurrence() -> Project {
        guard let recurrence, let deadline else { return self }
        let due: Day?
        if let owedFrom = recurrence.owedFrom {
            due = Self.firstOwed(of: recurrence, onOrAfter: owedFrom)
        } else if recurrence.completions.contains(deadline) || recurrence.exceptions.contains(deadline) {
            due = Self.firstOwed(of: recurrence, onOrAfter: deadline)
        } else {
            due = nil
        }
        guard let due, due != deadline else { return self }
        var project = self
        project.deadline = due
        return project
    }
}
