import Foundation

extension Backup {
    /// Checks every value of the backup against the rules the use cases keep, in the backup's
    /// order, and throws at the first that breaks one, naming it (``ValidationError/place``).
    ///
    /// A board's title, a list's title and limit, a label's name, a project's fields, a checklist
    /// item's text (a title's rules) and a comment's text; no two open lists of a board, and no two
    /// labels, of one name; a board with lists keeps one open; every card's list and labels on its
    /// board in the backup; every board, list, label and project once.
    /// ```swift
    /// do {
    ///     try backup.validate()
    /// } catch {
    ///     print(error.place, error.failures)    // list 1f0c…, [.listLimitInvalid(0)]
    /// }
    /// ```
    /// - Throws: ``ValidationError`` with the rules the first failing value breaks, and its place.
    /// - Complexity: O(*n*) for *n* values, times the length of their text.
    public func validate() throws(ValidationError) {
        var seen = Seen()
        for entry in boards {
            try Self.validate(entry, seen: &seen)
        }
    }

    /// The ids met so far, to find one held twice.
    private struct Seen {
        var boards: Set<Board.ID> = []
        var lists: Set<BoardList.ID> = []
        var labels: Set<Label.ID> = []
        var projects: Set<Project.ID> = []
    }

    private static func validate(_ entry: Entry, seen: inout Seen) throws(ValidationError) {
        let board = entry.board.id
        try require(ProjectRules.failures(title: entry.board.title), at: .board(board))
        try require(seen.boards.insert(board).inserted, .twiceInBackup(.board(board)), at: .board(board))
        if let lists = entry.lists {
            var open: Set<String> = []
            for list in lists {
                var failures = ProjectRules.failures(title: list.title)
                if let limit = list.limit, limit < 1 { failures.append(.listLimitInvalid(limit)) }
                try require(failures, at: .list(list.id))
                try require(seen.lists.insert(list.id).inserted, .twiceInBackup(.list(list.id)), at: .list(list.id))
                let name = list.title.trimmingWhitespace
                try require(
                    list.isArchived || open.insert(name.lowercased()).inserted, .listNameTaken(name), at: .list(list.id)
                )
            }
            try require(!open.isEmpty, .lastOpenList, at: .board(board))
        }
        var names: Set<String> = []
        for label in entry.labels {
            let name = label.name.trimmingWhitespace
            try require(
                name.isEmpty ? (label.colour == .none ? [.titleEmpty] : []) : ProjectRules.failures(title: label.name),
                at: .label(label.id))
            try require(
                seen.labels.insert(label.id).inserted, .twiceInBackup(.label(label.id)), at: .label(label.id))
            try require(
                name.isEmpty || names.insert(name.lowercased()).inserted, .labelNameTaken(name), at: .label(label.id))
        }
        let lists = entry.lists.map { Set($0.map(\.id)) }
        let labels = Set(entry.labels.map(\.id))
        for project in entry.projects {
            let place = EntityReference.project(project.id)
            try require(project.draft.failures, at: place)
            try require(seen.projects.insert(project.id).inserted, .twiceInBackup(place), at: place)
            if let lists { try require(lists.contains(project.listID), .notInBackup(.list(project.listID)), at: place) }
            for label in project.labels {
                try require(labels.contains(label), .notInBackup(.label(label)), at: place)
            }
            for item in entry.checklist(of: project.id) {
                try require(ProjectRules.failures(title: item.text), at: .checklistItem(item.id))
            }
            for comment in entry.comments(of: project.id) {
                try require(ProjectRules.failures(comment: comment.text), at: .comment(comment.id))
            }
        }
        // A checklist or comments of no project of the board: named by the card it is for.
        let projects = Set(entry.projects.map(\.id))
        let strays = (Array(entry.checklists.keys) + Array(entry.comments.keys)).filter { !projects.contains($0) }
        if let stray = strays.min(by: { $0.description < $1.description }) {
            throw ValidationError([.notInBackup(.project(stray))], at: .board(board))
        }
    }

    private static func require(_ failures: [ValidationFailure], at place: EntityReference) throws(ValidationError) {
        guard failures.isEmpty else { throw ValidationError(failures, at: place) }
    }

    private static func require(_ condition: Bool, _ failure: ValidationFailure, at place: EntityReference)
        throws(ValidationError)
    {
        guard condition else { throw ValidationError([failure], at: place) }
    }
}
