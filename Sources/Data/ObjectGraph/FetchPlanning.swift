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
struct IndexKey: Hashable, Sendable {
    let value: any Hashable & Sendable

    init(_ value: any Hashable & Sendable) { self.value = value }

    static func == (lhs: IndexKey, rhs: IndexKey) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    func hash(into hasher: inout Hasher) {
        AnyHashable(value).hash(into: &hasher)
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
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard candidates.count >= parallelThreshold, cores > 1 else {
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
