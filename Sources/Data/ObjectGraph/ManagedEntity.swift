import Foundation

/// A value the object graph keeps: a Codable struct with a UUID-backed identifier.
///
/// Declare the entity's name, its relationships to other entities, and its own validation rules:
/// ```swift
/// extension Project: ManagedEntity {
///     public static let entityName = "Project"
///     public static var relationships: [Relationship<Project>] {
///         [.required(\.boardID, to: Board.self, onDelete: .cascade)]
///     }
/// }
/// ```
public protocol ManagedEntity: Codable, Sendable, Identifiable where ID: ManagedID {
    /// The entity's name in the store file; never change it once data is saved.
    static var entityName: String { get }

    /// The to-one relationships this entity holds, each with its inverse's delete rule.
    ///
    /// Each is declared once, here, on the entity that holds the reference; the inverse
    /// (to-many) side is derived and always consistent.
    static var relationships: [Relationship<Self>] { get }

    /// Sets of properties whose values no two objects of this entity may share.
    static var uniquenessConstraints: [UniquenessConstraint<Self>] { get }

    /// Properties to index, for fetches whose predicate requires them to equal a value.
    static var indexes: [EntityIndex<Self>] { get }

    /// Ordered indexes: groups of objects kept sorted, read by position (``ObjectContext/objects(_:ordering:group:offset:limit:)``).
    static var orderings: [EntityOrdering<Self>] { get }

    /// The rules this object breaks, as sentences; checked before every save that touches it.
    func validationFailures() -> [String]

    /// About how many bytes the object takes when stored: bounds the undo history.
    var approximateByteCount: Int { get }
}

extension ManagedEntity {
    public static var relationships: [Relationship<Self>] { [] }
    public static var uniquenessConstraints: [UniquenessConstraint<Self>] { [] }
    public static var indexes: [EntityIndex<Self>] { [] }
    public static var orderings: [EntityOrdering<Self>] { [] }
    public func validationFailures() -> [String] { [] }
    public var approximateByteCount: Int { 256 }

    /// The object's identity in the graph.
    public var objectID: ObjectID { ObjectID(entityName: Self.entityName, uuid: id.rawValue) }
}

/// An entity's identifier: a wrapper around a UUID.
public protocol ManagedID: Hashable, Sendable, Codable {
    /// The UUID the identifier wraps.
    var rawValue: UUID { get }
    /// The identifier that wraps `rawValue`.
    init(rawValue: UUID)
}

/// An object's identity in the graph: its entity's name and its UUID.
public struct ObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The entity's name, ``ManagedEntity/entityName``.
    public let entityName: String
    /// The object's UUID, unique within its entity.
    public let uuid: UUID

    /// The identity of the object `uuid` of the entity `entityName`.
    public init(entityName: String, uuid: UUID) {
        self.entityName = entityName
        self.uuid = uuid
    }

    /// The identity of `E`'s object with this id.
    public init<E: ManagedEntity>(_ type: E.Type, id: E.ID) {
        self.init(entityName: E.entityName, uuid: id.rawValue)
    }

    public var description: String { "\(entityName) \(uuid.uuidString.lowercased())" }
}
