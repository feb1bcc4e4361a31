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
