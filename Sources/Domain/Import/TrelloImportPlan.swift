import Foundation

/// The changes that bring a decoded Trello board into a new board, and the report of them.
struct TrelloImportPlan {
    private(set) var changes: ChangeSet
    private(set) var report: TrelloImportReport
    private let board: Board
    private let now: Date
    private let timeZone: TimeZone
    private let makeID: @Sendable () -> UUID

    init(
        _ export: TrelloBoard, board: Board, at now: Date, timeZone: TimeZone, makeID: @escaping @Sendable () -> UUID
    ) {
        self.board = board
        self.now = now
        self.timeZone = timeZone
        self.makeID = makeID
        changes = ChangeSet(UserAction(.importTrelloBoard(board.id, title: board.title), at: now), undoOn: board.id)
        report = TrelloImportReport(board: board)
        build(export)
    }

    private mutating func build(_ export: TrelloBoard) {
        changes.insert(board)
        changes.record(.boardCreated, title: board.title, on: board.id)
        let labels = makeLabels(export.labels + export.cards.flatMap(\.labels))
        var lists = makeLists(export.lists)
        let completes = export.cards.contains { $0.isDueComplete }
        if completes, lists.first(where: { $0.stage == .done && !$0.isArchived }) == nil {
            let rank = lists.last.map { Rank.after($0.rank) } ?? .initial
            var titles = UniqueNames(lists.map(\.title))
            let title = titles.claim("Done")
            lists.append(
                BoardList(
                    id: BoardList.ID(rawValue: makeID()), boardID: board.id, title: title, stage: .done, rank: rank))
            report.addedDoneList = true
        }
        for list in lists { changes.insert(list) }
        report.lists = lists.count
        report.archivedLists = lists.filter(\.isArchived).count

        // Each list's cards in order; cards Trello marks complete after the first done list's own.
        let done = lists.first { $0.stage == .done && !$0.isArchived }
        var placed: [(BoardList, TrelloBoard.Card)] = []
        for (list, source) in zip(lists, export.lists) {
            placed += source.cards.filter { !$0.isDueComplete || done == nil }.map { (list, $0) }
        }
        if let done { placed += export.cards.filter(\.isDueComplete).map { (done, $0) } }
        var last: [BoardList.ID: Rank] = [:]
        for (list, card) in placed {
            let rank = last[list.id].map(Rank.after) ?? .initial
            last[list.id] = rank
            insert(card, in: list, rank: rank, labels: labels)
        }

        for (kind, count) in export.skipped { report.notCarried[kind.rawValue, default: 0] += count }
        report.members = export.members.map { $0.fullName.isEmpty ? $0.username : $0.fullName }
        let assigned = export.cards.reduce(0) { $0 + $1.members.count }
        if assigned > 0 { report.notCarried["cardMembers", default: 0] += assigned }
        changes.record(.importedFromTrello(cards: report.cards), title: board.title, on: board.id)
    }

    private mutating func makeLabels(_ exported: [TrelloBoard.Label]) -> [TrelloBoard.Label: Label.ID] {
        var made: [TrelloBoard.Label: Label.ID] = [:]
        var names = UniqueNames()
        for source in exported where made[source] == nil {
            var name = Self.oneLine(source.name, limit: ProjectRules.titleLimit).text
            if !name.isEmpty {
                name = names.claim(name, suffix: source.colour.rawValue)
            }
            let colour = name.isEmpty && source.colour == .none ? LabelColour.none : source.colour
            let label = Label(
                id: Label.ID(rawValue: makeID()), boardID: board.id,
                name: name.isEmpty && colour == .none ? "label" : name,
                colour: colour)
            made[source] = label.id
            changes.insert(label)
            report.labels += 1
        }
        return made
    }

    private mutating func makeLists(_ exported: [TrelloBoard.List]) -> [BoardList] {
        var lists: [BoardList] = []
        var rank = Rank.initial
        // The titles of the lists not archived so far: an archived list may share a title.
        var titles = UniqueNames()
        for (index, source) in exported.enumerated() {
            var title = Self.oneLine(source.name, limit: ProjectRules.titleLimit).text
            if title.isEmpty { title = "List \(index + 1)" }
            title = source.isClosed ? titles.unique(title) : titles.claim(title)
            lists.append(
                BoardList(
                    id: BoardList.ID(rawValue: makeID()), boardID: board.id, title: title,
                    stage: index == 0 ? .todo : Self.stage(named: title), rank: rank, isArchived: source.isClosed))
            rank = .after(rank)
        }
        if lists.allSatisfy(\.isArchived), !lists.isEmpty { lists[0].isArchived = false }
        if lists.isEmpty {
            lists = BoardList.standard(on: board.id).map {
                BoardList(
                    id: BoardList.ID(rawValue: makeID()), boardID: board.id, title: $0.title, stage: $0.stage,
                    rank: $0.rank)
            }
        }
        return lists
    }

    private mutating func insert(
        _ card: TrelloBoard.Card, in list: BoardList, rank: Rank, labels: [TrelloBoard.Label: Label.ID]
    ) {
        let title = Self.oneLine(card.title, limit: ProjectRules.titleLimit)
        let body = Self.cut(card.body, limit: ProjectRules.bodyLimit)
        if title.changed { report.shortenedTitles += 1 }
        if body.changed { report.shortenedDescriptions += 1 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let deadline = card.due.map { Day(containing: $0, in: calendar) }
        let dueTime = card.due.flatMap { due -> DueTime? in
            let parts = calendar.dateComponents([.hour, .minute], from: due)
            return DueTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0, timeZone: timeZone.identifier)
        }
        let project = Project(
            id: Project.ID(rawValue: makeID()), boardID: board.id,
            title: title.text.isEmpty ? "(untitled)" : title.text,
            body: body.text, deadline: deadline, state: list.stage, list: list.id, rank: rank, createdAt: now,
            dueTime: dueTime, labels: card.labels.compactMap { labels[$0] }, isArchived: card.isClosed)
        changes.insert(project)
        report.cards += 1
        if card.isClosed { report.archivedCards += 1 }
        insertChecklist(of: card, on: project)
        insertComments(of: card, on: project)
    }

    /// The card's checklists as one checklist in order; with more than one, each item's text
    /// starts with its checklist's name.
    private mutating func insertChecklist(of card: TrelloBoard.Card, on project: Project) {
        var rank = Rank.initial
        let named = card.checklists.count > 1
        for checklist in card.checklists {
            for item in checklist.items {
                let text = Self.oneLine(
                    named ? "\(checklist.name): \(item.name)" : item.name, limit: ProjectRules.titleLimit)
                if text.changed { report.shortenedChecklistItems += 1 }
                changes.insert(
                    ChecklistItem(
                        id: ChecklistItem.ID(rawValue: makeID()), projectID: project.id, boardID: board.id,
                        text: text.text.isEmpty ? "(empty)" : text.text, isDone: item.isDone, rank: rank))
                rank = .after(rank)
                report.checklistItems += 1
            }
        }
    }

    /// The card's comments with their authors' names and dates; an empty one is counted, not made.
    private mutating func insertComments(of card: TrelloBoard.Card, on project: Project) {
        for comment in card.comments {
            let text = Self.cut(comment.text, limit: ProjectRules.bodyLimit)
            guard !text.text.trimmingWhitespace.isEmpty else {
                report.notCarried["emptyComments", default: 0] += 1
                continue
            }
            if text.changed { report.shortenedComments += 1 }
            let author = comment.author.map { $0.fullName.isEmpty ? $0.username : $0.fullName }
            changes.insert(
                Comment(
                    id: Comment.ID(rawValue: makeID()), projectID: project.id, boardID: board.id, author: nil,
                    authorName: author ?? "Trello", text: text.text, createdAt: comment.date))
            report.comments += 1
        }
    }

    // MARK: - Text

    /// `text` as one line without control characters or bidirectional controls (the rule of
    /// ``ProjectRules/isInvisibleControl(_:)``, which every title and name keeps), trimmed, cut to
    /// `limit` characters with an ellipsis; and whether anything but the trimming changed it.
    static func oneLine(_ text: String, limit: Int) -> (text: String, changed: Bool) {
        var changed = false
        let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
            if ProjectRules.isInvisibleControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" {
                changed = true
                return " "
            }
            return scalar
        }
        var line = String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
        if line.count > limit {
            line = String(line.prefix(limit - 1)).trimmingCharacters(in: .whitespaces) + "…"
            changed = true
        }
        return (line, changed)
    }

    /// `text` cut to `limit` characters with an ellipsis; and whether it was cut.
    static func cut(_ text: String, limit: Int) -> (text: String, changed: Bool) {
        guard text.count > limit else { return (text, false) }
        return (String(text.prefix(limit - 1)) + "…", true)
    }

    /// `name`, or `name (suffix)`, `name (2)`, … when another in `names` has it without case.
    /// The stage a list's name suggests: done, active, or open.
    static func stage(named name: String) -> ProjectState {
        let key = name.lowercased()
        let done = ["done", "complete", "finished", "shipped", "closed", "완료"]
        let active = ["doing", "in progress", "progress", "review", "testing", "active", "진행"]
        if done.contains(where: key.contains) { return .done }
        if active.contains(where: key.contains) { return .doing }
        return .todo
    }
}

/// Names taken so far, compared without case, and how to make one more unique: the name as it is,
/// else with a suffix in brackets, else numbered from 2. Each claim costs about the same however
/// many were taken (a board of 100,000 lists named alike included).
private struct UniqueNames {
    private var taken: Set<String> = []
    /// Per name, the number to try next.
    private var next: [String: Int] = [:]

    init(_ names: [String] = []) {
        for name in names { taken.insert(name.lowercased()) }
    }

    /// `name`, or the first of its variants not taken; nothing is taken.
    func unique(_ name: String, suffix: String? = nil) -> String {
        variant(of: name, suffix: suffix).name
    }

    /// ``unique(_:suffix:)``, taken.
    mutating func claim(_ name: String, suffix: String? = nil) -> String {
        let (made, number) = variant(of: name, suffix: suffix)
        if let number { next[name.lowercased()] = number + 1 }
        taken.insert(made.lowercased())
        return made
    }

    private func variant(of name: String, suffix: String?) -> (name: String, number: Int?) {
        let key = name.lowercased()
        guard taken.contains(key) else { return (name, nil) }
        if let suffix, !taken.contains("\(key) (\(suffix.lowercased()))") { return ("\(name) (\(suffix))", nil) }
        var number = next[key] ?? 2
        while taken.contains("\(key) (\(number))") { number += 1 }
        return ("\(name) (\(number))", number)
    }
}
