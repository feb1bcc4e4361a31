import Foundation
@testable import ProjectManagerData

/// Stores as an older engine could have written them, before the rules refused some text.
enum OlderStore {
    /// Rewrites the store at `url` with `placeholder` replaced by `replacement` in its snapshot and
    /// every record, each frame checksummed again: a title saved before control and bidirectional
    /// characters were refused.
    static func replace(_ placeholder: String, with replacement: String, in url: URL) throws {
        let bytes = try Data(contentsOf: url)
        let layout = try bytes.withUnsafeBytes { buffer in
            try Result { () throws(StoreError) in try JournalFormat.read(buffer, file: url.path) }.get()
        }
        let escapedPlaceholder = try jsonEscaped(placeholder)
        let escapedReplacement = try jsonEscaped(replacement)
        func rewritten(_ range: Range<Int>) -> Data {
            let text = String(decoding: bytes[range], as: UTF8.self)
            return Data(text.replacingOccurrences(of: escapedPlaceholder, with: escapedReplacement).utf8)
        }
        var file = JournalFormat.file(snapshot: layout.snapshot.map(rewritten), schemaVersion: layout.schemaVersion)
        for record in layout.records { file.append(JournalFormat.frame(rewritten(record))) }
        try file.write(to: url)
    }

    /// `text` as it appears inside a JSON string.
    private static func jsonEscaped(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self).dropFirst().dropLast().description
    }
}
