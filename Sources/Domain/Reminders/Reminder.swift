import Foundation

/// One local notification: a project's reminder for one due day, at one instant.
public struct Reminder: Identifiable, Hashable, Sendable, Codable {
    /// A reminder's identifier: the project and the due day, `<project id>/<YYYY-MM-DD>`, so that
    /// the same occurrence always has the same identifier, across runs and reschedules.
    public struct ID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
        /// The identifier as the platform keeps it: `<project id>/<YYYY-MM-DD>`.
        public let rawValue: String

        /// Wraps a platform identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The identifier of `project`'s reminder for `day`.
        public init(project: Project.ID, day: Day) { rawValue = "\(project)/\(day)" }

        public var description: String { rawValue }

        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let id: ID
    /// The project it reminds of.
    public let projectID: Project.ID
    /// The project's title, the notification's text.
    public let title: String
    /// The due day it reminds of.
    public let dueDay: Day
    /// When it fires.
    public let fireDate: Date

    /// A reminder for `project`'s `dueDay`, firing at `fireDate`.
    public init(projectID: Project.ID, title: String, dueDay: Day, fireDate: Date) {
        self.id = ID(project: projectID, day: dueDay)
        self.projectID = projectID
        self.title = title
        self.dueDay = dueDay
        self.fireDate = fireDate
    }
}

/// What the reminders should know of a project: its title, its due days, whether it is finished,
/// and its reminder rule.
public struct ReminderSource: Hashable, Sendable {
    /// A project's due days.
    public enum Schedule: Hashable, Sendable {
        /// One deadline.
        case once(Day)
        /// Every occurrence of a repeat rule.
        case repeating(Recurrence)
    }

    /// The project the reminders are for.
    public var projectID: Project.ID
    /// The project's title, which the reminders say.
    public var title: String
    /// The days the project is due.
    public var schedule: Schedule
    /// Whether the project is finished (Done, and for a repeating one, past its last occurrence):
    /// a finished project has no reminders.
    public var isFinished: Bool
    /// When to remind before each due day, or ``ReminderRule/off``.
    public var rule: ReminderRule
    /// The first due day to remind of, when the ones before it are done (a repeating project's
    /// occurrences before the one it waits for); `nil` reminds of every due day.
    public var firstDueDay: Day?
    /// The time of day the project is due at, in its zone: a reminder then fires the rule's days
    /// before that instant, at that time, instead of at the rule's time of day.
    public var dueTime: DueTime?

    /// What the reminders should know of one project; by default not finished, with the standard
    /// rule, from its first due day.
    public init(
        projectID: Project.ID, title: String, schedule: Schedule, isFinished: Bool = false,
        rule: ReminderRule = .standard, firstDueDay: Day? = nil
    ) {
        self.projectID = projectID
        self.title = title
        self.schedule = schedule
        self.isFinished = isFinished
        self.rule = rule
        self.firstDueDay = firstDueDay
    }

    /// What `project` wants reminded: its deadline; for a repeating project, every occurrence from
    /// the one it waits for (its deadline) on. `nil` when it has no deadline.
    /// - Complexity: O(1); the occurrences are expanded when the reminders are planned.
    public init?(_ project: Project, rule: ReminderRule = .standard) {
        guard let deadline = project.deadline else { return nil }
        self.init(
            projectID: project.id, title: project.title,
            schedule: project.recurrence.map(Schedule.repeating) ?? .once(deadline),
            isFinished: project.state == .done, rule: rule, firstDueDay: deadline)
        dueTime = project.dueTime
    }
}

/// What to change in the platform's pending notifications.
public struct ReminderPlan: Hashable, Sendable {
    /// New reminders, soonest first.
    public var schedule: [Reminder] = []
    /// Reminders already pending whose time or text changed, to replace under the same id.
    public var reschedule: [Reminder] = []
    /// Pending reminders to remove.
    public var cancel: [Reminder.ID] = []

    /// A plan; by default one that changes nothing.
    public init(schedule: [Reminder] = [], reschedule: [Reminder] = [], cancel: [Reminder.ID] = []) {
        self.schedule = schedule
        self.reschedule = reschedule
        self.cancel = cancel
    }

    /// Whether there is nothing to do.
    public var isEmpty: Bool { schedule.isEmpty && reschedule.isEmpty && cancel.isEmpty }

    /// The pending reminders once the plan is carried out, soonest first.
    /// - Complexity: O(*n* log *n*) for *n* reminders pending and planned.
    public func applied(to pending: [Reminder]) -> [Reminder] {
        var byID = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        for id in cancel { byID[id] = nil }
        for reminder in schedule + reschedule { byID[reminder.id] = reminder }
        return byID.values.sorted(by: Reminder.soonestFirst)
    }
}

extension Reminder {
    /// By fire date, then by id, so that ties always fall the same way.
    public static func soonestFirst(_ lhs: Reminder, _ rhs: Reminder) -> Bool {
        (lhs.fireDate, lhs.id) < (rhs.fireDate, rhs.id)
    }
}
