import Foundation

/// What is due, for a home screen or a widget: the overdue projects, those due today, those due in
/// the next 7 days, a count per board, and when the summary next changes.
///
/// Done projects and projects without a deadline are left out. A `Codable` value with stable keys
/// (`today`, `overdue`, `dueToday`, `upcoming`, `boards`, `nextChange`), small enough for a
/// widget's timeline entry.
public struct TodaySummary: Hashable, Sendable, Codable {
    /// One project with a deadline.
    public struct Item: Hashable, Sendable, Codable {
        /// The project.
        public var id: Project.ID
        /// The project's board.
        public var boardID: Board.ID
        /// The project's title.
        public var title: String
        /// The day it is due: for a repeating project, the occurrence listed.
        public var deadline: Day
        /// The project's column: To Do or Doing, since Done projects are left out.
        public var state: ProjectState

        /// The item for `project`, due on `deadline`.
        public init(_ project: Project, deadline: Day) {
            id = project.id
            boardID = project.boardID
            title = project.title
            self.deadline = deadline
            state = project.state
        }

        private enum CodingKeys: String, CodingKey {
            case id
            case boardID = "board"
            case title, deadline, state
        }
    }

    /// How many projects of one board are overdue, due today and due in the next 7 days.
    public struct BoardCount: Hashable, Sendable, Codable {
        /// The board.
        public var boardID: Board.ID
        /// The board's title.
        public var title: String
        /// How many of its projects are overdue.
        public var overdue: Int
        /// How many of its projects are due today.
        public var dueToday: Int
        /// How many of its projects are due in the next 7 days.
        public var upcoming: Int

        private enum CodingKeys: String, CodingKey {
            case boardID = "board"
            case title, overdue, dueToday, upcoming
        }
    }

    /// The days after today that ``upcoming`` covers.
    public static let upcomingDays = 7

    /// The day the summary is for, in the user's time zone.
    public var today: Day
    /// Due before today, earliest first.
    public var overdue: [Item]
    /// Due today.
    public var dueToday: [Item]
    /// Due in the next 7 days, earliest first: only the favourites', when favourites were given. A
    /// repeating project is listed once for each occurrence in those days (a daily one 7 times).
    public var upcoming: [Item]
    /// Every board with something overdue, due today or upcoming, in the boards' order; a repeating
    /// project counts once, by the occurrence it waits for.
    public var boards: [BoardCount]
    /// When the summary next changes unless the projects do: the next midnight in the user's
    /// time zone, since deadlines are whole days (the next deadline always falls on a midnight).
    public var nextChange: Date

    private enum CodingKeys: String, CodingKey {
        case today, overdue, dueToday, upcoming, boards, nextChange
    }

    /// Sorts `projects` into the summary for the instant `now` in `calendar` (with its time zone).
    ///
    /// - Parameters:
    ///   - boards: The boards, for their titles and order.
    ///   - favourites: The projects whose upcoming deadlines are listed; `nil` lists every project's.
    /// - Complexity: O(*n* log *n*) for *n* projects.
    public init(
        projects: [Project], boards: [Board], now: Date, calendar: Calendar, favourites: Set<Project.ID>? = nil
    ) {
        let today = Day(containing: now, in: calendar)
        let startOfToday = calendar.startOfDay(for: now)
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: startOfToday) ?? now.addingTimeInterval(86_400)
        let lastUpcoming = Self.lastUpcomingDay(now: now, calendar: calendar)
        var overdue: [Item] = []
        var dueToday: [Item] = []
        var upcoming: [Item] = []
        var dueTimes: [Date] = []
        var counts: [Board.ID: (overdue: Int, dueToday: Int, upcoming: Int)] = [:]
        for project in projects where project.state != .done && !project.isArchived {
            guard let deadline = project.deadline else { continue }
            let item = Item(project, deadline: deadline)
            // A project due at a time of day is overdue once the time has passed, today too.
            if project.isOverdue(at: now, today: today) {
                overdue.append(item)
                counts[project.boardID, default: (0, 0, 0)].overdue += 1
            } else if deadline == today {
                dueToday.append(item)
                if let instant = project.dueTime?.instant(on: deadline) { dueTimes.append(instant) }
                counts[project.boardID, default: (0, 0, 0)].dueToday += 1
            } else if deadline <= lastUpcoming {
                counts[project.boardID, default: (0, 0, 0)].upcoming += 1
                if favourites?.contains(project.id) ?? true { upcoming.append(item) }
            }
            if let recurrence = project.recurrence, favourites?.contains(project.id) ?? true {
                upcoming += Self.occurrences(of: recurrence, after: max(deadline, today), through: lastUpcoming)
                    .map { Item(project, deadline: $0) }
            }
        }
        let order: (Item, Item) -> Bool = {
            if $0.deadline != $1.deadline { return $0.deadline < $1.deadline }
            if $0.title != $1.title { return $0.title < $1.title }
            return $0.id.precedes($1.id)
        }
        self.today = today
        self.overdue = overdue.sorted(by: order)
        self.dueToday = dueToday.sorted(by: order)
        self.upcoming = upcoming.sorted(by: order)
        self.boards = boards.compactMap { board in
            counts[board.id].map {
                BoardCount(
                    boardID: board.id, title: board.title, overdue: $0.overdue, dueToday: $0.dueToday,
                    upcoming: $0.upcoming)
            }
        }
        // A project due today at a time of day becomes overdue then: the summary changes.
        nextChange = dueTimes.filter { $0 > now }.min().map { min($0, tomorrow) } ?? tomorrow
    }

    /// The last day whose deadlines a summary for `now` lists: ``upcomingDays`` after today.
    /// Only the projects due by then (``Project/waits(through:)``) count in it.
    public static func lastUpcomingDay(now: Date, calendar: Calendar) -> Day {
        let startOfToday = calendar.startOfDay(for: now)
        return calendar.date(byAdding: .day, value: upcomingDays, to: startOfToday)
            .map { Day(containing: $0, in: calendar) } ?? Day(containing: now, in: calendar)
    }

    /// The occurrences of a repeating project's schedule after `day` (its deadline or today,
    /// whichever is later) through `last`.
    ///
    /// - Complexity: a period or two of the rule to reach `day`, then O(*k*) for *k* occurrences.
    private static func occurrences(of recurrence: Recurrence, after day: Day, through last: Day) -> [Day] {
        guard day < last else { return [] }
        do {
            return try recurrence.occurrences(from: day, through: last).filter { $0 > day }
        } catch {
            // A rule that falls on no day has no later occurrence: its deadline alone is listed.
            return []
        }
    }
}

/// Makes the ``TodaySummary`` for now, over every board, with the favourites' upcoming deadlines.
///
/// The favourites are every starred project and every project of a starred board; with none
/// starred, ``TodaySummary/upcoming`` is empty (the boards' counts still count every project).
public struct FetchTodaySummary: Sendable {
    private let boards: any BoardRepository
    private let projects: any ProjectRepository
    private let favourites: any FavouriteRepository
    private let environment: EngineEnvironment

    /// Reads the boards, the projects and the stars of these ports, for the day and time zone
    /// `environment` says it is.
    public init(
        boards: any BoardRepository, projects: any ProjectRepository, favourites: any FavouriteRepository,
        environment: EngineEnvironment
    ) {
        self.boards = boards
        self.projects = projects
        self.favourites = favourites
        self.environment = environment
    }

    /// - Complexity: O(*k* log *k*) for the *k* projects due within the days listed.
    /// - Throws: ``RepositoryError/accounts(_:)`` when who is signed in cannot be read,
    ///   ``RepositoryError/storage(_:)``.
    public func callAsFunction() async throws(RepositoryError) -> TodaySummary {
        let boards = try await boards.boards()
        let now = environment.now()
        let lastDay = TodaySummary.lastUpcomingDay(now: now, calendar: environment.calendar)
        var all: [Project] = []
        // The cards on the boards due by the last day listed: an archived list's are off them, as
        // archived cards are. A later deadline neither counts nor repeats within the days listed.
        for board in boards {
            all += try await projects.projects(dueThrough: lastDay, onBoard: board.id)
        }
        var starred: Set<Project.ID> = []
        var starredBoards: Set<Board.ID> = []
        for favourite in try await favourites.favourites() {
            switch favourite.target {
            case .project(let id): starred.insert(id)
            case .board(let id): starredBoards.insert(id)
            }
        }
        for project in all where starredBoards.contains(project.boardID) { starred.insert(project.id) }
        return TodaySummary(
            projects: all, boards: boards, now: now, calendar: environment.calendar, favourites: starred)
    }
}
