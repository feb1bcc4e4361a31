import ProjectManagerDomain

extension Recurrence {
    /// The schedule owing occurrences from `day` (``Recurrence/owedFrom``), as the engine leaves a
    /// schedule it starts or moves on.
    public func owing(from day: Day) -> Recurrence {
        var schedule = self
        schedule.owedFrom = day
        return schedule
    }
}
