import Foundation

extension RecurrenceRule {
    /// Parses RRULE text, `FREQ=MONTHLY;BYDAY=2SU,4SU`, with or without a leading `RRULE:`.
    ///
    /// Part names and values may be in any case and any order; each part may appear once. `UNTIL`
    /// is a date (`YYYYMMDD`): the rules are over whole days. Printing the rule
    /// (``description``) and parsing the text again gives the same rule.
    ///
    /// - Throws: a ``RecurrenceRuleError`` naming the part at fault: ``RecurrenceRuleError/invalidValue(_:)``
    ///   for `BYDAY=5XX`, ``RecurrenceRuleError/countWithUntil``,
    ///   ``RecurrenceRuleError/ordinalOutsideMonthlyOrYearly(_:)`` for `FREQ=WEEKLY;BYDAY=2MO`, and
    ///   the other cases for unknown, unsupported, repeated or malformed parts.
    /// - Complexity: O(*n*) in the length of `text`.
    public init(parsing text: String) throws(RecurrenceRuleError) {
        var body = Substring(text.trimmingWhitespace)
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst("RRULE:".count) }
        guard !body.isEmpty else { throw .empty }

        var values: [String: String] = [:]
        for rawPart in body.split(separator: ";", omittingEmptySubsequences: false) {
            let part = String(rawPart)
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else {
                throw .malformedPart(part)
            }
            let name = part[..<equals].uppercased()
            let value = String(part[part.index(after: equals)...])
            guard Self.supportedParts.contains(name) else {
                throw Self.unsupportedParts.contains(name) ? .unsupportedPart(name) : .unknownPart(name)
            }
            guard values.updateValue(value, forKey: name) == nil else { throw .duplicatePart(name) }
        }

        guard let frequencyText = values["FREQ"] else { throw .missingFrequency }
        guard let frequency = Frequency(rawValue: frequencyText.uppercased()) else {
            throw .invalidValue("FREQ=\(frequencyText)")
        }
        if values["COUNT"] != nil, values["UNTIL"] != nil { throw .countWithUntil }

        var end = End.never
        if let count = values["COUNT"] { end = .afterCount(try Self.number(count, part: "COUNT")) }
        if let until = values["UNTIL"] { end = .until(try Self.date(until)) }

        try self.init(
            frequency: frequency,
            interval: try values["INTERVAL"].map { (text) throws(RecurrenceRuleError) in
                try Self.number(text, part: "INTERVAL")
            } ?? 1,
            end: end,
            byDay: try Self.weekdays(values["BYDAY"]),
            byMonthDay: try Self.numbers(values["BYMONTHDAY"], part: "BYMONTHDAY"),
            byMonth: try Self.numbers(values["BYMONTH"], part: "BYMONTH"),
            bySetPosition: try Self.numbers(values["BYSETPOS"], part: "BYSETPOS"),
            weekStart: try values["WKST"].map { (text) throws(RecurrenceRuleError) in
                guard let weekday = Weekday(code: text) else { throw .invalidValue("WKST=\(text)") }
                return weekday
            } ?? .monday)
    }

    private static let supportedParts: Set<String> = [
        "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST",
    ]
    private static let unsupportedParts: Set<String> = [
        "BYSECOND", "BYMINUTE", "BYHOUR", "BYYEARDAY", "BYWEEKNO",
    ]

    /// A signed decimal integer, `+3`, `-1`, `25`: ASCII digits only.
    private static func integer(_ text: some StringProtocol) -> Int? {
        var digits = Substring(text)
        var sign = 1
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(digits)
        else { return nil }
        return sign * value
    }

    private static func number(_ text: String, part: String) throws(RecurrenceRuleError) -> Int {
        guard let value = integer(text), value >= 1, !text.hasPrefix("+") else {
            throw .invalidValue("\(part)=\(text)")
        }
        return value
    }

    private static func numbers(_ text: String?, part: String) throws(RecurrenceRuleError) -> [Int] {
        guard let text else { return [] }
        var values: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = integer(item) else { throw .invalidValue("\(part)=\(text)") }
            values.append(value)
        }
        return values
    }

    private static func weekdays(_ text: String?) throws(RecurrenceRuleError) -> [WeekdayEntry] {
        guard let text else { return [] }
        var entries: [WeekdayEntry] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard item.count >= 2, let weekday = Weekday(code: item.suffix(2)) else {
                throw .invalidValue("BYDAY=\(item)")
            }
            let ordinalText = item.dropLast(2)
            var ordinal: Int?
            if !ordinalText.isEmpty {
                guard let value = integer(ordinalText) else { throw .invalidValue("BYDAY=\(item)") }
                ordinal = value
            }
            entries.append(WeekdayEntry(weekday, ordinal: ordinal))
        }
        return entries
    }

    /// `YYYYMMDD`.
    private static func date(_ text: String) throws(RecurrenceRuleError) -> Day {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, bytes.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw .invalidValue("UNTIL=\(text)")
        }
        let digits = bytes.map { Int($0 - UInt8(ascii: "0")) }
        func value(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        let day = Day(year: value(0..<4), month: value(4..<6), day: value(6..<8))
        guard day.isValid else { throw .invalidValue("UNTIL=\(text)") }
        return day
    }
}

extension RecurrenceRule: Codable {
    /// Decodes RRULE text.
    /// - Throws: `DecodingError.dataCorrupted` when the text is not a rule, with the
    ///   ``RecurrenceRuleError``'s description; the decoder's errors when it holds no string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes RRULE text.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
