import Foundation

extension TrelloBoard {
    /// The largest export ``decode(_:limit:)`` reads unless told otherwise: 64 MiB.
    public static let defaultByteLimit = 64 * 1024 * 1024

    /// Reads the JSON that Trello's "Export as JSON" writes for one board.
    ///
    /// Lists and the cards of each list come in Trello's order (`pos`; at the same position, by
    /// id), checklists and their items too; comments newest first. A card keeps the labels and
    /// members the board has; what the engine cannot carry is counted in ``skipped``, as are
    /// checklists and comments of cards the export does not hold.
    ///
    /// ```swift
    /// let board = try TrelloBoard.decode(data)
    /// board.lists.map(\.name)    // ["To Do", "Doing", "Done"]
    /// ```
    ///
    /// - Parameters:
    ///   - data: The export's bytes.
    ///   - limit: The most bytes to read; a longer export is refused before any is read.
    /// - Returns: The board, its lists and cards ordered.
    /// - Throws: ``TrelloImportError/tooLarge(bytes:limit:)`` when `data` is longer than `limit`;
    ///   ``TrelloImportError/notJSON(reason:)``; ``TrelloImportError/notABoard(missing:)`` when the
    ///   JSON has no `lists`, `cards`, `id` or `name` at its top;
    ///   ``TrelloImportError/invalidField(path:reason:)`` when a value is missing or not what Trello
    ///   writes, or two lists or two cards have the same id; ``TrelloImportError/unknownList(card:list:)``
    ///   when a card is in a list the export does not hold.
    /// - Complexity: O(*n* log *n*), *n* being the number of lists, cards, checklists and actions.
    public static func decode(_ data: Data, limit: Int = defaultByteLimit) throws(TrelloImportError) -> TrelloBoard {
        guard data.count <= limit else { throw .tooLarge(bytes: data.count, limit: limit) }
        let export: TrelloExport
        do {
            export = try JSONDecoder().decode(TrelloExport.self, from: data)
        } catch let error as DecodingError {
            throw TrelloImportError(error, in: data)
        } catch {
            throw .notJSON(reason: String(describing: error))
        }
        return try TrelloBoard(export)
    }

    /// The board an export holds: references checked, everything ordered, the rest counted.
    init(_ export: TrelloExport) throws(TrelloImportError) {
        var skipped: [Skipped: Int] = [:]
        func skip(_ kind: Skipped, _ count: Int = 1) {
            if count > 0 { skipped[kind, default: 0] += count }
        }
        skip(.customFields, export.customFields)
        skip(.pluginData, export.pluginData)

        // Labels and members by id; a repeated id names the first.
        var labels: [String: Label] = [:]
        let boardLabels = export.labels.map { label in
            let colour = LabelColour(trelloName: label.color)
            if colour == nil { skip(.unknownColours) }
            let value = Label(name: label.name, colour: colour ?? .none)
            if labels[label.id] == nil { labels[label.id] = value }
            return value
        }
        var members: [String: Member] = [:]
        let boardMembers = export.members.map { member in
            let value = Member(fullName: member.fullName, username: member.username)
            if let id = member.id, members[id] == nil { members[id] = value }
            return value
        }

        // Lists and cards: ids are unique, and every card is in a list of the export.
        var listIndex: [String: Int] = [:]
        for (index, list) in export.lists.enumerated() {
            if let first = listIndex[list.id] {
                throw .invalidField(path: "lists[\(index)].id", reason: "'\(list.id)', the id of lists[\(first)] too")
            }
            listIndex[list.id] = index
        }
        var cardIndex: [String: Int] = [:]
        for (index, card) in export.cards.enumerated() {
            if let first = cardIndex[card.id] {
                throw .invalidField(path: "cards[\(index)].id", reason: "'\(card.id)', the id of cards[\(first)] too")
            }
            guard listIndex[card.idList] != nil else { throw .unknownList(card: card.name, list: card.idList) }
            cardIndex[card.id] = index
        }

        // Checklists and comments by card.
        var checklists: [String: [TrelloExport.Checklist]] = [:]
        for checklist in export.checklists {
            guard cardIndex[checklist.idCard] != nil else {
                skip(.checklistsWithoutCard)
                continue
            }
            checklists[checklist.idCard, default: []].append(checklist)
        }
        var comments: [String: [TrelloExport.Action.Comment]] = [:]
        for action in export.actions {
            guard let comment = action.comment else {
                skip(.otherActions)
                continue
            }
            guard cardIndex[comment.idCard] != nil else {
                skip(.commentsWithoutCard)
                continue
            }
            comments[comment.idCard, default: []].append(comment)
        }

        // Cards by list, each in order with what it holds.
        var cards: [String: [TrelloExport.Card]] = [:]
        for card in export.cards {
            cards[card.idList, default: []].append(card)
            skip(.attachments, card.attachments)
            skip(.customFieldItems, card.customFieldItems)
            skip(.pluginData, card.pluginData)
            skip(.stickers, card.stickers)
            skip(.votes, card.votes)
            skip(.startDates, card.hasStart ? 1 : 0)
        }
        func card(_ card: TrelloExport.Card) -> Card {
            let cardLabels = card.idLabels.compactMap { id in
                if labels[id] == nil { skip(.unknownLabels) }
                return labels[id]
            }
            let cardMembers = card.idMembers.compactMap { id in
                if members[id] == nil { skip(.unknownMembers) }
                return members[id]
            }
            let cardChecklists = Self.ordered(checklists[card.id] ?? [], by: \.pos, then: \.id).map { checklist in
                Checklist(
                    name: checklist.name,
                    items: Self.ordered(checklist.checkItems, by: \.pos, then: \.id).map { item in
                        Checklist.Item(name: item.name, isDone: item.isComplete)
                    })
            }
            let cardComments = (comments[card.id] ?? [])
                .sorted { ($0.date, $0.id) > ($1.date, $1.id) }
                .map { comment in
                    Comment(
                        text: comment.text,
                        author: comment.memberCreator.map { Member(fullName: $0.fullName, username: $0.username) }
                            ?? comment.idMemberCreator.flatMap { members[$0] },
                        date: comment.date)
                }
            return Card(
                id: card.id, title: card.name, body: card.desc, due: card.due, isDueComplete: card.dueComplete,
                isClosed: card.closed, labels: cardLabels, members: cardMembers, checklists: cardChecklists,
                comments: cardComments)
        }
        let lists = Self.ordered(export.lists, by: \.pos, then: \.id).map { list in
            List(
                id: list.id, name: list.name, isClosed: list.closed,
                cards: Self.ordered(cards[list.id] ?? [], by: \.pos, then: \.id).map(card))
        }

        self.init(
            name: export.name, description: export.desc, isClosed: export.closed, lists: lists,
            labels: boardLabels, members: boardMembers, skipped: skipped)
    }

    /// `elements` by `position`, and those at the same position by `id`.
    /// - Complexity: O(*n* log *n*).
    private static func ordered<Element>(
        _ elements: [Element], by position: (Element) -> TrelloExport.Position, then id: (Element) -> String
    ) -> [Element] {
        elements.sorted { (position($0), id($0)) < (position($1), id($1)) }
    }
}

// MARK: - Decoding errors

extension TrelloImportError {
    /// The error a decoding error of `data` is: what it says, and where, as a path like
    /// `cards[12].due`.
    init(_ error: DecodingError, in data: Data) {
        switch error {
        case .keyNotFound(let key, let context) where context.codingPath.isEmpty:
            self = .notABoard(missing: key.stringValue)
        case .keyNotFound(let key, let context):
            self = .invalidField(path: Self.path(context.codingPath + [key]), reason: "missing")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            self = .notABoard(missing: TrelloExport.boardFields[0])
        case .typeMismatch(let type, let context):
            self = .invalidField(path: Self.path(context.codingPath), reason: "not \(Self.kind(type))")
        case .valueNotFound(let type, let context):
            self = .invalidField(path: Self.path(context.codingPath), reason: "null, not \(Self.kind(type))")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self = .notJSON(reason: Self.reason(notJSON: data, context))
        case .dataCorrupted(let context):
            self = .invalidField(path: Self.path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self = .notJSON(reason: String(describing: error))
        }
    }

    /// `cards[12].due` for the keys `cards`, `12`, `due`.
    private static func path(_ keys: [any CodingKey]) -> String {
        var path = ""
        for key in keys {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    /// What Trello writes where a `type` was expected, in English.
    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type: "a number"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }

    /// Why `data` is not JSON, and where (`Invalid value around character 0.`): `JSONDecoder` says
    /// only that it is not (and on Linux keeps no underlying error), so `JSONSerialization` reads
    /// the bytes again to say more. It runs only on bytes already refused.
    private static func reason(notJSON data: Data, _ context: DecodingError.Context) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return context.debugDescription
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
        }
    }
}
