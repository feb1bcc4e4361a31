// swift-format-ignore-file: UseSynthesizedInitializer
// (`Null`, a property wrapper, needs its initializer spelt out.)

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
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        do {
            return escapingControls(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw .runtime("could not write JSON: \(error)")
        }
    }

    /// The version of every document `pm` writes with `--json`: its `"version"` key.
    static let version = 1

    /// `body` as a `--json` document: one object, its keys and `"version"`, as `format` asks.
    /// - Throws: ``CommandLineError/runtime(_:)`` when it cannot be encoded.
    static func document(
        _ body: some Encodable, _ format: JSONFormat, warnings: [String] = []
    ) throws(CommandLineError) -> String {
        try text(Versioned(body: body, warnings: warnings), pretty: format.pretty)
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

/// A document: the body's keys, `"version"`, and `"warnings"` when there are any.
private struct Versioned<Body: Encodable>: Encodable {
    let body: Body
    let warnings: [String]

    private enum Key: String, CodingKey { case version, warnings }

    func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(CommandJSON.version, forKey: .version)
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
    }
}

/// How a command prints its `--json`: compact, one line, unless `--pretty`.
struct JSONFormat: Hashable, Sendable {
    /// Whether the JSON is indented, a key a line.
    var pretty = false

    /// `--json`: print one JSON object.
    static func flag(help: String = "print one JSON object, on one line") -> Flag {
        Flag("--json", help: help)
    }

    /// `--pretty`: indent the JSON.
    static let pretty = Flag("--pretty", help: "with --json: indent the JSON, a key a line")

    /// `--json` and `--pretty`, for a command's options.
    static func options(help: String = "print one JSON object, on one line") -> [any DeclaredOption] {
        [flag(help: help), pretty]
    }

    /// The format the command line asks for: `nil` for text.
    /// - Throws: ``CommandLineError/usage(_:)`` for `--pretty` without `--json`.
    static func parse(_ arguments: ParsedArguments) throws(CommandLineError) -> JSONFormat? {
        let pretty = arguments[Self.pretty]
        guard arguments[flag()] else {
            if pretty { throw .usage("\(Self.pretty.name) goes with \(flag().name)") }
            return nil
        }
        return JSONFormat(pretty: pretty)
    }
}

/// An optional value written as `null` when absent, so that every object has every key.
@propertyWrapper
struct Null<Value: Encodable & Sendable & Hashable>: Encodable, Sendable, Hashable {
    var wrappedValue: Value?

    // The property wrapper's own initializer, spelt out: `@Null var x: T?` needs it, and the
    // memberwise one (`wrappedValue` defaulting to nil) does not stand in for it.
    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
