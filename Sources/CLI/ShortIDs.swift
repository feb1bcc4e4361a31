import Foundation
import ProjectManager

/// How a board's project ids are shown: their first eight hexadecimal digits, or more when eight do
/// not tell every project on the board apart, as git abbreviates commit hashes.
struct ShortIDs: Sendable {
    /// The digits shown when they are enough.
    static let preferredLength = 8

    /// The number of digits shown for every id on the board.
    let length: Int

    /// The shortest length, from ``preferredLength``, at which the ids of `projects` all differ.
    init(_ projects: [Project]) {
        self.init(ids: projects.map(\.id))
    }

    /// The shortest length, from ``preferredLength``, at which the rows of `sections` all differ.
    init(_ sections: [BoardSection]) {
        self.init(ids: sections.flatMap { $0.rows.map(\.id) })
    }

    /// The shortest length, from ``preferredLength``, at which `ids` all differ.
    ///
    /// - Complexity: O(*n* · *k*) for *n* ids and *k* extra digits needed, usually none.
    init(ids: [Project.ID]) {
        self.init(uuids: ids.map(\.rawValue))
    }

    /// The shortest length, from ``preferredLength``, at which `uuids` all differ: boards' and
    /// accounts' ids too.
    init(uuids: [UUID]) {
        let digits = uuids.map { Self.digits(of: $0, length: 32) }
        var length = Self.preferredLength
        while length < 32, Set(digits.map { $0.prefix(length) }).count < digits.count {
            length += 1
        }
        self.length = length
    }

    /// The shown form of `id`.
    func callAsFunction(_ id: Project.ID) -> String {
        String(id.hexDigits.prefix(length))
    }

    /// The shown form of `uuid`.
    func callAsFunction(_ uuid: UUID) -> String {
        Self.digits(of: uuid, length: length)
    }

    /// The first `length` hexadecimal digits of `uuid`, lower case.
    static func digits(of uuid: UUID, length: Int) -> String {
        String(uuid.uuidString.lowercased().filter { $0 != "-" }.prefix(length))
    }
}
