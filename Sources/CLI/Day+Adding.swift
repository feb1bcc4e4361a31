import Foundation
import ProjectManager

extension Day {
    /// The day `days` days after this one (before, when negative), or `nil` when this day does not
    /// exist.
    func adding(days: Int, in calendar: Calendar) -> Day? {
        guard let start = start(in: calendar),
            let moved = calendar.date(byAdding: .day, value: days, to: start)
        else { return nil }
        return Day(containing: moved, in: calendar)
    }
}
