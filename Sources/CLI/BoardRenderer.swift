import ProjectManager

/// Draws a board as three columns side by side, fitted to a terminal width.
///
/// ```
/// Projects · today 2026-03-15 · ! overdue
/// To Do (2)              │ Doing (1)              │ Done (0)
/// ───────────────────────┼────────────────────────┼───────────────────────
/// 3f2a9c1e               │ 7b1d0e44               │ (empty)
/// Write the report       │ Plan the offsite       │
/// ! overdue 2026-03-14   │ due 2026-03-15         │
/// ```
/// A repeating project's card shows its next occurrence as `↻ next 2026-03-22`.
/// The columns are the board screen's sections (``BoardViewModel``'s snapshot). Each card shows its
/// short id (wrapped in the rare case it is longer than the column), its title (wrapped to three
/// lines at most, then cut with an ellipsis) and its deadline. An overdue deadline starts with `!`,
/// and is red and bold when the style uses colour.
struct BoardRenderer: Sendable {
    /// The narrowest board drawn; a narrower terminal gets lines this long.
    static let minimumWidth = 42
    /// The widest board drawn, so that cards stay readable on a very wide terminal.
    static let maximumWidth = 132
    /// The most lines a title takes on a card.
    static let titleLines = 3
    /// What stands between two columns.
    static let separator = " │ "

    /// The board's name, for the caption.
    let boardTitle: String
    /// The day the overdue flags are for, for the caption.
    let today: Day
    /// To Do, Doing and Done, with their titles and rows.
    let sections: [BoardSection]
    let shortIDs: ShortIDs
    let style: OutputStyle
    /// The terminal's width in cells.
    let width: Int

    /// The board's width once the terminal width is brought within the limits.
    var boardWidth: Int { min(max(width, Self.minimumWidth), Self.maximumWidth) }

    /// The width of one column's text.
    var columnWidth: Int {
        (boardWidth - 2 * TerminalText.width(of: Self.separator)) / 3
    }

    /// The board's lines, without line breaks.
    ///
    /// - Complexity: O(*n*) for *n* characters of titles.
    func lines() -> [String] {
        var lines = [caption()]
        lines.append(row(sections.map { Cell("\($0.title) (\($0.count))", .heading) }))
        let rule = String(repeating: "─", count: columnWidth)
        lines.append([rule, rule, rule].joined(separator: "─┼─"))
        let columns = sections.map(cells(of:))
        let height = columns.map(\.count).max() ?? 0
        for index in 0..<height {
            lines.append(row(columns.map { index < $0.count ? $0[index] : Cell("", .plain) }))
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

    private func caption() -> String {
        var caption = "\(TerminalText.sanitized(boardTitle)) · today \(today)"
        if sections.contains(where: { $0.rows.contains(where: \.isOverdue) }) {
            caption += " · ! overdue"
        }
        if sections.contains(where: { $0.rows.contains { $0.repeatSummary != nil } }) {
            caption += " · ↻ repeats"
        }
        return style.apply(.heading, to: TerminalText.truncated(caption, to: boardWidth))
    }

    private func cells(of section: BoardSection) -> [Cell] {
        guard !section.rows.isEmpty else { return [Cell("(empty)", .muted)] }
        var cells: [Cell] = []
        for row in section.rows {
            if !cells.isEmpty { cells.append(Cell("", .plain)) }
            for line in TerminalText.wrapped(shortIDs(row.id), width: columnWidth, maximumLines: 3) {
                cells.append(Cell(line, .identifier))
            }
            let title = TerminalText.sanitized(row.title)
            for line in TerminalText.wrapped(title, width: columnWidth, maximumLines: Self.titleLines) {
                cells.append(Cell(line, .plain))
            }
            if let deadline = row.deadline {
                cells.append(
                    deadlineCell(
                        TerminalText.sanitized(deadline), isOverdue: row.isOverdue, repeats: row.repeatSummary != nil))
            }
        }
        return cells
    }

    /// A deadline as the localizer wrote it, `2026-03-14` in the numeric style; a repeating
    /// project's is its next occurrence, marked `↻`.
    private func deadlineCell(_ deadline: String, isOverdue: Bool, repeats: Bool) -> Cell {
        let choices =
            switch (isOverdue, repeats) {
            case (true, false): ["! overdue \(deadline)", "! \(deadline)"]
            case (false, false): ["due \(deadline)", "\(deadline)"]
            case (true, true): ["! ↻ overdue \(deadline)", "! ↻ \(deadline)", "! \(deadline)"]
            case (false, true): ["↻ next \(deadline)", "↻ \(deadline)", "\(deadline)"]
            }
        let text =
            choices.first { TerminalText.width(of: $0) <= columnWidth }
            ?? TerminalText.truncated(choices[choices.count - 1], to: columnWidth)
        return Cell(text, isOverdue ? .overdue : .plain)
    }

    /// One line of three cells: each cut to the column width, padded, styled, then joined; trailing
    /// spaces are dropped.
    private func row(_ cells: [Cell]) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            let text = TerminalText.truncated(cell.text, to: columnWidth)
            let padding = index == cells.count - 1 ? 0 : columnWidth - TerminalText.width(of: text)
            parts.append(style.apply(cell.role, to: text) + String(repeating: " ", count: padding))
        }
        var line = parts.joined(separator: Self.separator)
        while line.last == " " { line.removeLast() }
        return line
    }
}
