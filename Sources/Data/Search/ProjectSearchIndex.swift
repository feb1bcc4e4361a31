import Foundation
import ProjectManagerDomain
import Synchronization

/// The search index over every project of a root context: each title and body folded once, and
/// kept up to date by every save, undo and redo of the context, before the save returns.
///
/// A query tests each project's 256-bit signature of folded pairs, matches only those that pass,
/// and reads from the context only the projects it returns. The index is built on first use, so
/// opening a store costs nothing more until someone searches.
///
/// ```swift
/// let index = ProjectSearchIndex(context: context)
/// let found = index.search(SearchQuery("ㅂㄱㅅ"), limit: 20)
/// found.items.first?.project.title // "주간 보고서"
/// ```
public final class ProjectSearchIndex: Sendable {
    private let context: ObjectContext
    /// The documents, `nil` until the first search; the lock also orders building against saves.
    private let contents = Mutex<SearchIndexContents?>(nil)
    private let observation: UUID

    /// An index over the projects of `context`, a root context of ``Schema/projectManager``.
    public init(context: ObjectContext) {
        self.context = context
        // Weakly: the context holds the observer, and the index holds the context.
        let reference = WeakReference()
        observation = context.addSaveObserver { changes in reference.index?.apply(changes) }
        reference.index = self
    }

    deinit {
        context.removeSaveObserver(observation)
    }

    /// Builds the index now rather than on the first search.
    ///
    /// - Complexity: O(*n*) in the total length of every title and body.
    public func prepare() {
        contents.withLock { contents in
            if contents == nil { contents = build() }
        }
    }

    /// The projects that match `query`, best first, at most `limit` of them, on `board` or on
    /// every board, with the characters each matched.
    ///
    /// - Complexity: O(*n*) signature tests for *n* projects, matching for those that pass, and
    ///   O(*k* log *l*) to keep the best *l* of *k* matches; the first search also builds the index.
    public func search(_ query: SearchQuery, onBoard board: Board.ID? = nil, limit: Int? = nil) -> SearchResults {
        guard !query.isEmpty else { return SearchResults() }
        let found = contents.withLock { contents in
            if contents == nil { contents = build() }
            return contents?.search(query, onBoard: board, limit: limit) ?? SearchIndexContents.Found()
        }
        let items = found.best.compactMap { hit -> SearchResult? in
            // A project the graph no longer has was deleted by a save the index is applying.
            guard let project = context.object(Project.self, id: hit.rank.id) else { return nil }
            return SearchResult(
                project: project, relevance: hit.rank.relevance, titleMatches: hit.title, bodyMatches: hit.body)
        }
        return SearchResults(items: items, totalCount: found.total)
    }

    /// How many projects the index holds; 0 before it is built.
    public var count: Int { contents.withLock { $0?.count ?? 0 } }

    /// The bytes the index holds, counted from its buffers' capacities: the folded text buffer,
    /// the entries, the signatures and the id table. Titles and bodies that fold to themselves
    /// but for ASCII case are the graph's own strings, shared, and count as their references.
    public var estimatedBytes: Int { contents.withLock { $0?.estimatedBytes ?? 0 } }

    private func build() -> SearchIndexContents {
        // Folding in place, not over a copy of every project: the copy would cost as much again.
        // Sized first, so that the tables never grow by doubling; filled through a capture rather
        // than as `reduce`'s result, which would copy them on the first insert and lose the room.
        var contents = SearchIndexContents()
        contents.reserveCapacity(projects: context.reduce(Project.self, into: 0) { count, _ in count += 1 })
        context.reduce(Project.self, into: ()) { _, project in contents.upsert(project) }
        contents.trimFoldedBuffer()
        return contents
    }

    private func apply(_ changes: ContextChanges) {
        contents.withLock { contents in
            guard contents != nil else { return }
            for id in changes.deleted where id.entityName == Project.entityName {
                contents?.remove(Project.ID(rawValue: id.uuid))
            }
            for id in changes.inserted.union(changes.updated) where id.entityName == Project.entityName {
                let projectID = Project.ID(rawValue: id.uuid)
                if let project = context.object(Project.self, id: projectID) {
                    contents?.upsert(project)
                } else {
                    contents?.remove(projectID)
                }
            }
        }
    }
}

/// The index, for its context's save observer, without keeping it alive.
private final class WeakReference: Sendable {
    private let box = Mutex(Box())

    private struct Box {
        weak var index: ProjectSearchIndex?
    }

    var index: ProjectSearchIndex? {
        get { box.withLock { $0.index } }
        set { box.withLock { $0.index = newValue } }
    }
}

extension ProjectSearchIndex: ProjectSearchRepository {
    public func searchProjects(
        matching query: SearchQuery, onBoard board: Board.ID?, limit: Int?
    ) throws(RepositoryError) -> SearchResults {
        // The default board exists before anything is saved on it.
        if let board, board != .default, context.object(Board.self, id: board) == nil {
            throw .notFound(.board(board))
        }
        return search(query, onBoard: board, limit: limit)
    }
}
