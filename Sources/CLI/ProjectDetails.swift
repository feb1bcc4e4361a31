import Foundation
import ProjectManager

/// What `pm show` prints about one project; a repeating project's `due` is its next occurrence,
/// and `repeats` and `skipped` (only when any is) follow it; `labels`, `assigned` and `archived`
/// show only when the project has labels or assignees or is archived. Below the body come its
/// checklist and its comments, when it has any (``CardBack``).
///
/// ```
/// 3f2a9c1e  Write the report
///   column   To Do, 1 of 2
///   due      2026-03-14 14:00 (Asia/Seoul) ! overdue
///   labels   Urgent (red), Bug (purple)
///   assigned ada@example.com
///   repeats  every 2nd and 4th Sunday (FREQ=MONTHLY;BYDAY=2SU,4SU) from 2026-03-01
///   skipped  2026-03-08
///   created  2026-03-15 12:00
///   updated  2026-03-15 12:00
///   id       3f2a9c1e-0000-4000-8000-000000000001
///
///   The body, line by line.
///
///   Checklist 1/2
///   1 [x] Book the room
///   2 [ ] Send the agenda
///
///   Comments, newest first
///   1  2026-03-15 12:00  ada@example.com
///      Booked for Friday.
/// ```
struct ProjectDetails: Sendable {
    let project: Project
    let lookup: ProjectLookup
    /// The board's lists and labels, to name the project's.
    let items: BoardItems
    /// The project's checklist, comments and assignees.
    let back: CardBack
    let style: OutputStyle
    /// The user's calendar, in the user's time zone, for the timestamps.
    let calendar: Calendar

    func lines() -> [String] {
        let place = lookup.place(of: project)
        let list = items.list(project.listID).map { TerminalText.sanitized($0.title) } ?? project.state.columnTitle
        var lines = [
            style.apply(.identifier, to: lookup.shortIDs(project.id)) + "  "
                + style.apply(.heading, to: TerminalText.sanitized(project.title)),
            field(
                "column",
                project.isArchived ? "\(list), archived" : "\(list), \(place.position) of \(place.count)"),
        ]
        if let deadline = project.deadline {
            let day =
                project.dueTime.map { "\(deadline) \($0) (\(TerminalText.sanitized($0.timeZone)))" } ?? "\(deadline)"
            let text = lookup.isOverdue(project) ? "\(day) " + style.apply(.overdue, to: "! overdue") : day
            lines.append(field("due", text))
        } else {
            lines.append(field("due", style.apply(.muted, to: "none")))
        }
        if let recurrence = project.recurrence {
            let localizer = Localizer(
                locale: Locale(identifier: "en_US"), calendar: calendar, timeZone: calendar.timeZone,
                dateStyle: .numeric)
            lines.append(
                field(
                    "repeats", "\(localizer.summary(of: recurrence.rule)) (\(recurrence.rule)) from \(recurrence.start)"
                ))
            if !recurrence.exceptions.isEmpty {
                lines.append(
                    field("skipped", recurrence.exceptions.sorted().map(\.description).joined(separator: ", ")))
            }
            if !recurrence.completions.isEmpty {
                lines.append(
                    field("done on", recurrence.completions.sorted().map(\.description).joined(separator: ", ")))
            }
        }
        let labels = items.labels(of: project)
        if !labels.isEmpty {
            lines.append(
                field(
                    "labels",
                    labels.map { label in
                        label.name.isEmpty
                            ? label.colour.rawValue : "\(TerminalText.sanitized(label.name)) (\(label.colour.rawValue))"
                    }.joined(separator: ", ")))
        }
        if !back.assignees.isEmpty {
            lines.append(field("assigned", back.assigneeText))
        }
        if project.isArchived {
            lines.append(field("archived", "yes: pm restore \(lookup.shortIDs(project.id)) puts it back"))
        }
        lines.append(field("created", timestamp(project.createdAt)))
        lines.append(field("updated", timestamp(project.updatedAt)))
        lines.append(field("id", project.id.description))
        let body = TerminalText.sanitized(project.body, keepingLineBreaks: true)
        if !body.isEmpty {
            lines.append("")
            lines += body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        }
        if !back.checklist.isEmpty {
            lines += ["", "  " + style.apply(.heading, to: "Checklist") + " \(back.progress)"]
            lines += back.checklistLines().map { "  " + $0 }
        }
        if !back.comments.isEmpty {
            lines += ["", "  " + style.apply(.heading, to: "Comments") + ", newest first"]
            lines += back.commentLines(style: style, calendar: calendar).map { "  " + $0 }
        }
        return lines
    }

    private func field(_ name: String, _ value: String) -> String {
        "  " + TerminalText.padded(name, to: 9) + value
    }

    /// `YYYY-MM-DD HH:MM` in the user's time zone.
    private func timestamp(_ date: Date) -> String {
        CardBack.timestamp(date, in: calendar)
    }
}
