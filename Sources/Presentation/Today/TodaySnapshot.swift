import Foundation
import ProjectManagerDomain

/// What the today screen shows: three sections, each board's counts, and the summary they come
/// from (for a widget's timeline entry).
public struct TodaySnapshot: Hashable, Sendable {
    /// One section of the screen.
    public struct Section: Hashable, Sendable, Identifiable {
        /// Which list of the summary the section shows.
        public enum Kind: Hashable, Sendable {
            /// The overdue projects.
            case overdue
            /// The projects due today.
            case dueToday
            /// The favourites' projects due in the next 7 days.
            case upcoming
        }

        /// Which list the section shows.
        public let kind: Kind
        /// The section's title, "Overdue".
        public let title: String
        /// The section's projects, soonest due first (then by title).
        public let rows: [Row]
        /// What the section says when it has no rows.
        public let emptyText: String

        public var id: Kind { kind }
    }

    /// One project with a deadline.
    public struct Row: Hashable, Sendable, Identifiable {
        public let id: Project.ID
        /// The project's title.
        public let title: String
        /// The board's title.
        public let board: String
        /// The deadline as the locale writes it.
        public let deadline: String
        /// The column's name: "To Do", "진행 중".
        public let state: String
        /// Whether the deadline has passed: show it in red.
        public let isOverdue: Bool
    }

    /// One board's counts.
    public struct BoardCount: Hashable, Sendable, Identifiable {
        public let id: Board.ID
        /// The board's title.
        public let title: String
        /// "1 overdue · 2 due today · 3 in the next 7 days".
        public let text: String
    }

    /// Overdue, due today, and the favourites' next 7 days, in that order.
    public let sections: [Section]
    /// Every board with something overdue, due today or in the next 7 days.
    public let boards: [BoardCount]
    /// The summary the screen shows; its ``TodaySummary/nextChange`` is when the screen next
    /// changes unless the projects do.
    public let summary: TodaySummary

    /// The section of a kind.
    public func section(_ kind: Section.Kind) -> Section? {
        sections.first { $0.kind == kind }
    }
}
