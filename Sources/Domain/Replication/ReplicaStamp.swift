import Foundation

/// One replica of the shared boards: one store on one device, named by a random id.
public struct ReplicaID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Sixteen lowercase hexadecimal digits.
    public let rawValue: String

    /// The replica named `rawValue`, or `nil` when it is not sixteen lowercase hexadecimal digits:
    /// a replica's id names a folder on the remote, so nothing else is taken.
    public init?(rawValue: String) {
        guard rawValue.utf8.count == 16, rawValue.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        self.rawValue = rawValue
    }

    /// A new replica's id, from `uuid` (the environment's id generator): its two halves folded
    /// into one.
    public init(_ uuid: UUID) {
        let whole = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        let bytes = (0..<8).map { whole[$0] ^ whole[$0 + 8] }
        rawValue = bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    public var description: String { rawValue }

    public static func < (left: ReplicaID, right: ReplicaID) -> Bool { left.rawValue < right.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = ReplicaID(rawValue: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "not a replica id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// When a replica made a change: a hybrid logical clock's reading (milliseconds of wall time and
/// a counter for changes within one) and the replica, which breaks ties. Stamps are totally
/// ordered, and a stamp is greater than every stamp its replica had seen when it was made.
public struct ReplicaStamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970, as the replica's clock read (or later, after it saw a later stamp).
    public let time: Int64
    /// Orders stamps of the same millisecond.
    public let counter: Int
    /// The replica that made it.
    public let replica: ReplicaID

    /// The stamp `time`, `counter` of `replica`.
    public init(time: Int64, counter: Int, replica: ReplicaID) {
        self.time = time
        self.counter = counter
        self.replica = replica
    }

    public static func < (left: ReplicaStamp, right: ReplicaStamp) -> Bool {
        (left.time, left.counter, left.replica) < (right.time, right.counter, right.replica)
    }

    public var description: String { "\(time).\(counter)@\(replica)" }
}

/// A hybrid logical clock (Kulkarni et al., 2014): stamps that follow the wall clock, never go
/// backwards, and come after every stamp seen from another replica.
public struct HybridClock: Hashable, Sendable, Codable {
    /// The last stamp's time and counter.
    public private(set) var time: Int64
    /// The last stamp's counter: which of the stamps made at ``time`` it was.
    public private(set) var counter: Int

    /// A clock that has made no stamp.
    public init() {
        time = 0
        counter = 0
    }

    /// The next stamp of `replica`, the wall clock reading `now`.
    public mutating func tick(now: Date, replica: ReplicaID) -> ReplicaStamp {
        let wall = Int64((now.timeIntervalSince1970 * 1_000).rounded(.down))
        if wall > time {
            time = wall
            counter = 0
        } else {
            counter += 1
        }
        return ReplicaStamp(time: time, counter: counter, replica: replica)
    }

    /// Takes in a stamp from elsewhere, so that the next stamp comes after it.
    public mutating func observe(_ stamp: ReplicaStamp) {
        if stamp.time > time || (stamp.time == time && stamp.counter > counter) {
            time = stamp.time
            counter = stamp.counter
        }
    }
}
