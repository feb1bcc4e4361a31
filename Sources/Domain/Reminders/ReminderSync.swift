import Foundation

/// Why keeping the reminders failed once: the projects could not be read, or the platform refused.
public enum ReminderSyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The projects could not be read; the pending reminders were left as they were.
    case repository(RepositoryError)
    /// The platform's notifications refused; see ``ReminderSchedulerError``.
    case scheduler(ReminderSchedulerError)

    public var description: String {
        switch self {
        case .repository(let error): "the reminders were not updated: \(error)"
        case .scheduler(let error): "\(error)"
        }
    }
}

/// Keeps the platform's pending reminders in line with the viewer's dated projects: reconciled
/// once as it starts (when the engine opens) and again after every save, by ``ReconcileReminders``.
///
/// It follows the repository's change stream and reads only the projects each save changed, so a
/// one-card save costs one read plus the plan over the dated projects. Reconciliations run one at
/// a time, in the order of the saves; each one's outcome is on ``outcomes``.
/// ```swift
/// let reminders = engine.keepReminders(with: notificationCenter)
/// for await outcome in reminders.outcomes {
///     if case .failure(let error) = outcome { print(error) }
/// }
/// ```
/// Call ``refresh()`` when what the repository shows changed without a save (someone signed in
/// or out) or the user's time zone changed (with an engine built over the new zone). The sync
/// stops with ``stop()`` or when it is released.
public final class ReminderSync: Sendable {
    /// What one reconciliation did: the plan carried out, or why nothing (or only part) was.
    public typealias Outcome = Result<ReminderPlan, ReminderSyncError>

    /// One outcome per reconciliation, in order; it finishes when the sync stops.
    public let outcomes: AsyncStream<Outcome>
    private let triggers: AsyncStream<Trigger>.Continuation
    private let work: Task<Void, Never>
    private let following: Task<Void, Never>

    private enum Trigger: Sendable {
        /// Read every project again.
        case refresh
        /// Read the projects one save touched.
        case saved(RepositoryChange)
    }

    /// Starts keeping `scheduler`'s reminders: the first reconciliation reads every project of
    /// the boards `boards` shows.
    ///
    /// - Parameters:
    ///   - rule: Each project's reminder rule (``ReminderRule/standard`` unless the app says
    ///     otherwise; ``ReminderRule/off`` for none).
    public init(
        projects: any ProjectRepository, boards: any BoardRepository, scheduler: any ReminderScheduler,
        environment: EngineEnvironment, rule: @escaping @Sendable (Project) -> ReminderRule = { _ in .standard }
    ) {
        let (triggered, triggers) = AsyncStream.makeStream(of: Trigger.self)
        let (outcomes, reported) = AsyncStream.makeStream(of: Outcome.self)
        self.triggers = triggers
        self.outcomes = outcomes
        // Subscribed before the first reconciliation reads anything, so that no save is missed.
        let changes = projects.changes()
        following = Task {
            for await change in changes { triggers.yield(.saved(change)) }
        }
        triggers.yield(.refresh)
        let keeper = Keeper(
            projects: projects, boards: boards,
            reconcile: ReconcileReminders(scheduler: scheduler, environment: environment),
            rule: rule)
        work = Task {
            for await trigger in triggered {
                reported.yield(await keeper.reconcile(after: trigger))
            }
            reported.finish()
        }
    }

    deinit { stop() }

    /// Reconciles again from every project.
    /// - Complexity: O(1) here; the reconciliation it queues reads the *n* projects of the viewer's
    ///   boards, O(*n*), then plans as ``ReminderReconciliation`` does.
    public func refresh() {
        triggers.yield(.refresh)
    }

    /// Stops following saves; ``outcomes`` finishes once the reconciliation under way ends.
    public func stop() {
        following.cancel()
        triggers.finish()
    }

    /// The sources of the last reconciliation, kept so that a save reads only what it changed.
    private actor Keeper {
        let projects: any ProjectRepository
        let boards: any BoardRepository
        let reconcile: ReconcileReminders
        let rule: @Sendable (Project) -> ReminderRule
        /// Every dated project's source, by project; `nil` until a read of every project succeeds.
        var sources: [Project.ID: ReminderSource]?

        init(
            projects: any ProjectRepository, boards: any BoardRepository, reconcile: ReconcileReminders,
            rule: @escaping @Sendable (Project) -> ReminderRule
        ) {
            self.projects = projects
            self.boards = boards
            self.reconcile = reconcile
            self.rule = rule
        }

        func reconcile(after trigger: Trigger) async -> Outcome {
            do throws(RepositoryError) {
                switch trigger {
                case .saved(let change) where sources != nil && !change.deletesABoard:
                    try await update(with: change)
                case .saved, .refresh:
                    try await readEverything()
                }
            } catch {
                // The next trigger reads everything again.
                sources = nil
                return .failure(.repository(error))
            }
            do throws(ReminderSchedulerError) {
                return .success(try await reconcile(Array((sources ?? [:]).values)))
            } catch {
                return .failure(.scheduler(error))
            }
        }

        private func readEverything() async throws(RepositoryError) {
            var read: [Project.ID: ReminderSource] = [:]
            for board in try await boards.boards() {
                for project in try await projects.projects(onBoard: board.id) {
                    read[project.id] = source(of: project)
                }
            }
            sources = read
        }

        private func update(with change: RepositoryChange) async throws(RepositoryError) {
            for reference in change.deleted {
                if case .project(let id) = reference { sources?[id] = nil }
            }
            for reference in change.inserted.union(change.updated) {
                guard case .project(let id) = reference else { continue }
                do throws(RepositoryError) {
                    sources?[id] = source(of: try await projects.project(id: id))
                } catch .notFound(_) {
                    // Gone by now, or on a board the viewer does not see.
                    sources?[id] = nil
                }
            }
        }

        private func source(of project: Project) -> ReminderSource? {
            ReminderSource(project, rule: rule(project))
        }
    }
}

extension RepositoryChange {
    /// Whether the save deleted a board: its projects go with it, read again whole.
    fileprivate var deletesABoard: Bool {
        deleted.contains { if case .board = $0 { true } else { false } }
    }
}
