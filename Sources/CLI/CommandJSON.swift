import Foundation
import ProjectManager

/// How `pm` writes JSON: keys sorted, slashes as they are, dates in ISO 8601, and no control or
/// bidirectional character from stored text left raw.
enum CommandJSON {
    /// `value` as JSON: one line, or indented when `pretty`.
    ///
    /// `JSONEncoder` escapes C0 controls (U+0000–U+001F) itself; DEL, the C1 controls and the
    /// bidirectional controls (U+202A–U+202E, U+2066–U+2069), which it leaves raw, are escaped here
    /// as `\u007F`, `\u009B`, `\u202E`, so that a stored title cannot reach a terminal through a
    /// script's `cat`, and a reader decodes exactly the text stored.
    /// - Throws: ``CommandLineError/runtime(_:)`` when it cannot be encoded.
    static func text(_ value: some Encodable, pretty: Bool = false) throws(CommandLineError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw .runtime("could not write JSON: \(error)")
        }
    }

    /// `value` as one line of JSON.
    /// - Throws: ``CommandLineError/runtime(_:)`` when it cannot be encoded.
    static func line(_ value: some Encodable) throws(CommandLineError) -> String {
        try text(value)
    }

    /// Encoded JSON with every control character but the line breaks of its own layout, and every
    /// bidirectional control, written as a `\uXXXX` escape. They can stand only inside strings,
    /// where the escape means the same character.
    ///
    /// - Complexity: O(*n*) for *n* scalars.
    static func escapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard needsEscape(scalar) else {
                escaped.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: false)
            escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(escaped)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && ProjectRules.isInvisibleControl(scalar)
    }
}
