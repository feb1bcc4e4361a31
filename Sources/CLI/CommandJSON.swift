import Foundation

/// How `pm`'s read commands write `--json`: one line, keys sorted, dates in ISO 8601.
enum CommandJSON {
    /// `value` as one line of JSON.
    /// - Throws: ``CommandLineError/runtime(_:)`` when it cannot be encoded.
    static func line(_ value: some Encodable) throws(CommandLineError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .runtime("could not write JSON: \(error)")
        }
    }
}
