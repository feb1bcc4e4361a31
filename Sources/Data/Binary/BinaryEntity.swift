import Foundation

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
