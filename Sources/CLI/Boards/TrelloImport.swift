import Foundation
import ProjectManager

/// `pm import --trello FILE`: a board exported from Trello, brought in as a new board, and what it
/// brought and could not carry said in words (or as JSON).
///
/// ```
/// $ pm import --trello launch.json
/// imported board 'Launch plan' from Trello: 6 lists (1 archived), 11 cards (1 archived), 13 labels, 9 checklist items, 4 comments
/// not carried: 3 attachments, 2 card members (not accounts here), 40 other actions (Trello's history)
/// Trello's board members, not accounts here: Ann Lee, Bob, Cy
/// pm board 'Launch plan' shows it; pm board use 'Launch plan' makes it the current board
/// ```
/// The export is read before the store is opened: one that does not read is one line naming the
/// place (`launch.json: the Trello export's cards[12].due is not a date`), and nothing is saved.
struct TrelloImport: Sendable {
    /// The file's name, for messages: its path, or `standard input`.
    let file: String
    /// The new board's name; the export's own when `nil`.
    let board: String?
    /// How to print the report as JSON; text when `nil`.
    let json: JSONFormat?

    /// Imports the export `data` holds, and says what it brought.
    ///
    /// - Throws: ``CommandLineError/runtime(_:)`` naming the file and the place that does not read,
    ///   a name another board has, or the store's failure; nothing is saved then.
    @MainActor
    func run(reading data: Data, in context: CommandContext) async throws(CommandLineError) {
        let export: TrelloBoard
        do {
            export = try TrelloBoard.decode(data)
        } catch {
            throw .runtime("\(file): \(error.description)")
        }
        let screens = try context.screens()
        let directory = try await context.directory(on: screens)
        let title = (board ?? export.name).trimmingCharacters(in: .whitespacesAndNewlines)
        if let other = directory.boards.first(where: { $0.title.lowercased() == title.lowercased() }) {
            throw .runtime(
                "a board is already named '\(TerminalText.sanitized(other.title))': "
                    + (board == nil
                        ? "give the new one another name with \(ImportCommand.board.synopsis)" : "choose another name")
            )
        }
        let report = try await screens.importTrello(export, named: board)
        if let json {
            let objects = JSONObjects(
                projectIDs: ShortIDs(ids: []), boards: directory.boards + [report.board],
                today: context.tool.engineEnvironment.today())
            try context.printJSON(Output(report, board: objects.board(report.board)), json)
            return
        }
        context.print(Self.lines(of: report))
    }

    /// What the import brought and could not carry, in words.
    static func lines(of report: TrelloImportReport) -> [String] {
        let name = TerminalText.sanitized(report.board.title)
        func archived(_ count: Int) -> String { count > 0 ? " (\(count) archived)" : "" }
        var lines = [
            "imported board '\(name)' from Trello: "
                + [
                    count(report.lists, "list", "lists") + archived(report.archivedLists),
                    count(report.cards, "card", "cards") + archived(report.archivedCards),
                    count(report.labels, "label", "labels"),
                    count(report.checklistItems, "checklist item", "checklist items"),
                    count(report.comments, "comment", "comments"),
                ].joined(separator: ", ")
        ]
        if report.addedDoneList {
            lines.append("added a Done list for the cards Trello marks complete")
        }
        let shortened = [
            (report.shortenedTitles, "title", "titles"),
            (report.shortenedDescriptions, "description", "descriptions"),
            (report.shortenedChecklistItems, "checklist item", "checklist items"),
            (report.shortenedComments, "comment", "comments"),
        ].filter { $0.0 > 0 }.map { count($0.0, $0.1, $0.2) }
        if !shortened.isEmpty {
            lines.append("cut to fit or made one line: " + shortened.joined(separator: ", "))
        }
        let notCarried = NotCarried.all(in: report)
        if !notCarried.isEmpty {
            lines.append("not carried: " + notCarried.map(\.text).joined(separator: ", "))
        }
        if !report.members.isEmpty {
            lines.append(
                "Trello's board members, not accounts here: "
                    + report.members.map { TerminalText.sanitized($0) }.joined(separator: ", "))
        }
        lines.append("pm board '\(name)' shows it; pm board use '\(name)' makes it the current board")
        return lines
    }

    /// `1 card`, `3 cards`.
    static func count(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }

    // MARK: - What could not be carried

    /// One kind of thing the import could not carry, with its count, in words.
    struct NotCarried: Encodable, Hashable, Sendable {
        /// The kind, as the report names it: `attachments`, `cardMembers`.
        var kind: String
        /// How many.
        var count: Int
        /// The count and the kind in words: `3 attachments`.
        var text: String

        /// The words for each kind the report may name, one and many, in the order they are said.
        static let words: [(kind: String, one: String, many: String)] = [
            (TrelloBoard.Skipped.attachments.rawValue, "attachment", "attachments"),
            (TrelloBoard.Skipped.customFields.rawValue, "custom field", "custom fields"),
            (TrelloBoard.Skipped.customFieldItems.rawValue, "custom field value", "custom field values"),
            (TrelloBoard.Skipped.pluginData.rawValue, "piece of Power-Up data", "pieces of Power-Up data"),
            (TrelloBoard.Skipped.stickers.rawValue, "sticker", "stickers"),
            (TrelloBoard.Skipped.votes.rawValue, "vote", "votes"),
            (TrelloBoard.Skipped.startDates.rawValue, "start date", "start dates"),
            ("cardMembers", "card member (not an account here)", "card members (not accounts here)"),
            (
                TrelloBoard.Skipped.checklistsWithoutCard.rawValue, "checklist of a card not in the export",
                "checklists of cards not in the export"
            ),
            (
                TrelloBoard.Skipped.commentsWithoutCard.rawValue, "comment on a card not in the export",
                "comments on cards not in the export"
            ),
            ("emptyComments", "empty comment", "empty comments"),
            (TrelloBoard.Skipped.unknownLabels.rawValue, "unknown label on a card", "unknown labels on cards"),
            (TrelloBoard.Skipped.unknownMembers.rawValue, "unknown member on a card", "unknown members on cards"),
            (
                TrelloBoard.Skipped.unknownColours.rawValue, "label colour Trello does not have",
                "label colours Trello does not have"
            ),
            (
                TrelloBoard.Skipped.otherActions.rawValue, "other action (Trello's history)",
                "other actions (Trello's history)"
            ),
        ]

        /// Every kind `report` could not carry, in ``words``' order, then any other kind by name.
        static func all(in report: TrelloImportReport) -> [NotCarried] {
            let known = Set(words.map(\.kind))
            let said = words.compactMap { word in
                report.notCarried[word.kind].flatMap { count in
                    count > 0
                        ? NotCarried(
                            kind: word.kind, count: count, text: TrelloImport.count(count, word.one, word.many))
                        : nil
                }
            }
            let others = report.notCarried.filter { !known.contains($0.key) && $0.value > 0 }.sorted { $0.key < $1.key }
                .map { NotCarried(kind: $0.key, count: $0.value, text: "\($0.value) \($0.key)") }
            return said + others
        }
    }

    // MARK: - JSON

    /// What `--json` prints: the new board, what came in, what was cut to fit, and what was not
    /// carried.
    struct Output: Encodable {
        struct Shortened: Encodable {
            var titles: Int
            var descriptions: Int
            var checklistItems: Int
            var comments: Int
        }

        var board: BoardObject
        var lists: Int
        var archivedLists: Int
        var cards: Int
        var archivedCards: Int
        var labels: Int
        var checklistItems: Int
        var comments: Int
        var addedDoneList: Bool
        var shortened: Shortened
        var notCarried: [NotCarried]
        var members: [String]

        init(_ report: TrelloImportReport, board: BoardObject) {
            self.board = board
            (lists, archivedLists, cards, archivedCards) =
                (report.lists, report.archivedLists, report.cards, report.archivedCards)
            (labels, checklistItems, comments, addedDoneList) =
                (report.labels, report.checklistItems, report.comments, report.addedDoneList)
            shortened = Shortened(
                titles: report.shortenedTitles, descriptions: report.shortenedDescriptions,
                checklistItems: report.shortenedChecklistItems, comments: report.shortenedComments)
            notCarried = NotCarried.all(in: report)
            members = report.members
        }
    }
}
