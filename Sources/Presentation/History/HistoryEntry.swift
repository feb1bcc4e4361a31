import Foundation
import ProjectManagerDomain

/// One line of the history: what happened, and when.
public struct HistoryEntry: Hashable, Sendable, Identifiable {
    /// The activity the entry shows.
    public let id: Activity.ID
    /// What happened: "Moved 'Write report' from To Do to Doing".
    public let text: String
    /// When it happened, written for the locale: "Mar 15, 2026 at 12:00 PM".
    public let time: String
    /// When it happened, for a front end that writes the time itself (a command line's JSON);
    /// `nil` when the entry was made without it.
    public let date: Date?
    /// Who did it, on a board shared between devices (``Activity/author``); `nil` otherwise.
    public let author: String?

    /// Makes an entry value; the history view model makes entries from activities.
    public init(id: Activity.ID, text: String, time: String, date: Date? = nil) {
        self.init(id: id, text: text, time: time, date: date, author: nil)
    }

    /// Makes an entry of something `author` did.
    public init(id: Activity.ID, text: String, time: String, date: Date?, author: String?) {
        self.id = id
        self.text = text
        self.time = time
        self.date = date
        self.author = author
    }
}
