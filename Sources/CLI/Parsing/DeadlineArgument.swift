import ProjectManager

extension Day {
    /// A `--due` argument: a `YYYY-MM-DD` day that exists.
    ///
    /// - Parameters:
    ///   - option: The option's name, for the message.
    ///   - remedy: What the message adds after the problem.
    /// - Throws: ``CommandLineError/usage(_:)`` saying what is wrong with the day.
    static func deadline(parsing text: String, option: String, remedy: String = "") throws(CommandLineError) -> Day {
        do {
            return try Day(parsing: text)
        } catch {
            throw .usage("bad \(option): \(error.description)\(remedy)")
        }
    }

    /// A `--due` argument that may remove the deadline: a day, or `none` for no deadline (`nil`).
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` saying what is wrong with the day.
    static func deadlineOrNone(parsing text: String, option: String) throws(CommandLineError) -> Day? {
        if text.lowercased() == "none" { return nil }
        return try deadline(parsing: text, option: option, remedy: " (or none to remove the deadline)")
    }
}

extension RecurrenceRule {
    /// A `--repeat` argument: RRULE text (`FREQ=MONTHLY;BYDAY=2SU,4SU`).
    ///
    /// - Parameters:
    ///   - option: The option's name, for the message.
    ///   - remedy: What the message adds after the problem.
    /// - Throws: ``CommandLineError/usage(_:)`` naming the part of the rule at fault.
    static func repeatRule(parsing text: String, option: String, remedy: String = "") throws(CommandLineError)
        -> RecurrenceRule
    {
        do {
            return try RecurrenceRule(parsing: text)
        } catch {
            throw .usage("bad \(option): \(error.description)\(remedy)")
        }
    }

    /// A `--repeat` argument that may stop the repeating: a rule, or `none` for a project done once
    /// (`nil`).
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` naming the part of the rule at fault.
    static func repeatRuleOrNone(parsing text: String, option: String) throws(CommandLineError) -> RecurrenceRule? {
        if text.lowercased() == "none" { return nil }
        return try repeatRule(parsing: text, option: option, remedy: " (or none to stop repeating)")
    }
}
