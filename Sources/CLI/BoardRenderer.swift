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
/// Each card shows its short id (wrapped in the rare case it is longer than the column), its title (wrapped to three lines at most, then cut with an
/// ellipsis) and its deadline. An overdue deadline starts with `!`, and is red and bold when the
/// style uses colour.
struct BoardRenderer: Sendable {
    /// The narrowest board drawn; a narrower terminal gets lines this long.
    static let minimumWidth = 42
    /// The widest board drawn, so that cards stay readable on a very wide terminal.
    static let maximumWidth = 132
    /// The most lines a title takes on a card.
    static let titleLines = 3
    /// What stands between two columns.
    static let separator = " │ "

    let overview: BoardOverview
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
        lines.append(row(overview.columns.map { Cell("\($0.state.columnTitle) (\($0.count))", .heading) }))
        let rule = String(repeating: "─", count: columnWidth)
        lines.append([rule, rule, rule].joined(separator: "─┼─"))
        let columns = overview.columns.map(cells(of:))
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
        var caption = "\(TerminalText.sanitized(overview.board.title)) · today \(overview.today)"
        if overview.columns.contains(where: { $0.items.contains(where: \.isOverdue) }) {
            caption += " · ! overdue"
        }
        return style.apply(.heading, to: TerminalText.truncated(caption, to: boardWidth))
    }

    private func cells(of column: BoardOverview.Column) -> [Cell] {
        guard !column.items.isEmpty else { return [Cell("(empty)", .muted)] }
        var cells: [Cell] = []
        for item in column.items {
            if !cells.isEmpty { cells.append(Cell("", .plain)) }
            for line in TerminalText.wrapped(shortIDs(item.id), width: columnWidth, maximumLines: 3) {
                cells.append(Cell(line, .identifier))
            }
            let title = TerminalText.sanitized(item.project.title)
            for line in TerminalText.wrapped(title, width: columnWidth, maximumLines: Self.titleLines) {
                cells.append(Cell(line, .plain))
            }
            if let deadline = item.project.deadline {
                cells.append(deadlineCell(deadline, isOverdue: item.isOverdue))
            }
        }
        return cells
    }

    private func deadlineCell(_ deadline: Day, isOverdue: Bool) -> Cell {
        let choices = isOverdue
            ? ["! overdue \(deadline)", "! \(deadline)"]
            : ["due \(deadline)", "\(deadline)"]
        let text = choices.first { TerminalText.width(of: $0) <= columnWidth }
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
