/// A repeating project's occurrence done: the day it was due, and the next one it is due on.
public struct CompletedOccurrence: Hashable, Sendable {
    /// The day of the occurrence done (the project's deadline, or the next occurrence when it
    /// had none).
    public let day: Day
    /// The next occurrence: the project goes back to To Do, due on it.
    public let next: Day
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
        return CompletedOccurrence(day: deadline ?? next, next: next)
    }
}

extension Project {
    /// Records `occurrence` done: its day joins the schedule's completions and the project is due
    /// on the next occurrence.
    mutating func complete(_ occurrence: CompletedOccurrence) {
        recurrence?.completions.insert(occurrence.day)
        deadline = occurrence.next
    }

    /// The project due on the first occurrence on or after its deadline that is neither done nor
    /// skipped: the one a repeating project waits for once the completions and skips of other
    /// devices are merged in, so that an occurrence done on two devices advances it once.
    ///
    /// A project that does not repeat, or waits on an occurrence neither done nor skipped, is
    /// returned as it is; so is one whose schedule has no occurrence left after its deadline.
    /// Moves into Done and skips find the next occurrence on or after today
    /// (``nextOccurrenceAfterCompleting(today:)``); this asks no clock, so that every device
    /// settles a merge alike.
    ///
    /// - Complexity: O(*k*) for the *k* occurrences from the deadline to the one returned (see
    ///   ``Recurrence/occurrences(from:)``).
    package func settlingOccurrence() -> Project {
        guard let recurrence, let deadline,
            recurrence.completions.contains(deadline) || recurrence.exceptions.contains(deadline)
        else { return self }
        let occurrences: Occurrences
        do {
            occurrences = try recurrence.occurrences(from: deadline)
        } catch {
            // The rule falls on no day: there is no occurrence to wait for.
            return self
        }
        guard let next = occurrences.first(where: { !recurrence.completions.contains($0) }) else { return self }
        var project = self
        project.deadline = next
        return project
    }
}
