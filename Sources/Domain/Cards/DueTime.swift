import Foundation

/// A time of day a card is due at, in a named time zone: a due date of "2026-12-24 14:00" in
/// Seoul is the card's ``Project/deadline`` and this.
public struct DueTime: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int
    /// The time zone's identifier, such as `Asia/Seoul` or `UTC`.
    public let timeZone: String

    /// `hour`:`minute` in the zone `timeZone`, when the hour, the minute and the zone are valid.
    public init?(hour: Int, minute: Int, timeZone: String) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), TimeZone(identifier: timeZone) != nil else {
            return nil
        }
        self.hour = hour
        self.minute = minute
        self.timeZone = timeZone
    }

    /// `HH:mm`.
    public var description: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The instant this time falls on `day`, in its zone.
    public func instant(on day: Day) -> Date? {
        guard let zone = TimeZone(identifier: timeZone) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(
            from: DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute))
    }

    /// Reads `HH:mm` in `timeZone`.
    public init?(parsing text: String, timeZone: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute, timeZone: timeZone)
    }

    private enum CodingKeys: String, CodingKey { case hour, minute, timeZone }

    /// Decodes a time, refusing one out of range or in a zone this system does not know.
    /// - Throws: `DecodingError` when the value is not of this shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let hour = try container.decode(Int.self, forKey: .hour)
        let minute = try container.decode(Int.self, forKey: .minute)
        let zone = try container.decode(String.self, forKey: .timeZone)
        guard let time = DueTime(hour: hour, minute: minute, timeZone: zone) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "\(hour):\(minute) in \(zone) is not a time"))
        }
        self = time
    }
}
