import ProjectManager

extension Day {
    /// A `--due` argument: a `YYYY-MM-DD` day that exists, or, when `allowsNone`, `none` for no
    /// deadline (`nil`).
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` saying what is wrong with the day.
    static func deadline(parsing text: String, allowsNone: Bool) throws(CommandLineError) -> Day? {
        if allowsNone, text.lowercased() == "none" { return nil }
        do {
            return try Day(parsing: text)
        } catch {
            let remedy = allowsNone ? " (or none to remove the deadline)" : ""
            throw .usage("bad --due: \(error.description)\(remedy)")
        }
    }
}

extension RecurrenceRule {
    /// A `--repeat` argument: RRULE text (`FREQ=MONTHLY;BYDAY=2SU,4SU`), or, when `allowsNone`,
    /// `none` for a project done once (`nil`).
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` naming the part of the rule at fault.
    static func repeatRule(parsing text: String, allowsNone: Bool) throws(CommandLineError) -> RecurrenceRule? {
        if allowsNone, text.lowercased() == "none" { return nil }
        do {
            return try RecurrenceRule(parsing: text)
        } catch {
            let remedy = allowsNone ? " (or none to stop repeating)" : ""
            throw .usage("bad --repeat: \(error.description)\(remedy)")
        }
    }
}
