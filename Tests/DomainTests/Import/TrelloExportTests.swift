import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// `TrelloBoard.decode(_:limit:)` on the exports `Scripts/make_trello_fixtures.py` writes, and on
/// small exports written here, one fault each.
@Suite("Trello export")
struct TrelloExportTests {
    static func smallBoard() throws -> TrelloBoard {
        try TrelloBoard.decode(try TrelloFixtures.data("small-board.json"))
    }

    static func list(_ name: String, of board: TrelloBoard) throws -> TrelloBoard.List {
        try #require(board.lists.first { $0.name == name })
    }

    static func card(_ title: String, of board: TrelloBoard) throws -> TrelloBoard.Card {
        try #require(board.cards.first { $0.title == title })
    }

    /// The error decoding `data` throws, or `nil` when it decodes.
    static func failure(decodingData data: Data) -> TrelloImportError? {
        do {
            _ = try TrelloBoard.decode(data)
            return nil
        } catch {
            return error
        }
    }

    /// The error decoding `json` throws, or `nil` when it decodes.
    static func failure(decoding json: String) -> TrelloImportError? {
        failure(decodingData: Data(json.utf8))
    }

    /// A board export of `lists` and `cards` (JSON arrays' contents) and further top-level fields.
    static func export(lists: String = #"{"id": "l1", "name": "To Do"}"#, cards: String = "", _ more: String = "")
        -> String
    {
        #"{"id": "b1", "name": "Board", "lists": [\#(lists)], "cards": [\#(cards)]\#(more.isEmpty ? "" : ", " + more)}"#
    }

    /// An export of the list `l1` and one card in it, `{"id": "c1", "name": "A", "idList": "l1", <fields>}`.
    static func export(card fields: String) -> String {
        export(cards: #"{"id": "c1", "name": "A", "idList": "l1", \#(fields)}"#)
    }

    // MARK: - Order

    @Test("lists come by position: \"top\" first, a tie by id, the archived list kept")
    func listOrder() throws {
        let board = try Self.smallBoard()

        #expect(board.lists.map(\.name) == ["Inbox", "To Do", "Waiting", "Doing", "Done", "Old ideas"])
        #expect(board.lists.map(\.isClosed) == [false, false, false, false, false, true])
        #expect(try Self.list("Old ideas", of: board).cards.map(\.title) == ["Blimp flyover"])
    }

    @Test("cards come by position in their list: a tie by id, \"24576\" as a number, \"bottom\" last")
    func cardOrder() throws {
        let board = try Self.smallBoard()

        #expect(
            try Self.list("To Do", of: board).cards.map(\.title) == [
                "Order badges", "Book venue", "Hire photographer", "Write press release", "Print posters",
            ])
        #expect(try Self.list("Done", of: board).cards.map(\.title) == ["Pick a date", "Old logo"])
        #expect(board.cards.count == 11)
    }

    @Test("cards are archived or not as on Trello")
    func closedCards() throws {
        let board = try Self.smallBoard()

        #expect(board.cards.filter(\.isClosed).map(\.title) == ["Old logo"])
        #expect(!board.isClosed)
        #expect(board.name == "Launch plan")
        #expect(board.description == "Everything for the spring launch.")
    }

    @Test("positions: top < numbers < bottom, numbers in strings, ties by id, file order ignored")
    func positions() throws {
        let lists = """
            {"id": "l5", "name": "Five", "pos": "bottom"}, {"id": "l4", "name": "Four", "pos": 300},
            {"id": "l3", "name": "Three", "pos": "200.5"}, {"id": "l2", "name": "Two", "pos": 200.5},
            {"id": "l1", "name": "One", "pos": "top"}, {"id": "l0", "name": "Zero", "pos": "top"}
            """

        let board = try TrelloBoard.decode(Data(Self.export(lists: lists).utf8))

        #expect(board.lists.map(\.name) == ["Zero", "One", "Two", "Three", "Four", "Five"])
    }

    // MARK: - What a card holds

    @Test("the board's labels keep their names and colours; shades read as their base colour")
    func labels() throws {
        let board = try Self.smallBoard()

        #expect(
            board.labels.map { [$0.name, $0.colour.rawValue] } == [
                ["Design", "green"], ["Copy", "yellow"], ["Legal", "orange"], ["Blocked", "red"],
                ["Research", "purple"], ["Engineering", "blue"], ["Ops", "sky"], ["Marketing", "lime"],
                ["Events", "pink"], ["Security", "black"], ["Someday", "none"], ["", "sky"], ["Urgent-ish", "red"],
            ])
        let press = try Self.card("Write press release", of: board)
        #expect(
            press.labels == [
                .init(name: "Copy", colour: .yellow), .init(name: "Marketing", colour: .lime),
                .init(name: "", colour: .sky),
            ])
        #expect(
            try Self.card("Pick a date", of: board).labels.map(\.colour)
                == Array(LabelColour.allCases.dropLast()))
    }

    @Test(
        "a colour name reads as one of Trello's ten, or none",
        arguments: [
            ("green", LabelColour.green), ("green_light", .green), ("green_dark", .green),
            ("sky_dark", .sky), ("black_light", .black), ("lime", .lime), ("pink_dark", .pink),
        ])
    func colourNames(name: String, colour: LabelColour) {
        #expect(LabelColour(trelloName: name) == colour)
    }

    @Test(
        "no colour is none; a name that is not Trello's is no colour at all", arguments: ["teal", "none", "", "_dark"])
    func unknownColourNames(name: String) {
        #expect(LabelColour(trelloName: nil) == LabelColour.none)
        #expect(LabelColour(trelloName: name) == nil)
    }

    @Test("an unknown colour makes a label without colour, and is counted")
    func unknownColour() throws {
        let json = Self.export(#""labels": [{"id": "x", "name": "Teal", "color": "teal"}]"#)

        let board = try TrelloBoard.decode(Data(json.utf8))

        #expect(board.labels == [.init(name: "Teal", colour: .none)])
        #expect(board.skipped == [.unknownColours: 1])
    }

    @Test("the board's members, and each card's in the card's order")
    func members() throws {
        let board = try Self.smallBoard()

        #expect(
            board.members == [
                .init(fullName: "Ada Lovelace", username: "ada"), .init(fullName: "Grace Hopper", username: "grace"),
                .init(fullName: "Alan Turing", username: "alan"),
            ])
        #expect(try Self.card("Build landing page", of: board).members.map(\.username) == ["grace", "alan"])
        #expect(try Self.card("Ideas from the retro", of: board).members.map(\.username) == ["ada"])
    }

    @Test("checklists and their items come by position, with their states")
    func checklists() throws {
        let board = try Self.smallBoard()

        let press = try Self.card("Write press release", of: board)
        #expect(press.checklists.map(\.name) == ["Draft"])
        #expect(
            press.checklists.first?.items == [
                .init(name: "Outline", isDone: true), .init(name: "First draft", isDone: true),
                .init(name: "Quotes", isDone: false),
            ])
        let landing = try Self.card("Build landing page", of: board)
        #expect(landing.checklists.map(\.name) == ["Build", "Launch"])
        #expect(landing.checklists.map { $0.items.map(\.name) } == [["Markup", "Styles"], ["Deploy", "Announce"]])
        #expect(try Self.card("Book venue", of: board).checklists.isEmpty)
    }

    @Test("comments come newest first, with their authors and dates")
    func comments() throws {
        let board = try Self.smallBoard()
        let start = Date.at(2026, 3, 2, 9, 0)
        let day: TimeInterval = 86_400

        let landing = try Self.card("Build landing page", of: board)
        #expect(
            landing.comments == [
                // No memberCreator in the export: the author is found among the board's members.
                .init(
                    text: "Shipped to staging.", author: .init(fullName: "Alan Turing", username: "alan"),
                    date: start + 5 * day),
                .init(
                    text: "Looks **great**.", author: .init(fullName: "Ada Lovelace", username: "ada"),
                    date: start + 3 * day),
                .init(
                    text: "Mockups are in.", author: .init(fullName: "Grace Hopper", username: "grace"),
                    date: start + 2 * day),
            ])
        let press = try Self.card("Write press release", of: board)
        #expect(press.comments.map(\.text) == ["Needs a quote from Grace.", "Draft attached."])
        #expect(press.comments.last?.date == start + day + 2 * 3_600)
    }

    @Test("a comment by someone the export does not know has no author")
    func commentWithoutAuthor() throws {
        let json = Self.export(
            cards: #"{"id": "c1", "name": "Card", "idList": "l1"}"#,
            #""actions": [{"id": "a1", "type": "commentCard", "date": "2026-01-02T03:04:05.000Z", "#
                + #""idMemberCreator": "gone", "data": {"text": "Hello", "card": {"id": "c1"}}}]"#)

        let board = try TrelloBoard.decode(Data(json.utf8))

        #expect(board.cards.first?.comments == [.init(text: "Hello", author: nil, date: .at(2026, 1, 2, 3, 4, 5))])
    }

    @Test("due dates with and without fractional seconds, and whether they are done")
    func dueDates() throws {
        let board = try Self.smallBoard()

        let press = try Self.card("Write press release", of: board)
        #expect(press.due == .at(2026, 12, 24, 14, 0))
        #expect(!press.isDueComplete)
        let landing = try Self.card("Build landing page", of: board)
        #expect(landing.due == .at(2026, 11, 30, 9, 30))
        #expect(landing.isDueComplete)
        #expect(try Self.card("Book venue", of: board).due == nil)
    }

    @Test("a due date keeps its milliseconds")
    func dueMilliseconds() throws {
        let json = Self.export(
            cards: #"{"id": "c1", "name": "Card", "idList": "l1", "due": "2026-12-24T14:00:00.250Z"}"#)

        let due = try #require(try TrelloBoard.decode(Data(json.utf8)).cards.first?.due)

        #expect(abs(due.timeIntervalSince(.at(2026, 12, 24, 14, 0)) - 0.25) < 0.001)
    }

    @Test("what the engine cannot carry is counted, kind by kind")
    func skipped() throws {
        let board = try Self.smallBoard()

        #expect(
            board.skipped == [
                .attachments: 1, .customFields: 2, .customFieldItems: 2, .pluginData: 2, .stickers: 1, .votes: 2,
                .startDates: 1, .checklistsWithoutCard: 1, .commentsWithoutCard: 1, .unknownLabels: 1,
                .unknownMembers: 1, .otherActions: 5,
            ])
    }

    @Test("fields a board may lack are read as empty, and nothing is counted")
    func minimalBoard() throws {
        let json = Self.export(cards: #"{"id": "c1", "name": "Card", "idList": "l1"}"#)

        let board = try TrelloBoard.decode(Data(json.utf8))

        #expect(
            board
                == TrelloBoard(
                    name: "Board", lists: [.init(id: "l1", name: "To Do", cards: [.init(id: "c1", title: "Card")])]))
        #expect(board.skipped.isEmpty)
    }

    // MARK: - Large boards

    @Test(
        "a generated board decodes whole, each list in the order of its positions",
        arguments: [
            ("large-board.json", 6, 100, 600, 900, 60),
            ("thousand-cards.json", 8, 125, 999, 1_500, 100),
        ])
    func generatedBoard(
        file: String, lists: Int, cardsPerList: Int, checklists: Int, comments: Int, closed: Int
    ) throws {
        let data = try TrelloFixtures.data(file)

        let board = try TrelloBoard.decode(data)

        #expect(board.lists.count == lists)
        #expect(board.lists.allSatisfy { $0.cards.count == cardsPerList })
        #expect(board.cards.count == lists * cardsPerList)
        #expect(board.cards.map(\.checklists.count).reduce(0, +) == checklists)
        #expect(board.cards.map(\.comments.count).reduce(0, +) == comments)
        #expect(board.cards.filter(\.isClosed).count == closed)
        #expect(
            board.cards.allSatisfy { card in
                zip(card.comments, card.comments.dropFirst()).allSatisfy { $0.date >= $1.date }
            })
        #expect(board.skipped.isEmpty)
        // A second reading of the same file, with JSONSerialization: each list's card ids by `pos`.
        #expect(board.lists.map { $0.cards.map(\.id) } == (try Self.cardIDsByPosition(data)))
    }

    /// Each list's card ids in `pos` order, lists in `pos` order: numeric positions only.
    static func cardIDsByPosition(_ data: Data) throws -> [[String]] {
        let export = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let lists = try #require(export["lists"] as? [[String: Any]])
        let cards = try #require(export["cards"] as? [[String: Any]])
        func ordered(_ objects: [[String: Any]]) -> [String] {
            objects.sorted { ($0["pos"] as? Double ?? 0) < ($1["pos"] as? Double ?? 0) }.compactMap {
                $0["id"] as? String
            }
        }
        return ordered(lists).map { list in ordered(cards.filter { $0["idList"] as? String == list }) }
    }

    // MARK: - Refusals

    @Test("100 MB is refused as too large before it is read")
    func tooLarge() {
        let bytes = 100 * 1024 * 1024
        let data = Data(count: bytes)  // zeros: not JSON, so any reading would fail otherwise

        #expect(Self.failure(decodingData: data) == .tooLarge(bytes: bytes, limit: TrelloBoard.defaultByteLimit))
        #expect(TrelloBoard.defaultByteLimit == 64 * 1024 * 1024)
    }

    @Test("the limit is the most bytes read: one byte less refuses a board that decodes at its size")
    func limit() throws {
        let data = try TrelloFixtures.data("small-board.json")

        #expect(throws: Never.self) { try TrelloBoard.decode(data, limit: data.count) }
        #expect(throws: TrelloImportError.tooLarge(bytes: data.count, limit: data.count - 1)) {
            try TrelloBoard.decode(data, limit: data.count - 1)
        }
    }

    @Test("bytes that are not JSON are refused with the JSON reader's reason", arguments: ["not-json.txt", ""])
    func notJSON(file: String) throws {
        let data = file.isEmpty ? Data() : try TrelloFixtures.data(file)

        let error = try #require(Self.failure(decodingData: data))

        guard case .notJSON(let reason) = error else {
            Issue.record("\(error) is not .notJSON")
            return
        }
        // The reader's own words, which differ between platforms ("Invalid value around character 0."
        // on Linux): not JSONDecoder's sentence that says only that the data is not JSON.
        #expect(!reason.isEmpty)
        #expect(reason != "The given data was not valid JSON.")
        #expect(error.description == "the file is not JSON: \(reason)")
    }

    @Test("JSON that is not a board names the first board field it lacks")
    func notABoard() throws {
        #expect(Self.failure(decodingData: try TrelloFixtures.data("not-a-board.json")) == .notABoard(missing: "lists"))
        #expect(Self.failure(decoding: "[]") == .notABoard(missing: "lists"))
        #expect(Self.failure(decoding: #""board""#) == .notABoard(missing: "lists"))
        #expect(Self.failure(decoding: #"{"lists": []}"#) == .notABoard(missing: "cards"))
        #expect(Self.failure(decoding: #"{"lists": [], "cards": [], "name": "B"}"#) == .notABoard(missing: "id"))
        #expect(Self.failure(decoding: #"{"lists": [], "cards": [], "id": "b"}"#) == .notABoard(missing: "name"))
        #expect(
            TrelloImportError.notABoard(missing: "lists").description
                == "the JSON is not a Trello board: it has no 'lists'")
    }

    @Test("a card in a list the export lacks names the card and the list")
    func unknownList() throws {
        let error = Self.failure(decodingData: try TrelloFixtures.data("unknown-list.json"))

        #expect(error == .unknownList(card: "Lost card", list: "6a0c00010000000000000194"))
        #expect(
            error?.description
                == "the card 'Lost card' is in the list '6a0c00010000000000000194', which is not in the Trello export")
    }

    /// A value at `path` of the export `json` that decoding refuses for `reason`.
    struct Fault: Sendable, CustomTestStringConvertible {
        var path: String
        var reason: String
        var json: String
        var testDescription: String { path }
    }

    static let faults = [
        Fault(path: "lists[0].name", reason: "missing", json: export(lists: #"{"id": "l1"}"#)),
        Fault(
            path: "lists[0].pos", reason: "'middle', not a number, 'top' or 'bottom'",
            json: export(lists: #"{"id": "l1", "name": "A", "pos": "middle"}"#)),
        Fault(
            path: "lists[1].id", reason: "'l1', the id of lists[0] too",
            json: export(lists: #"{"id": "l1", "name": "A"}, {"id": "l1", "name": "B"}"#)),
        Fault(
            path: "cards[1].idList", reason: "missing",
            json: export(cards: #"{"id": "c1", "name": "A", "idList": "l1"}, {"id": "c2", "name": "B"}"#)),
        Fault(
            path: "cards[1].id", reason: "'c1', the id of cards[0] too",
            json: export(
                cards: #"{"id": "c1", "name": "A", "idList": "l1"}, {"id": "c1", "name": "B", "idList": "l1"}"#)),
        Fault(
            path: "cards[0].name", reason: "null, not a string",
            json: export(cards: #"{"id": "c1", "name": null, "idList": "l1"}"#)),
        Fault(path: "cards[0].closed", reason: "not true or false", json: export(card: #""closed": "yes""#)),
        Fault(
            path: "cards[0].due", reason: "'tomorrow', not an ISO 8601 date", json: export(card: #""due": "tomorrow""#)),
        Fault(path: "cards[0].pos", reason: "not a number", json: export(card: #""pos": [1]"#)),
        Fault(path: "cards[0].attachments", reason: "not an array", json: export(card: #""attachments": {}"#)),
        Fault(path: "cards[0].idLabels[1]", reason: "not a string", json: export(card: #""idLabels": ["a", 2]"#)),
        Fault(path: "labels[0].id", reason: "missing", json: export(#""labels": [{"name": "No id"}]"#)),
        Fault(
            path: "checklists[0].checkItems[1].state", reason: "'done', neither 'complete' nor 'incomplete'",
            json: export(
                #""checklists": [{"id": "k1", "idCard": "c1", "checkItems": "#
                    + #"[{"name": "A", "state": "complete"}, {"name": "B", "state": "done"}]}]"#)),
        Fault(
            path: "actions[0].data.text", reason: "missing",
            json: export(
                #""actions": [{"type": "commentCard", "date": "2026-01-01T00:00:00Z", "data": {"card": {"id": "c1"}}}]"#
            )),
        Fault(
            path: "actions[0].date", reason: "missing",
            json: export(#""actions": [{"type": "commentCard", "data": {"text": "Hi", "card": {"id": "c1"}}}]"#)),
    ]

    @Test("a missing or wrong value names its place", arguments: faults)
    func invalidField(fault: Fault) {
        let error = Self.failure(decoding: fault.json)

        #expect(error == .invalidField(path: fault.path, reason: fault.reason))
        #expect(error?.description == "the Trello export's \(fault.path) is \(fault.reason)")
    }

    @Test("an action that is not a comment is counted whatever it holds")
    func otherActions() throws {
        let json = Self.export(#""actions": [{"type": "updateCard", "data": 42}, {"type": "moveCardToBoard"}]"#)

        #expect(try TrelloBoard.decode(Data(json.utf8)).skipped == [.otherActions: 2])
    }
}
