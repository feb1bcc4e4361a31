import Foundation
import Synchronization

/// A property of an entity the graph keeps an index on, so that a fetch whose predicate requires
/// it to equal a value visits only the matching objects.
///
/// ```swift
/// static var indexes: [EntityIndex<Project>] { [EntityIndex(\.state)] }
/// // FetchRequest(predicate: #Predicate { $0.state == doing && … }) now visits Doing only.
/// ```
public struct EntityIndex<Entity: ManagedEntity>: Sendable {
    let keyPath: AnyKeyPath & Sendable
    let key: @Sendable (Entity) -> IndexKey
    /// The index key of a constant from a predicate, when it is of the property's type.
    let keyOfConstant: @Sendable (AnyHashable) -> IndexKey?

    /// An index on one property.
    public init<Value: Hashable & Sendable>(_ keyPath: KeyPath<Entity, Value> & Sendable) {
        self.keyPath = keyPath
        self.key = { IndexKey($0[keyPath: keyPath]) }
        self.keyOfConstant = { ($0.base as? Value).map(IndexKey.init) }
    }
}

/// A property value an index files objects under.
///
/// Hashed once, when made: every upsert looks its key up in the index, and hashing an
/// existential through `AnyHashable` boxes it each time.
struct IndexKey: Hashable, Sendable {
    let value: any Hashable & Sendable
    /// The value's hash, through `AnyHashable`.
    private let hash: Int

    init(_ value: any Hashable & Sendable) {
        self.value = value
        hash = AnyHashable(value).hashValue
    }

    static func == (lhs: IndexKey, rhs: IndexKey) -> Bool {
        guard lhs.hash == rhs.hash else { return false }
        func equals<Value: Hashable>(_ left: Value) -> Bool {
            guard let right = rhs.value as? Value else { return AnyHashable(left) == AnyHashable(rhs.value) }
            return left == right
        }
        return equals(lhs.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

// MARK: - Reading equality constraints out of a predicate

/// A predicate expression that requires properties of the fetched object to equal constants.
///
/// Conformed by the Foundation expressions `#Predicate` builds for `$0.property == value` and for
/// `&&` of them, so that a fetch can use an index; anything else requires nothing.
protocol EqualityConstraining {
    var equalityConstraints: [(keyPath: AnyKeyPath, value: AnyHashable)] { get }
}

protocol PredicateVariableExpression {}
extension PredicateExpressions.Variable: PredicateVariableExpression {}

protocol PropertyOfVariable {
    var propertyKeyPath: AnyKeyPath { get }
}

extension PredicateExpressions.KeyPath: PropertyOfVariable where Root: PredicateVariableExpression {
    var propertyKeyPath: AnyKeyPath { keyPath }
}

protocol ConstantExpression {
    var constant: AnyHashable { get }
}

extension PredicateExpressions.Value: ConstantExpression where Output: Hashable {
    var constant: AnyHashable { AnyHashable(value) }
}

extension PredicateExpressions.Equal: EqualityConstraining where LHS: PropertyOfVariable, RHS: ConstantExpression {
    var equalityConstraints: [(keyPath: AnyKeyPath, value: AnyHashable)] {
        [(lhs.propertyKeyPath, rhs.constant)]
    }
}

extension PredicateExpressions.Conjunction: EqualityConstraining {
    var equalityConstraints: [(keyPath: AnyKeyPath, value: AnyHashable)] {
        ((lhs as? any EqualityConstraining)?.equalityConstraints ?? [])
            + ((rhs as? any EqualityConstraining)?.equalityConstraints ?? [])
    }
}

extension Predicate {
    /// The property values every match must have, as far as the expression shows them.
    var equalityConstraints: [(keyPath: AnyKeyPath, value: AnyHashable)] {
        (expression as? any EqualityConstraining)?.equalityConstraints ?? []
    }
}

// MARK: - Evaluating

enum PredicateEvaluation {
    /// The number of candidates above which a fetch evaluates its predicate on every core.
    static let parallelThreshold = 8_192

    /// The candidates that match `predicate`, in the candidates' order.
    ///
    /// - Complexity: O(*n*) evaluations, spread over the machine's cores when *n* is large.
    static func filter<E: ManagedEntity>(_ candidates: [E], _ predicate: Predicate<E>) throws(ContextError) -> [E] {
        // Asked only for a large fetch: on Linux the count reads the control group's files.
        let cores = candidates.count >= parallelThreshold ? ProcessInfo.processInfo.activeProcessorCount : 1
        guard cores > 1 else {
            do {
                return try candidates.filter { try predicate.evaluate($0) }
            } catch {
                throw .fetchFailed(reason: "\(error)")
            }
        }
        let chunks = cores
        let chunkSize = (candidates.count + chunks - 1) / chunks
        let results = Mutex<[Int: Result<[E], ContextError>]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let range = (chunk * chunkSize)..<min((chunk + 1) * chunkSize, candidates.count)
            let outcome: Result<[E], ContextError>
            do {
                outcome = .success(try candidates[range].filter { try predicate.evaluate($0) })
            } catch {
                outcome = .failure(.fetchFailed(reason: "\(error)"))
            }
            results.withLock { $0[chunk] = outcome }
        }
        var matches: [E] = []
        for chunk in 0..<chunks {
            guard let outcome = results.withLock({ $0[chunk] }) else { continue }
            switch outcome {
            case .success(let part): matches += part
            case .failure(let error): throw error
            }
        }
        return matches
    }
}

// MARK: - Sorting

/// Sorts by `SortDescriptor`s, reading each key once per object instead of twice per comparison.
///
/// `SortDescriptor.compare` reads both key paths and boxes both values on every comparison; for
/// a key path to a `Comparable` value (optional or not) with no string comparator, this reads
/// every key once, sorts the keys as their concrete type, and turns them into integer ranks, so
/// that the final sort compares integers; `nil` sorts first, as `SortDescriptor` does. Other
/// descriptors (localized string comparators, keys of mixed types) fall back to `compare`.
enum KeyedSort {
    /// - Complexity: O(*n* log *n*) comparisons, O(*n*) key reads and dynamic casts per descriptor.
    static func sort<E>(_ items: inout [E], using descriptors: [SortDescriptor<E>]) {
        guard items.count > 1, !descriptors.isEmpty else { return }
        let ranks: [[Int]?] = descriptors.map { descriptor in
            guard descriptor.stringComparator == nil, let keyPath = descriptor.keyPath else { return nil }
            return self.ranks(of: items, at: keyPath)
        }
        let snapshot = items
        let order: [Int]
        let allRanks = ranks.compactMap { $0 }
        if allRanks.count == ranks.count {
            order = self.order(byRanks: allRanks, forward: descriptors.map { $0.order == .forward })
        } else {
            order = snapshot.indices.sorted { left, right in
                for (index, descriptor) in descriptors.enumerated() {
                    if let ranks = ranks[index] {
                        guard ranks[left] != ranks[right] else { continue }
                        return (ranks[left] < ranks[right]) == (descriptor.order == .forward)
                    }
                    let result = descriptor.compare(snapshot[left], snapshot[right])
                    if result != .orderedSame { return result == .orderedAscending }
                }
                return false
            }
        }
        items = order.map { snapshot[$0] }
    }

    /// The indices of the items in order when every descriptor has ranks: concrete code, with no
    /// generic metadata to look up per comparison.
    private static func order(byRanks ranks: [[Int]], forward: [Bool]) -> [Int] {
        let count = ranks.first?.count ?? 0
        return (0..<count).sorted { left, right in
            for index in ranks.indices {
                let ranks = ranks[index]
                guard ranks[left] != ranks[right] else { continue }
                return (ranks[left] < ranks[right]) == forward[index]
            }
            return false
        }
    }

    /// Each item's rank by its key at `keyPath`: equal keys get equal ranks, smaller keys smaller
    /// ones, and `nil` the smallest; `nil` when a key is not `Comparable` or keys differ in type.
    ///
    /// A key path typed to a `Comparable` value, or to an optional one, is cast once to its
    /// concrete type; any other is read as `Any` and each key cast on its own.
    private static func ranks<E>(of items: [E], at keyPath: PartialKeyPath<E>) -> [Int]? {
        let valueType = type(of: keyPath).valueType
        if let optional = valueType as? any OptionalOfComparable.Type {
            return optional.ranks(of: items, at: keyPath)
        }
        if let comparable = valueType as? any Comparable.Type {
            return ranks(of: items, at: keyPath, as: comparable)
        }
        var keys: [(any Comparable)?] = []
        keys.reserveCapacity(items.count)
        for item in items {
            guard let key = key(of: item[keyPath: keyPath]) else { return nil }
            keys.append(key.value)
        }
        guard let first = keys.first(where: { $0 != nil }) ?? nil else {
            return Array(repeating: 0, count: items.count)
        }
        return ranks(of: keys, as: first)
    }

    private static func ranks<E, T: Comparable>(of items: [E], at keyPath: PartialKeyPath<E>, as type: T.Type) -> [Int]?
    {
        guard let keyPath = keyPath as? KeyPath<E, T> else { return nil }
        return ranks(of: items.map { Optional($0[keyPath: keyPath]) })
    }

    /// The ranks of `keys` once cast to the type of `sample`; `nil` when one is of another type.
    private static func ranks<T: Comparable>(of keys: [(any Comparable)?], as sample: T) -> [Int]? {
        var values: [T?] = []
        values.reserveCapacity(keys.count)
        for key in keys {
            guard let key else {
                values.append(nil)
                continue
            }
            guard let value = key as? T else { return nil }
            values.append(value)
        }
        return ranks(of: values)
    }

    /// The rank of each value: equal values get equal ranks, smaller ones smaller, `nil` the smallest.
    ///
    /// The `nil`s are set aside first, so that the sort compares values of `T` only.
    /// - Complexity: O(*n* log *n*).
    fileprivate static func ranks<T: Comparable>(of values: [T?]) -> [Int] {
        var present: [T] = []
        var positions: [Int] = []
        present.reserveCapacity(values.count)
        positions.reserveCapacity(values.count)
        for (position, value) in values.enumerated() {
            guard let value else { continue }
            present.append(value)
            positions.append(position)
        }
        let order = present.indices.sorted { present[$0] < present[$1] }
        var ranks = [Int](repeating: 0, count: values.count)
        var rank = 0
        for index in order.indices {
            if index == 0 || present[order[index - 1]] < present[order[index]] { rank += 1 }
            ranks[positions[order[index]]] = rank
        }
        return ranks
    }

    /// A key read as `Any`, unwrapped: `.none` for `nil`, or the value when it is `Comparable`.
    private enum Key {
        case none
        case some(any Comparable)

        var value: (any Comparable)? {
            if case .some(let value) = self { value } else { nil }
        }
    }

    private static func key(of value: Any) -> Key? {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return Key.none }
            return key(of: wrapped)
        }
        guard let comparable = value as? any Comparable else { return nil }
        return .some(comparable)
    }
}

/// An `Optional` of any type, so that a key read as `Any` can be unwrapped.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { map { $0 } }
}

/// An `Optional` of a `Comparable` type, so that a key path to one can be cast to its concrete type.
private protocol OptionalOfComparable {
    static func ranks<E>(of items: [E], at keyPath: PartialKeyPath<E>) -> [Int]?
}

extension Optional: OptionalOfComparable where Wrapped: Comparable {
    fileprivate static func ranks<E>(of items: [E], at keyPath: PartialKeyPath<E>) -> [Int]? {
        guard let keyPath = keyPath as? KeyPath<E, Wrapped?> else { return nil }
        return KeyedSort.ranks(of: items.map { $0[keyPath: keyPath] })
    }
}
