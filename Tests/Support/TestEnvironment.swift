import Foundation
import ProjectManagerDomain
import Synchronization

/// A clock that stands still until a test moves it.
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = TestClock.defaultStart) {
        current = Mutex(start)
    }

    /// 2026-03-15 12:00:00 UTC.
    public static let defaultStart = Date(timeIntervalSince1970: 1_773_576_000)

    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    /// Sets the clock.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}

/// Ids 00000000-0000-0000-0000-000000000001, …002, … in order.
public final class SequentialIDs: Sendable {
    private let next = Mutex(1)

    public init() {}

    public func make() -> UUID {
        let value = next.withLock { value in
            defer { value += 1 }
            return value
        }
        return Self.id(value)
    }
}

extension EngineEnvironment {
    /// A deterministic environment: a clock the test moves, a Gregorian calendar in `timeZone`,
    /// and sequential ids.
    public static func test(
        clock: TestClock = TestClock(),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt,
        ids: SequentialIDs = SequentialIDs()
    ) -> EngineEnvironment {
        EngineEnvironment(
            now: { clock.now }, calendar: Calendar(identifier: .gregorian), timeZone: timeZone,
            makeID: { ids.make() })
    }
}

/// A directory under the temporary directory, removed by ``remove()``.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pm-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file path inside the directory.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
