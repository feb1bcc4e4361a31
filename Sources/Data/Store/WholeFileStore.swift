import Foundation

/// A store that writes the whole graph as one JSON document on every save, atomically: it writes
/// a temporary file beside the store and renames it into place, so a crash mid-save leaves the
/// previous file intact.
///
/// - Complexity: O(*n*) per save for *n* objects.
struct WholeFileStore: PersistentStore {
    let url: URL

    var location: String { url.path }

    func load(schema: Schema, undoLimit: Int) throws(StoreError) -> StoreContents {
        guard FileManager.default.fileExists(atPath: url.path) else {
            return StoreContents(graph: ObjectGraph(schema: schema), undo: UndoStack(limit: undoLimit))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .ioFailure(file: location, operation: "read", reason: error.localizedDescription)
        }
        return try GraphDocument.decode(data, schema: schema, undoLimit: undoLimit, file: location)
    }

    func save(_ commit: StoreCommit, contents: StoreContents) throws(StoreError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(GraphDocument(contents: contents))
        } catch {
            throw .ioFailure(file: location, operation: "encode", reason: "\(error)")
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .ioFailure(file: location, operation: "write", reason: error.localizedDescription)
        }
    }
}
