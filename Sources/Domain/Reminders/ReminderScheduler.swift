/// The platform's local notifications: the port an app implements (on iOS with
/// `UNUserNotificationCenter`, which keeps at most 64 pending requests per app).
///
/// ``ReconcileReminders`` reads what is pending, computes a ``ReminderPlan`` and hands it over, so
/// an implementation only lists, adds and removes.
public protocol ReminderScheduler: Sendable {
    /// How many reminders the platform keeps pending at most.
    var limit: Int { get }

    /// The reminders pending now, as they were scheduled (in this run or an earlier one).
    /// - Throws: ``ReminderSchedulerError/notAuthorized`` when notifications are turned off,
    ///   ``ReminderSchedulerError/failed(reason:)``.
    func pendingReminders() async throws(ReminderSchedulerError) -> [Reminder]

    /// Adds `reminders`, replacing any pending one with the same id.
    /// - Throws: ``ReminderSchedulerError/notAuthorized`` when notifications are turned off,
    ///   ``ReminderSchedulerError/failed(reason:)``.
    func schedule(_ reminders: [Reminder]) async throws(ReminderSchedulerError)

    /// Removes the pending reminders with these ids; unknown ids are ignored.
    /// - Throws: ``ReminderSchedulerError/failed(reason:)``.
    func cancel(_ ids: [Reminder.ID]) async throws(ReminderSchedulerError)
}

/// Why the platform's notifications could not be read or changed.
public enum ReminderSchedulerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The user has not allowed notifications.
    case notAuthorized
    /// The platform refused, for this reason.
    case failed(reason: String)

    public var description: String {
        switch self {
        case .notAuthorized: "notifications are turned off for this app: allow them in the system settings"
        case .failed(let reason): "the reminders could not be scheduled: \(reason)"
        }
    }
}

/// Brings the platform's pending reminders in line with the projects: run it after every save and
/// when the engine opens.
public struct ReconcileReminders: Sendable {
    private let scheduler: any ReminderScheduler
    private let environment: EngineEnvironment

    /// Reconciles the reminders pending in `scheduler`, as of the clock and the calendar of
    /// `environment`.
    public init(scheduler: any ReminderScheduler, environment: EngineEnvironment) {
        self.scheduler = scheduler
        self.environment = environment
    }

    /// Reads what is pending, plans against `sources` and carries the plan out; returns the plan.
    ///
    /// - Throws: what the scheduler throws; the plan is carried out cancellations first, so a
    ///   failure part way leaves fewer reminders, never duplicates.
    /// - Complexity: As ``ReminderReconciliation/plan(for:pending:now:calendar:limit:)``, plus the
    ///   scheduler's three calls.
    @discardableResult
    public func callAsFunction(_ sources: [ReminderSource]) async throws(ReminderSchedulerError) -> ReminderPlan {
        let pending = try await scheduler.pendingReminders()
        let plan = ReminderReconciliation.plan(
            for: sources, pending: pending, now: environment.now(), calendar: environment.calendar,
            limit: scheduler.limit)
        if !plan.cancel.isEmpty { try await scheduler.cancel(plan.cancel) }
        let additions = plan.reschedule + plan.schedule
        if !additions.isEmpty { try await scheduler.schedule(additions) }
        return plan
    }
}
