import Foundation

/// Works out which reminders should be pending, and what to change to get there: a pure function
/// of the projects, the reminders already pending, the time and the user's calendar.
///
/// - A reminder fires `days` before a due day at the rule's time in the calendar's time zone; when
///   that time does not exist (the hour a DST change skips), it fires at the next minute that does.
/// - Only reminders after `now` are kept, and only the `limit` soonest (iOS keeps 64).
/// - A new, changed or moved deadline, a changed title, rule or time zone reschedules; a finished,
///   deleted or switched-off project cancels. Reminders already pending as wanted are left alone,
///   so running it again, or after a restart, changes nothing.
///
/// ```swift
/// let plan = ReminderReconciliation.plan(for: sources, pending: try await scheduler.pendingReminders(),
///                                        now: environment.now(), calendar: environment.calendar)
/// ```
public enum ReminderReconciliation {
    /// The platform limit used when none is given: iOS keeps 64 pending notifications per app.
    public static let defaultLimit = 64

    /// The changes that turn `pending` into the `limit` soonest reminders `sources` want after `now`.
    ///
    /// - Complexity: O(*n* · *k* log(*n* · *k*)) for *n* sources and *k* = `limit`, plus the
    ///   occurrences each repeat rule skips to reach `now`.
    public static func plan(
        for sources: [ReminderSource], pending: [Reminder], now: Date, calendar: Calendar,
        limit: Int = defaultLimit
    ) -> ReminderPlan {
        let wanted = reminders(for: sources, after: now, calendar: calendar, limit: limit)
        let pendingByID = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let wantedIDs = Set(wanted.map(\.id))

        var plan = ReminderPlan()
        for reminder in wanted {
            switch pendingByID[reminder.id] {
            case nil: plan.schedule.append(reminder)
            case let existing? where existing != reminder: plan.reschedule.append(reminder)
            case .some: break
            }
        }
        plan.cancel = pendingByID.keys.filter { !wantedIDs.contains($0) }.sorted()
        return plan
    }

    /// The `limit` soonest reminders `sources` want after `now` (and not after `end`, when given),
    /// soonest first.
    ///
    /// - Complexity: O(*n* · *k* log(*n* · *k*)) for *n* sources and *k* reminders each, at most
    ///   `limit` (or as many as come before `end`), plus the occurrences each repeat rule skips.
    public static func reminders(
        for sources: [ReminderSource], after now: Date, through end: Date? = nil, calendar: Calendar,
        limit: Int = defaultLimit
    ) -> [Reminder] {
        guard limit > 0 else { return [] }
        let today = Day(containing: now, in: calendar)
        var all: [Reminder] = []
        for source in sources where !source.isFinished {
            guard case .before(let days, let time) = source.rule else { continue }
            var taken = 0
            for dueDay in dueDays(of: source.schedule, from: max(today, source.firstDueDay ?? today)) {
                guard taken < limit else { break }
                let fires =
                    if let due = source.dueTime {
                        due.instant(on: dueDay.adding(days: -days))
                    } else {
                        fireDate(dueDay.adding(days: -days), at: time, calendar: calendar)
                    }
                guard let fireDate = fires, fireDate > now
                else { continue }
                // Later due days fire later.
                if let end, fireDate > end { break }
                all.append(
                    Reminder(projectID: source.projectID, title: source.title, dueDay: dueDay, fireDate: fireDate))
                taken += 1
            }
        }
        all.sort(by: Reminder.soonestFirst)
        return Array(all.prefix(limit))
    }

    /// The due days on or after `today`, lazily.
    private static func dueDays(of schedule: ReminderSource.Schedule, from today: Day) -> AnySequence<Day> {
        switch schedule {
        case .once(let day):
            return AnySequence(day >= today ? [day] : [])
        case .repeating(let recurrence):
            do {
                return AnySequence(try recurrence.occurrences(from: today))
            } catch {
                // A rule that never falls on a day has no due days, so no reminders.
                return AnySequence([])
            }
        }
    }

    /// The instant of `time` on `day` in the calendar's time zone; when a DST change skips that
    /// time, the first minute after it that exists.
    public static func fireDate(_ day: Day, at time: TimeOfDay, calendar: Calendar) -> Date? {
        guard day.isValid else { return nil }
        // A gap is an hour, rarely more; a whole day (Samoa, 2011-12-30) is the most there has been.
        for delay in 0...(24 * 60) {
            let minutes = time.hour * 60 + time.minute + delay
            let wanted = DateComponents(
                year: day.year, month: day.month, day: day.day + minutes / (24 * 60),
                hour: minutes / 60 % 24, minute: minutes % 60)
            guard let date = calendar.date(from: wanted) else { continue }
            let found = calendar.dateComponents([.hour, .minute], from: date)
            let normalized = Day(containing: date, in: calendar)
            if found.hour == wanted.hour, found.minute == wanted.minute,
                normalized == day.adding(days: minutes / (24 * 60))
            {
                return date
            }
        }
        return nil
    }
}
