import Foundation

@testable import ProjectManagerData

/// Stores as an older engine could have written them, before the rules refused some text.
enum OlderStore {
    /// Rewrites the store at `url` as format 1 (JSON) wrote it, with `placeholder` replaced by
    /// `replacement` in its snapshot and every record, each frame checksummed again: a title saved
    /// before control and bidirectional characters were refused.
    static func replace(_ placeholder: String, with replacement: String, in url: URL) throws {
        let bytes = try Data(contentsOf: url)
        let layout = try bytes.withUnsafeBytes { buffer in
            try Result { () throws(StoreError) in try JournalFormat.read(buffer, file: url.path) }.get()
        }
        let escapedPlaceholder = try jsonEscaped(placeholder)
        let escapedReplacement = try jsonEscaped(replacement)
        let schema = Schema.projectManager
        func rewritten(_ json: Data) -> Data {
            let text = String(decoding: json, as: UTF8.self)
            return Data(text.replacingOccurrences(of: escapedPlaceholder, with: escapedReplacement).utf8)
        }
        // A store of format 1 already (rewritten before) is JSON as it stands.
        let isJSON = layout.formatVersion == JournalFormat.firstVersion
        let snapshot = try layout.snapshot.map { range in
            isJSON
                ? bytes[range]
                : try GraphDocument.encodeJSON(
                    BinaryStoreCoding.decodeSnapshot(Data(bytes[range]), schema: schema, undoLimit: .max, steps: []).0)
        }
        var file = JournalFormat.file(
            snapshot: snapshot.map(rewritten), schemaVersion: layout.schemaVersion,
            formatVersion: JournalFormat.firstVersion)
        for record in layout.records {
            let json =
                isJSON
                ? bytes[record]
                : try JSONEncoder().encode(BinaryStoreCoding.decodeRecord(bytes[record], schema: schema, steps: []))
            file.append(JournalFormat.frame(rewritten(json)))
        }
        try file.write(to: url)
    }

    /// `text` as it appears inside a JSON string.
    private static func jsonEscaped(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self).dropFirst().dropLast().description
    }
}
