import Foundation

/// The JSON that Trello's "Export as JSON" writes for one board, as it is written: ids, positions and
/// references not yet checked against each other. ``TrelloBoard/decode(_:limit:)`` reads one and
/// makes a ``TrelloBoard`` of it.
///
/// What identifies the board's structure is required (the ids, a card's list, a checklist's card,
/// names, a check item's state); the rest is read when it is there (`closed`, `desc`, `due`, …), and
/// fields the engine cannot carry are only counted. Fields not named here are ignored.
struct TrelloExport: Decodable {
    var id: String
    var name: String
    var desc: String
    var closed: Bool
    var lists: [List]
    var cards: [Card]
    var labels: [Label]
    var checklists: [Checklist]
    var members: [Member]
    var actions: [Action]
    /// How many custom fields the board defines.
    var customFields: Int
    /// How many Power-Up data entries the board has.
    var pluginData: Int

    private enum CodingKeys: String, CodingKey {
        case id, name, desc, closed, lists, cards, labels, checklists, members, actions, customFields, pluginData
    }

    /// The fields whose absence at the top means the JSON is no board, in the order they are read.
    static let boardFields = ["lists", "cards", "id", "name"]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lists = try container.decode([List].self, forKey: .lists)
        cards = try container.decode([Card].self, forKey: .cards)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        desc = try container.decodeIfPresent(String.self, forKey: .desc) ?? ""
        closed = try container.decodeIfPresent(Bool.self, forKey: .closed) ?? false
        labels = try container.decodeIfPresent([Label].self, forKey: .labels) ?? []
        checklists = try container.decodeIfPresent([Checklist].self, forKey: .checklists) ?? []
        members = try container.decodeIfPresent([Member].self, forKey: .members) ?? []
        actions = try container.decodeIfPresent([Action].self, forKey: .actions) ?? []
        customFields = try container.decodeIfPresent(Count.self, forKey: .customFields)?.value ?? 0
        pluginData = try container.decodeIfPresent(Count.self, forKey: .pluginData)?.value ?? 0
    }
}

// MARK: - Lists, cards, labels, members

extension TrelloExport {
    /// `lists[]`.
    struct List: Decodable {
        var id: String
        var name: String
        var closed: Bool
        var pos: Position

        private enum CodingKeys: String, CodingKey { case id, name, closed, pos }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            closed = try container.decodeIfPresent(Bool.self, forKey: .closed) ?? false
            pos = try container.decodeIfPresent(Position.self, forKey: .pos) ?? .bottom
        }
    }

    /// `cards[]`.
    struct Card: Decodable {
        var id: String
        var name: String
        var desc: String
        var idList: String
        var closed: Bool
        var pos: Position
        var due: Date?
        var dueComplete: Bool
        var idLabels: [String]
        var idMembers: [String]
        var attachments: Int
        var customFieldItems: Int
        var pluginData: Int
        var stickers: Int
        var votes: Int
        var hasStart: Bool

        private enum CodingKeys: String, CodingKey {
            case id, name, desc, idList, closed, pos, due, dueComplete, idLabels, idMembers, attachments
            case customFieldItems, pluginData, stickers, idMembersVoted, start
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            desc = try container.decodeIfPresent(String.self, forKey: .desc) ?? ""
            idList = try container.decode(String.self, forKey: .idList)
            closed = try container.decodeIfPresent(Bool.self, forKey: .closed) ?? false
            pos = try container.decodeIfPresent(Position.self, forKey: .pos) ?? .bottom
            due = try container.decodeIfPresent(String.self, forKey: .due).map { text in
                try TrelloExport.date(text, in: container, forKey: .due)
            }
            dueComplete = try container.decodeIfPresent(Bool.self, forKey: .dueComplete) ?? false
            idLabels = try container.decodeIfPresent([String].self, forKey: .idLabels) ?? []
            idMembers = try container.decodeIfPresent([String].self, forKey: .idMembers) ?? []
            attachments = try container.decodeIfPresent(Count.self, forKey: .attachments)?.value ?? 0
            customFieldItems = try container.decodeIfPresent(Count.self, forKey: .customFieldItems)?.value ?? 0
            pluginData = try container.decodeIfPresent(Count.self, forKey: .pluginData)?.value ?? 0
            stickers = try container.decodeIfPresent(Count.self, forKey: .stickers)?.value ?? 0
            votes = try container.decodeIfPresent(Count.self, forKey: .idMembersVoted)?.value ?? 0
            hasStart = try container.decodeIfPresent(String.self, forKey: .start) != nil
        }
    }

    /// `labels[]`.
    struct Label: Decodable {
        var id: String
        var name: String
        /// `color` as Trello writes it; `nil` for no colour.
        var color: String?

        private enum CodingKeys: String, CodingKey { case id, name, color }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
            color = try container.decodeIfPresent(String.self, forKey: .color)
        }
    }

    /// `members[]`, and an action's `memberCreator`.
    struct Member: Decodable {
        var id: String?
        var fullName: String
        var username: String

        private enum CodingKeys: String, CodingKey { case id, fullName, username }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            fullName = try container.decodeIfPresent(String.self, forKey: .fullName) ?? ""
            username = try container.decodeIfPresent(String.self, forKey: .username) ?? ""
        }
    }
}

// MARK: - Checklists

extension TrelloExport {
    /// `checklists[]`.
    struct Checklist: Decodable {
        var id: String
        var idCard: String
        var name: String
        var pos: Position
        var checkItems: [CheckItem]

        private enum CodingKeys: String, CodingKey { case id, idCard, name, pos, checkItems }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            idCard = try container.decode(String.self, forKey: .idCard)
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
            pos = try container.decodeIfPresent(Position.self, forKey: .pos) ?? .bottom
            checkItems = try container.decodeIfPresent([CheckItem].self, forKey: .checkItems) ?? []
        }
    }

    /// `checklists[].checkItems[]`.
    struct CheckItem: Decodable {
        var id: String
        var name: String
        var isComplete: Bool
        var pos: Position

        private enum CodingKeys: String, CodingKey { case id, name, state, pos }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id) ?? ""
            name = try container.decode(String.self, forKey: .name)
            pos = try container.decodeIfPresent(Position.self, forKey: .pos) ?? .bottom
            switch try container.decode(String.self, forKey: .state) {
            case "complete": isComplete = true
            case "incomplete": isComplete = false
            case let state:
                throw DecodingError.dataCorruptedError(
                    forKey: .state, in: container,
                    debugDescription: "'\(state)', neither 'complete' nor 'incomplete'")
            }
        }
    }
}

// MARK: - Actions

extension TrelloExport {
    /// `actions[]`: a comment when its `type` is `commentCard`, otherwise only counted.
    struct Action: Decodable {
        /// A `commentCard` action's facts.
        struct Comment {
            var id: String
            var idCard: String
            var text: String
            var date: Date
            var memberCreator: Member?
            var idMemberCreator: String?
        }

        /// The comment, when the action is one.
        var comment: Comment?

        private enum CodingKeys: String, CodingKey { case id, type, data, date, memberCreator, idMemberCreator }
        private enum DataKeys: String, CodingKey { case text, card }
        private enum CardKeys: String, CodingKey { case id }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard try container.decode(String.self, forKey: .type) == "commentCard" else {
                comment = nil
                return
            }
            let data = try container.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
            let card = try data.nestedContainer(keyedBy: CardKeys.self, forKey: .card)
            let date = try TrelloExport.date(
                try container.decode(String.self, forKey: .date), in: container, forKey: .date)
            comment = Comment(
                id: try container.decodeIfPresent(String.self, forKey: .id) ?? "",
                idCard: try card.decode(String.self, forKey: .id),
                text: try data.decode(String.self, forKey: .text),
                date: date,
                memberCreator: try container.decodeIfPresent(Member.self, forKey: .memberCreator),
                idMemberCreator: try container.decodeIfPresent(String.self, forKey: .idMemberCreator))
        }
    }
}

// MARK: - Values

extension TrelloExport {
    /// A `pos`: a number, or (rarely, from older clients and the API) `"top"` or `"bottom"`, or a
    /// number written as a string. `top` comes before every number and `bottom` after.
    enum Position: Comparable, Decodable {
        case top
        case at(Double)
        case bottom

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            // Trello writes a number; a string is the rare case, tried first because it fails fast.
            if let text = try? container.decode(String.self) {
                switch text {
                case "top": self = .top
                case "bottom": self = .bottom
                default:
                    guard let number = Double(text), number.isFinite else {
                        throw DecodingError.dataCorruptedError(
                            in: container, debugDescription: "'\(text)', not a number, 'top' or 'bottom'")
                    }
                    self = .at(number)
                }
            } else {
                self = .at(try container.decode(Double.self))
            }
        }
    }

    /// The length of an array whose elements the engine does not read; `null` counts none.
    struct Count: Decodable {
        var value: Int

        init(from decoder: any Decoder) throws {
            if try decoder.singleValueContainer().decodeNil() {
                value = 0
            } else {
                let elements = try decoder.unkeyedContainer()
                value = elements.count ?? 0
            }
        }
    }

    /// The date `text` writes in ISO 8601, with or without fractional seconds
    /// (`2026-12-24T14:00:00.000Z`, `2026-12-24T14:00:00Z`); `text` is the string at `key`, which an
    /// error names.
    static func date<Key: CodingKey>(
        _ text: String, in container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> Date {
        for style in dateStyles {
            // A style that does not fit is the next one's turn; none fitting is the error below.
            if let date = try? style.parse(text) { return date }
        }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: container, debugDescription: "'\(text)', not an ISO 8601 date")
    }

    private static let dateStyles = [
        Date.ISO8601FormatStyle(includingFractionalSeconds: true),
        Date.ISO8601FormatStyle(),
    ]
}
