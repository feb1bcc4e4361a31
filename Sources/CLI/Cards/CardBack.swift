import Foundation
import ProjectManager

/// The back of a card, as `pm show` and `pm comments` print it: its checklist, numbered from 1 with
/// its progress, its comments, newest first and numbered from 1, and its assignees, by email.
///
/// ```
///   Checklist 1/2
///   1 [x] Book the room
///   2 [ ] Send the agenda
///
///   Comments, newest first
///   1  2026-03-15 12:00  ada@example.com
///      Booked for Friday.
///   2  2026-03-10 09:30  Jane Doe (edited 2026-03-11 08:00)
///      From Trello.
/// ```
/// The numbers are those `pm check` and `pm comment edit|delete` take.
struct CardBack: Sendable {
    /// The checklist, in order.
    let checklist: [ChecklistItem]
    /// The comments, newest first.
    let comments: [Comment]
    /// The card's assignees, in the order they were assigned.
    let assignees: [Account.ID]
    /// The emails of the assignees and the comments' authors.
    let names: AccountNames

    /// The back of `project`, read on `screens`: its checklist (unless `checklist` is false), its
    /// comments (unless `comments` is false), and the accounts they and its assignees name.
    @MainActor
    init(of project: Project, on screens: Screens, checklist: Bool = true, comments: Bool = true)
        async throws(CommandLineError)
    {
        self.checklist = checklist ? try await screens.checklist(of: project.id) : []
        self.comments = comments ? try await screens.comments(of: project.id) : []
        assignees = project.assignees
        names = try await AccountNames(of: project.assignees + self.comments.map(\.author), on: screens)
    }

    /// How much of the checklist is ticked.
    var progress: ChecklistProgress { ChecklistProgress(checklist) }

    // MARK: - Text

    /// `1 [x] Book the room`, a line an item, the numbers right-aligned.
    func checklistLines() -> [String] {
        let width = String(checklist.count).count
        return checklist.enumerated().map { index, item in
            let number = String(index + 1)
            return String(repeating: " ", count: width - number.count) + number + (item.isDone ? " [x] " : " [ ] ")
                + TerminalText.sanitized(item.text)
        }
    }

    /// Each comment: its number, time and author on a line, then its text, line by line, below;
    /// times in `calendar`'s zone.
    func commentLines(style: OutputStyle, calendar: Calendar) -> [String] {
        let width = String(comments.count).count
        let indent = String(repeating: " ", count: width + 2)
        return comments.enumerated().flatMap { index, comment in
            let number = String(index + 1)
            let edited = comment.editedAt.map { " (edited \(Self.timestamp($0, in: calendar)))" } ?? ""
            let heading =
                String(repeating: " ", count: width - number.count) + style.apply(.identifier, to: number) + "  "
                + Self.timestamp(comment.createdAt, in: calendar) + "  "
                + TerminalText.sanitized(names.author(of: comment))
                + style.apply(.muted, to: edited)
            let text = TerminalText.sanitized(comment.text, keepingLineBreaks: true)
            return [heading] + text.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
        }
    }

    /// `ada@example.com, bob@example.com`.
    var assigneeText: String {
        assignees.map { TerminalText.sanitized(names.name(of: $0)) }.joined(separator: ", ")
    }

    /// `YYYY-MM-DD HH:MM` in `calendar`'s zone.
    static func timestamp(_ date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let day = Day(containing: date, in: calendar)
        return "\(day) \(twoDigits(parts.hour ?? 0)):\(twoDigits(parts.minute ?? 0))"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    // MARK: - JSON

    /// The checklist as JSON, numbered from 1.
    func checklistObjects() -> [ChecklistItemObject] {
        let ids = ShortIDs(uuids: checklist.map(\.id.rawValue))
        return checklist.enumerated().map { index, item in
            ChecklistItemObject(
                id: ids(item.id.rawValue), fullID: item.id.description, number: index + 1, text: item.text,
                done: item.isDone)
        }
    }

    /// The comments as JSON, newest first, numbered from 1.
    func commentObjects() -> [CommentObject] {
        let ids = ShortIDs(uuids: comments.map(\.id.rawValue))
        return comments.enumerated().map { index, comment in
            CommentObject(
                id: ids(comment.id.rawValue), fullID: comment.id.description, number: index + 1,
                author: names.author(of: comment), account: comment.author.map(names.object), text: comment.text,
                createdAt: comment.createdAt, editedAt: comment.editedAt)
        }
    }

    /// The assignees as JSON.
    func assigneeObjects() -> [MemberObject] {
        assignees.map(names.object)
    }
}
