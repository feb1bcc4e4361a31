import Foundation

/// What happens to the objects that refer to an object when it is deleted.
public enum DeleteRule: Hashable, Sendable {
    /// Their reference is set to `nil`.
    case nullify
    /// They are deleted too.
    case cascade
    /// The delete is refused at save while any of them remains.
    case deny
}

/// What happens to objects holding a required (non-optional) reference when its target is deleted.
public enum RequiredDeleteRule: Hashable, Sendable {
    /// They are deleted too.
    case cascade
    /// The delete is refused at save while any of them remains.
    case deny

    var rule: DeleteRule {
        switch self {
        case .cascade: .cascade
        case .deny: .deny
        }
    }
}

/// A to-one reference from `Source` to another entity, with the delete rule of its inverse.
///
/// The graph keeps an index of the inverse (to-many) side, so that finding the objects that refer
/// to a target is O(*k*) for *k* of them.
public struct Relationship<Source: ManagedEntity>: Sendable {
    /// The entity the reference points to.
    public let targetEntity: String
    /// What deleting a target does to the sources that refer to it.
    public let deleteRule: DeleteRule
    let target: @Sendable (Source) -> UUID?
    let nullify: (@Sendable (inout Source) -> Void)?
    let keyPath: PartialKeyPath<Source> & Sendable

    /// A reference that must always point at an existing target.
    public static func required<Target: ManagedEntity>(
        _ keyPath: KeyPath<Source, Target.ID> & Sendable, to target: Target.Type,
        onDelete rule: RequiredDeleteRule
    ) -> Relationship {
        Relationship(
            targetEntity: Target.entityName, deleteRule: rule.rule,
            target: { $0[keyPath: keyPath].rawValue }, nullify: nil, keyPath: keyPath)
    }

    /// A reference that may be `nil`; when set, it must point at an existing target.
    public static func optional<Target: ManagedEntity>(
        _ keyPath: WritableKeyPath<Source, Target.ID?> & Sendable, to target: Target.Type,
        onDelete rule: DeleteRule
    ) -> Relationship {
        Relationship(
            targetEntity: Target.entityName, deleteRule: rule,
            target: { $0[keyPath: keyPath]?.rawValue }, nullify: { $0[keyPath: keyPath] = nil },
            keyPath: keyPath)
    }
}

/// Properties whose values, taken together, no two objects of an entity may share.
///
/// ```swift
/// static var uniquenessConstraints: [UniquenessConstraint<Board>] { [.init("title", \.title)] }
/// ```
public struct UniquenessConstraint<Entity: ManagedEntity>: Sendable {
    /// A name for the constraint, used in the conflict error.
    public let name: String
    let key: @Sendable (Entity) -> AnyHashable

    /// A constraint on one property.
    public init<Value: Hashable & Sendable>(_ name: String, _ keyPath: KeyPath<Entity, Value> & Sendable) {
        self.name = name
        self.key = { AnyHashable($0[keyPath: keyPath]) }
    }

    /// A constraint on the combination of two properties.
    public init<A: Hashable & Sendable, B: Hashable & Sendable>(
        _ name: String, _ first: KeyPath<Entity, A> & Sendable, _ second: KeyPath<Entity, B> & Sendable
    ) {
        self.name = name
        self.key = { AnyHashable(Pair(first: $0[keyPath: first], second: $0[keyPath: second])) }
    }

    private struct Pair<A: Hashable & Sendable, B: Hashable & Sendable>: Hashable, Sendable {
        let first: A
        let second: B
    }
}
