import Foundation
import ProjectManager

/// `pm search`: finds projects by a word of their title or description, on every board or one.
///
/// ```
/// 3f2a9c1e  주간 보고서 작성 — 금요일까지 보고서 제출  (Projects, To Do)
/// ```
struct SearchCommand: Command {
    static let board = Option.board(help: "search the board of this title only")
    static let json = JSONFormat.flag(help: "print the results as JSON")
    static let label = Option("--label", "NAME", help: "only the projects with this label (of the board given)")

    static let configuration = CommandConfiguration(
        name: "search", abstract: "find projects by their title or description",
        discussion: """
            Every word must match, in the title or the description, ignoring case, width and accents; \
            Hangul initial consonants match syllables (ㅂㄱㅅ finds 보고서). The best 50 come first: \
            title before description, whole word before prefix before infix, then the most recently changed. \
            Matches are highlighted on a terminal.
            """,
        arguments: [CommandArgument(valueName: "QUERY", noun: "a query", help: "the words to find; quote several")],
        options: [board, label, json, JSONFormat.pretty],
        extraArgumentHint: "quote a query of several words")

    var query: String
    var board: String?
    var label: String?
    var json: JSONFormat?

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        query = arguments.positionals[0]
        board = arguments[Self.board]
        label = arguments[Self.label]
        json = try JSONFormat.parse(arguments)
        guard !SearchQuery(query).isEmpty else { throw .usage("the query is empty: give a word to find") }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        let screens = try context.readingScreens()
        var boardID: Board.ID?
        if let board { boardID = try await context.directory(on: screens).board(board).id }
        var labelID: Label.ID?
        if let label {
            // A label is a board's: the board given, else the current one.
            let (labelled, boardName) = try await context.open(board: board, readOnly: true)
            labelID = try await labelled.labels().label(named: label, onBoard: boardName.title).id
            boardID = boardName.id
        }
        let state = try await screens.search(query, onBoard: boardID, labelled: labelID)
        let rows: [SearchRow]
        let summary: String
        switch state {
        case .prompt(let text), .noResults(let text):
            (rows, summary) = ([], text)
        case .results(let snapshot):
            (rows, summary) = (snapshot.rows, snapshot.summary)
        }
        let shortIDs = ShortIDs(ids: rows.map(\.id))
        if let json {
            let objects = try await context.jsonObjects(on: screens, projectIDs: shortIDs)
            let total = if case .results(let snapshot) = state { snapshot.totalCount } else { 0 }
            try context.printJSON(
                Output(
                    query: query, totalCount: total,
                    results: rows.compactMap { row in
                        row.project.map { project in
                            Result(
                                project: objects.project(project),
                                titleMatches: row.titleMatches.map { [$0.lowerBound, $0.upperBound] },
                                snippet: row.snippet,
                                snippetMatches: row.snippetMatches.map { [$0.lowerBound, $0.upperBound] })
                        }
                    }), json)
            return
        }
        guard !rows.isEmpty else {
            // The summary quotes the query as typed.
            context.print(TerminalText.sanitized(summary))
            return
        }
        context.print(
            rows.map { row in
                var line =
                    context.style.apply(.identifier, to: shortIDs(row.id)) + "  "
                    + Self.highlighted(row.title, row.titleMatches, style: context.style)
                if !row.snippetMatches.isEmpty {
                    line += " — " + Self.highlighted(row.snippet, row.snippetMatches, style: context.style)
                }
                let place = [row.board, row.state].compactMap { $0.map { TerminalText.sanitized($0) } }.joined(
                    separator: ", ")
                return line + "  " + context.style.apply(.muted, to: "(\(place))")
            } + [context.style.apply(.muted, to: summary)])
    }

    /// `text`, made safe for the terminal, with the characters of `matches` in the match style.
    static func highlighted(_ text: String, _ matches: [Range<Int>], style: OutputStyle) -> String {
        var result = ""
        var offset = text.startIndex
        for range in SearchResult.indices(of: matches, in: text) {
            result += TerminalText.sanitized(String(text[offset..<range.lowerBound]))
            result += style.apply(.match, to: TerminalText.sanitized(String(text[range])))
            offset = range.upperBound
        }
        return result + TerminalText.sanitized(String(text[offset...]))
    }

    /// One result as `--json` writes it; ranges are character offsets, end excluded.
    struct Result: Encodable {
        var project: ProjectObject
        var titleMatches: [[Int]]
        var snippet: String
        var snippetMatches: [[Int]]
    }

    struct Output: Encodable {
        var query: String
        var totalCount: Int
        var results: [Result]
    }

}
