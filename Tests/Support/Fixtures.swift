import Foundation
import ProjectManagerDomain

extension TimeZone {
    /// The time zone with this identifier; stops the test run with a message when the system lacks it.
    public static func named(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else {
            preconditionFailure("the time zone \(identifier) is not installed")
        }
        return zone
    }
}

extension Date {
    /// The instant of a wall-clock time in `timeZone`, in the Gregorian calendar.
    ///
    /// ```swift
    /// let lateEvening = Date.at(2026, 3, 14, 23, 59, in: .named("Asia/Seoul"))
    /// ```
    public static func at(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
        in timeZone: TimeZone = .gmt
    ) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else {
            preconditionFailure("\(components) is not a time in \(timeZone.identifier)")
        }
        return date
    }
}

extension Day {
    /// A day written as a literal in a test, `Day("2026-03-14")`; stops the run when it does not parse.
    public init(_ text: String) {
        do {
            try self.init(parsing: text)
        } catch {
            preconditionFailure("test fixture: \(error)")
        }
    }
}

extension SequentialIDs {
    /// The `n`th id this generator makes, from 1, without making it.
    public static func id(_ n: Int) -> UUID {
        let hex = String(n, radix: 16)
        let padded = String(repeating: "0", count: 12 - hex.count) + hex
        guard let id = UUID(uuidString: "00000000-0000-4000-8000-\(padded)") else {
            preconditionFailure("sequential id \(n) does not fit in 12 hex digits")
        }
        return id
    }
}

extension String {
    /// `count` copies of `character`, e.g. a title of exactly 100 characters.
    public static func characters(_ count: Int, of character: Character = "a") -> String {
        String(repeating: character, count: count)
    }
}

extension BoardOverview {
    /// The titles in each column, To Do, Doing, Done.
    public var titlesByColumn: [[String]] {
        columns.map { $0.items.map(\.project.title) }
    }
}

extension Array where Element == Project {
    /// Whether no two projects of a column share a rank.
    public var ranksAreDistinct: Bool {
        ProjectState.allCases.allSatisfy { state in
            let ranks = filter { $0.state == state }.map(\.rank)
            return Set(ranks).count == ranks.count
        }
    }

    /// The titles in each column, To Do, Doing, Done, in rank order.
    public var titlesByColumn: [[String]] {
        ProjectState.allCases.map { state in
            filter { $0.state == state }.sorted { $0.rank < $1.rank }.map(\.title)
        }
    }
}

extension RecurrenceRule {
    /// A rule written as a literal in a test, `RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU")`;
    /// stops the run when it does not parse.
    public init(_ text: String) {
        do {
            try self.init(parsing: text)
        } catch {
            preconditionFailure("test fixture: \(error)")
        }
    }
}
