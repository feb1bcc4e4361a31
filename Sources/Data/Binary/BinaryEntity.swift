import Foundation
import Synchronization

/// An entity with a hand-written binary coding, which the store writes and reads instead of its
/// `Codable` conformance: no generic containers, no metadata lookups, a few bytes per field.
///
/// Any `ManagedEntity` can be stored; those that are not `BinaryEntity` go through `Codable`
/// (as JSON) inside the same file, more slowly. The built-in entities (`Board`, `Project`,
/// `ActivityRecord`) conform.
///
/// ## Adding a field
/// The store writes ``binaryVersion`` once per table and once per entity in each record, and
/// hands it back to ``init(from:version:)``, which must read every version it ever wrote:
/// 1. Raise ``binaryVersion`` by one (say to 2).
/// 2. In ``encode(to:)``, write the new field after the others.
/// 3. In ``init(from:version:)``, read it when `version >= 2`, and otherwise give the default
///    that a store written before it means (`favourite = false`).
/// 4. Add a `SchemaMigration` for the same default, for stores of format 1 and entities kept as
///    JSON, and raise `Schema.projectManager`'s version with it.
/// 5. Keep a test that reads bytes of the old version (see `BinaryCodingTests`).
///
/// A new case of an enumeration the entity holds (`Activity.Kind`) is a new tag: raise the
/// version too, so that an engine that does not know the tag finds a version it cannot read,
/// not a value it cannot read.
protocol BinaryEntity: ManagedEntity {
    /// The version of the coding ``encode(to:)`` writes; from 1, raised with every change.
    static var binaryVersion: Int { get }
    /// Writes the object's fields.
    func encode(to writer: inout BinaryWriter)
    /// Reads an object that ``encode(to:)`` wrote at `version`, from 1 to ``binaryVersion``.
    init(from reader: inout BinaryReader, version: Int) throws(BinaryCodingError)
}

/// Which entity types have a binary coding, answered without a cast for the built-in ones.
///
/// A cast to `any BinaryEntity.Type` looks the conformance up among every conformance the process
/// loaded (several thousand with Foundation), once per type: a new process that opens a store
/// would pay that for each entity before its first screen.
enum BinaryEntities {
    /// The types looked up so far besides the built-in ones; a list, since hashing an
    /// `ObjectIdentifier` in a dictionary is itself a conformance a new process looks up.
    private static let found = Mutex<[(type: ObjectIdentifier, binary: (any BinaryEntity.Type)?)]>([])

    /// The binary coding of `type`, or `nil` when it goes through `Codable`.
    static func binary(_ type: any ManagedEntity.Type) -> (any BinaryEntity.Type)? {
        let key = ObjectIdentifier(type)
        for entry in builtIn where ObjectIdentifier(entry.type) == key { return entry.binary }
        if let entry = found.withLock({ $0.first { $0.type == key } }) { return entry.binary }
        let binary = type as? any BinaryEntity.Type
        found.withLock { $0.append((key, binary)) }
        return binary
    }

    /// The coding version of `type`'s objects: ``BinaryEntity/binaryVersion``, or 0 for `Codable`.
    static func version(of type: any ManagedEntity.Type) -> Int {
        binary(type)?.binaryVersion ?? 0
    }

    /// Writes `object` in its binary coding `type`, which is its own type.
    static func encode<B: BinaryEntity>(_ object: any ManagedEntity, as type: B.Type, to writer: inout BinaryWriter) {
        guard let object = object as? B else { preconditionFailure("\(B.entityName)'s coding used for another entity") }
        object.encode(to: &writer)
    }
}
