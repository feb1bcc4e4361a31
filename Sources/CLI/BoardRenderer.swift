import ProjectManager

/// Draws a board's lists side by side, fitted to a terminal width: as many as fit in a row, the
/// rest in further rows below.
///
/// ```
/// Projects · today 2026-03-15 · ! overdue
/// To Do (2)                │ Doing (1)                │ Done (0)
/// ─────────────────────────┼──────────────────────────┼─────────────────────────
/// 3f2a9c1e                 │ 7b1d0e44                 │ (empty)
/// Write the report         │ Plan the offsite         │
/// [Urgent]                 │ due 2026-03-15 14:00     │
/// ! overdue 2026-03-14     │                          │
/// ```
/// A board of up to three lists draws them side by side at any width, as a board of To Do, Doing
/// and Done always was (no narrower than ``minimumWidth``, no wider than ``maximumWidth``). A
/// board of more lists puts as many side by side as fit at ``minimumColumnWidth`` cells or more
/// (one, on a terminal narrower than two), and the rest in further rows of lists below, a blank
/// line between rows.
///
/// Each list's header shows its name and its count (`Review (2/3)` with a limit of 3); a list over
/// its limit says so (`Review (4) ! over limit 3`), red and bold when the style uses colour. Each
/// card shows its short id (wrapped in the rare case it is longer than the column), its title
/// (wrapped to three lines at most, then cut with an ellipsis), its labels (`[Urgent] [Bug]`), how
/// much of its checklist is ticked when it has one (`☐ 2/5`, `☑ 5/5` once all is), and its deadline
/// with its time of day (`due 2026-03-15 14:00`). An overdue deadline starts with `!`,
/// and is red and bold when the style uses colour; a repeating project's shows its next occurrence
/// as `↻ next 2026-03-22`.
struct BoardRenderer: Sendable {
    /// One list as the board shows it.
    struct Column: Sendable {
        /// The list.
        var list: BoardList
        /// The number of cards in it.
        var count: Int
        /// Whether it holds more cards than its limit.
        var isOverLimit: Bool
        /// Its cards, in order.
        var cards: [Card]
    }

    /// One card as the board shows it.
    struct Card: Sendable {
        var id: Project.ID
        var title: String
        /// The deadline, `2026-03-14`, with its time of day when it has one: `2026-03-14 14:00`.
        var deadline: String?
        var repeats: Bool
        var isOverdue: Bool
        /// The names of its labels, in the order they were put on.
        var labels: [String]
        /// How much of its checklist is ticked; `nil` when it has none.
        var checklist: ChecklistProgress?
    }

    /// The narrowest board of up to three lists drawn; a narrower terminal gets lines this long.
    static let minimumWidth = 42
    /// The widest board of up to three lists drawn, so that cards stay readable on a very wide
    /// terminal.
    static let maximumWidth = 132
    /// The narrowest list on a board of more than three lists.
    static let minimumColumnWidth = 24
    /// The widest list: a third of ``maximumWidth``, less the separators.
    static let maximumColumnWidth = 42
    /// The most lines a title takes on a card.
    static let titleLines = 3
    /// The most lines a card's labels take.
    static let labelLines = 2
    /// What stands between two columns.
    static let separator = " │ "

    /// The board's name, for the caption.
    let boardTitle: String
    /// The day the overdue flags are for, for the caption.
    let today: Day
    /// The board's open lists, in order.
    let columns: [Column]
    let shortIDs: ShortIDs
    let style: OutputStyle
    /// The terminal's width in cells.
    let width: Int

    /// The board `overview` lays out, its labels named by `items`, each card's checklist progress
    /// found in `checklists` (by project; a card that is not there, or has no items, shows none).
    init(
        boardTitle: String, today: Day, overview: BoardOverview, items: BoardItems,
        checklists: [Project.ID: ChecklistProgress] = [:], style: OutputStyle, width: Int
    ) {
        self.boardTitle = boardTitle
        self.today = today
        self.style = style
        self.width = width
        shortIDs = ShortIDs(overview.projects)
        columns = overview.columns.map { column in
            Column(
                list: column.list, count: column.count, isOverLimit: column.isOverLimit,
                cards: column.items.map { item in
                    let project = item.project
                    return Card(
                        id: project.id, title: project.title,
                        deadline: project.deadline.map { day in
                            "\(day)" + (project.dueTime.map { " \($0)" } ?? "")
                        },
                        repeats: project.recurrence != nil, isOverdue: item.isOverdue,
                        labels: items.labels(of: project).map(\.displayName),
                        checklist: checklists[project.id].flatMap { $0.total > 0 ? $0 : nil })
                })
        }
    }

    /// How many lists stand side by side, and the width of one list's text.
    var layout: (perRow: Int, columnWidth: Int) {
        let separator = TerminalText.width(of: Self.separator)
        let count = max(columns.count, 1)
        if count <= 3 {
            let board = min(max(width, Self.minimumWidth), Self.maximumWidth)
            return (count, min((board - (count - 1) * separator) / count, Self.maximumColumnWidth))
        }
        let available = max(width, Self.minimumColumnWidth)
        let perRow = max(1, min(count, (available + separator) / (Self.minimumColumnWidth + separator)))
        return (perRow, min((available - (perRow - 1) * separator) / perRow, Self.maximumColumnWidth))
    }

    /// The width of one list's text.
    var columnWidth: Int { layout.columnWidth }

    /// The board's lines, without line breaks.
    ///
    /// - Complexity: O(*n*) for *n* characters of titles.
    func lines() -> [String] {
        let (perRow, columnWidth) = layout
        let boardWidth =
            columns.count <= 3
            ? min(max(width, Self.minimumWidth), Self.maximumWidth) : max(width, Self.minimumColumnWidth)
        var lines = [caption(width: boardWidth)]
        for start in stride(from: 0, to: columns.count, by: perRow) {
            let row = Array(columns[start..<min(start + perRow, columns.count)])
            if start > 0 { lines.append("") }
            lines.append(self.row(row.map { heading(of: $0, width: columnWidth) }, width: columnWidth))
            let rule = String(repeating: "─", count: columnWidth)
            lines.append(Array(repeating: rule, count: row.count).joined(separator: "─┼─"))
            let stacks = row.map { cells(of: $0, width: columnWidth) }
            let height = stacks.map(\.count).max() ?? 0
            for index in 0..<height {
                lines.append(
                    self.row(stacks.map { index < $0.count ? $0[index] : Cell("", .plain) }, width: columnWidth))
            }
        }
        return lines
    }

    // MARK: - Parts

    private struct Cell {
        var text: String
        var role: OutputStyle.Role
        init(_ text: String, _ role: OutputStyle.Role) {
            self.text = text
            self.role = role
        }
    }

    private func caption(width: Int) -> String {
        var caption = "\(TerminalText.sanitized(boardTitle)) · today \(today)"
        if columns.contains(where: { $0.cards.contains(where: \.isOverdue) }) {
            caption += " · ! overdue"
        }
        if columns.contains(where: { $0.cards.contains(where: \.repeats) }) {
            caption += " · ↻ repeats"
        }
        return style.apply(.heading, to: TerminalText.truncated(caption, to: width))
    }

    /// `Review (2)`, `Review (2/3)` with a limit, `Review (4) ! over limit 3` over it; the name is
    /// cut before the marker is.
    private func heading(of column: Column, width: Int) -> Cell {
        let name = TerminalText.sanitized(column.list.title)
        let choices: [String]
        switch (column.list.limit, column.isOverLimit) {
        case (let limit?, true):
            choices = [" (\(column.count)) ! over limit \(limit)", " (\(column.count)/\(limit)) !"]
        case (let limit?, false): choices = [" (\(column.count)/\(limit))"]
        case (nil, _): choices = [" (\(column.count))"]
        }
        let suffix = choices.first { TerminalText.width(of: name + $0) <= width } ?? choices[choices.count - 1]
        let room = max(width - TerminalText.width(of: suffix), 1)
        return Cell(TerminalText.truncated(name, to: room) + suffix, column.isOverLimit ? .overdue : .heading)
    }

    private func cells(of column: Column, width: Int) -> [Cell] {
        guard !column.cards.isEmpty else { return [Cell("(empty)", .muted)] }
        var cells: [Cell] = []
        for card in column.cards {
            if !cells.isEmpty { cells.append(Cell("", .plain)) }
            for line in TerminalText.wrapped(shortIDs(card.id), width: width, maximumLines: 3) {
                cells.append(Cell(line, .identifier))
            }
            let title = TerminalText.sanitized(card.title)
            for line in TerminalText.wrapped(title, width: width, maximumLines: Self.titleLines) {
                cells.append(Cell(line, .plain))
            }
            if !card.labels.isEmpty {
                let labels = card.labels.map { "[\(TerminalText.sanitized($0))]" }.joined(separator: " ")
                for line in TerminalText.wrapped(labels, width: width, maximumLines: Self.labelLines) {
                    cells.append(Cell(line, .muted))
                }
            }
            if let checklist = card.checklist {
                cells.append(Cell("\(checklist.isComplete ? "☑" : "☐") \(checklist)", .muted))
            }
            if let deadline = card.deadline {
                cells.append(
                    deadlineCell(
                        TerminalText.sanitized(deadline), isOverdue: card.isOverdue, repeats: card.repeats,
                        width: width))
            }
        }
        return cells
    }

    /// A deadline, `2026-03-14` or `2026-03-14 14:00`; a repeating project's is its next
    /// occurrence, marked `↻`.
    private func deadlineCell(_ deadline: String, isOverdue: Bool, repeats: Bool, width: Int) -> Cell {
        let choices =
            switch (isOverdue, repeats) {
            case (true, false): ["! overdue \(deadline)", "! \(deadline)"]
            case (false, false): ["due \(deadline)", "\(deadline)"]
            case (true, true): ["! ↻ overdue \(deadline)", "! ↻ \(deadline)", "! \(deadline)"]
            case (false, true): ["↻ next \(deadline)", "↻ \(deadline)", "\(deadline)"]
            }
        let text =
            choices.first { TerminalText.width(of: $0) <= width }
            ?? TerminalText.truncated(choices[choices.count - 1], to: width)
        return Cell(text, isOverdue ? .overdue : .plain)
    }

    /// One line of cells: each cut to the column width, padded, styled, then joined; trailing
    /// spaces are dropped.
    private func row(_ cells: [Cell], width: Int) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            let text = TerminalText.truncated(cell.text, to: width)
            let padding = index == cells.count - 1 ? 0 : width - TerminalText.width(of: text)
            parts.append(style.apply(cell.role, to: text) + String(repeating: " ", count: padding))
        }
        var line = parts.joined(separator: Self.separator)
        while line.last == " " { line.removeLast() }
        return line
    }
}
