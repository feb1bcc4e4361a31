import Foundation
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

/// A `--due` argument: a day, and the time of day it is due at on it when one follows
/// (`2026-12-24 14:00`); the time is read in the user's zone when the command runs.
struct DueArgument: Hashable, Sendable {
    /// The day.
    var day: Day
    /// The hour and the minute, when a time of day was given.
    var time: (hour: Int, minute: Int)?

    static func == (lhs: DueArgument, rhs: DueArgument) -> Bool {
        lhs.day == rhs.day && lhs.time?.hour == rhs.time?.hour && lhs.time?.minute == rhs.time?.minute
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(day)
        hasher.combine(time?.hour)
        hasher.combine(time?.minute)
    }

    /// `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM` (a `T` may stand for the space).
    ///
    /// - Parameters:
    ///   - option: The option's name, for the message.
    ///   - remedy: What the message adds after the problem.
    /// - Throws: ``CommandLineError/usage(_:)`` saying what is wrong with the day or the time.
    init(parsing text: String, option: String, remedy: String = "") throws(CommandLineError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        day = try Day.deadline(parsing: parts.first ?? trimmed, option: option, remedy: remedy)
        guard parts.count > 1 else { return }
        guard parts.count == 2, let parsed = DueTime(parsing: parts[1], timeZone: "UTC") else {
            throw .usage(
                "bad \(option) '\(text)': give the time of day as HH:MM, 00:00 to 23:59, after the day\(remedy)")
        }
        time = (parsed.hour, parsed.minute)
    }

    /// The time of day in the zone `timeZone`, or `nil` for a deadline of the whole day.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` when the zone has no identifier this system knows.
    func dueTime(in timeZone: TimeZone) throws(CommandLineError) -> DueTime? {
        guard let time else { return nil }
        guard let due = DueTime(hour: time.hour, minute: time.minute, timeZone: timeZone.identifier) else {
            throw .runtime(
                "the time zone '\(timeZone.identifier)' has no name this system knows: set TZ, e.g. TZ=Europe/Paris")
        }
        return due
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
