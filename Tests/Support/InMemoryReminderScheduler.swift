import Foundation
import ProjectManagerDomain

/// The platform's pending notifications, kept in memory with the platform's limit: what an app's
/// `UNUserNotificationCenter` adapter does, without a device. It refuses to hold more than `limit`.
public actor InMemoryReminderScheduler: ReminderScheduler {
    public nonisolated let limit: Int
    private var pending: [Reminder.ID: Reminder] = [:]
    /// Every reminder ever handed to ``schedule(_:)``, in order, to tell what was scheduled twice.
    public private(set) var scheduledLog: [Reminder] = []

    public init(limit: Int = ReminderReconciliation.defaultLimit, pending: [Reminder] = []) {
        self.limit = limit
        self.pending = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func pendingReminders() async throws(ReminderSchedulerError) -> [Reminder] {
        pending.values.sorted(by: Reminder.soonestFirst)
    }

    public func schedule(_ reminders: [Reminder]) async throws(ReminderSchedulerError) {
        for reminder in reminders { pending[reminder.id] = reminder }
        scheduledLog += reminders
        guard pending.count <= limit else {
            throw .failed(reason: "\(pending.count) reminders pending, more than the limit of \(limit)")
        }
    }

    public func cancel(_ ids: [Reminder.ID]) async throws(ReminderSchedulerError) {
        for id in ids { pending[id] = nil }
    }

    /// Drops the reminders that have fired by `now`, as the platform does once it shows them.
    public func deliver(until now: Date) {
        pending = pending.filter { $0.value.fireDate > now }
    }
}
