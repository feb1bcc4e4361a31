import Foundation

/// The shapes of `pm`'s `--json`, as Docs/CLI.md describes them in its `jsonshape` block, and a
/// check of a document against them.
///
/// The notation: `name: {key, key: type, …}` names an object; `pm COMMAND: type` gives a
/// command's document (beside `version`). A type is a name, `{…}` written out, `[type]`, or
/// `type?` for `null` too; a key without a type holds a string, number, Boolean, `null`, or an
/// array or object of them.
struct JSONShapes {
    indirect enum Shape: Equatable {
        case scalar
        case named(String)
        case object([(key: String, shape: Shape)])
        case array(Shape)
        case optional(Shape)

        static func == (lhs: Shape, rhs: Shape) -> Bool { "\(lhs)" == "\(rhs)" }
    }

    var objects: [String: Shape] = [:]
    var commands: [String: Shape] = [:]

    /// The shapes of the `jsonshape` block of the Markdown `text`.
    init(markdown text: String) throws {
        guard let start = text.range(of: "```jsonshape\n"),
            let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex)
        else {
            throw ShapeError("no jsonshape block")
        }
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where !line.isEmpty {
            guard let colon = line.range(of: ": ") else { throw ShapeError("no ': ' in \(line)") }
            let name = String(line[..<colon.lowerBound])
            var parser = Parser(text: Array(line[colon.upperBound...]))
            let shape = try parser.shape()
            if name.hasPrefix("pm ") { commands[name] = shape } else { objects[name] = shape }
        }
    }

    /// The shape of `command`'s document: the longest `pm …` the arguments start with, options
    /// left out but those that name a document of their own (`pm import --trello`).
    func shape(of arguments: [String]) -> Shape? {
        let named = Set(
            commands.keys.flatMap { $0.split(separator: " ").filter { $0.hasPrefix("--") }.map(String.init) })
        let arguments = arguments.filter { !$0.hasPrefix("-") || $0 == "-" || named.contains($0) }
        for count in stride(from: min(arguments.count, 2), through: 1, by: -1) {
            if let shape = commands["pm " + arguments.prefix(count).joined(separator: " ")] { return shape }
        }
        return nil
    }

    /// What is wrong with `value` as `shape`, at `path`: each problem, or none.
    func problems(_ value: Any, as shape: Shape, at path: String) -> [String] {
        switch shape {
        case .scalar:
            return Self.isScalarish(value) ? [] : ["\(path) is not a plain value: \(value)"]
        case .named(let name):
            guard let named = objects[name] else { return ["\(path): no shape named \(name)"] }
            return problems(value, as: named, at: path)
        case .optional(let inner):
            return value is NSNull ? [] : problems(value, as: inner, at: path)
        case .array(let inner):
            guard let array = value as? [Any] else { return ["\(path) is not an array"] }
            return array.enumerated().flatMap { problems($1, as: inner, at: "\(path)[\($0)]") }
        case .object(let keys):
            guard let object = value as? [String: Any] else { return ["\(path) is not an object"] }
            let expected = Set(keys.map(\.key))
            var found: [String] = []
            if Set(object.keys) != expected {
                found.append("\(path) has keys \(object.keys.sorted()), the description \(expected.sorted())")
            }
            for (key, inner) in keys {
                guard let member = object[key] else { continue }
                found += problems(member, as: inner, at: "\(path).\(key)")
                found += Self.valueProblems(key: key, value: member, in: object, at: "\(path).\(key)")
            }
            return found
        }
    }

    // MARK: - What every key of a name holds

    private static let instantKeys: Set = [
        "createdAt", "updatedAt", "time", "starredAt", "nextChange", "signedInAt", "expiresAt", "dueAt", "editedAt",
    ]
    private static let dayKeys: Set = ["deadline", "due", "today", "start", "skipped", "day", "next"]

    /// The conventions of Docs/CLI.md's JSON section, by key.
    static func valueProblems(key: String, value: Any, in object: [String: Any], at path: String) -> [String] {
        if value is NSNull { return [] }
        let text = value as? String
        func matches(_ pattern: String) -> Bool {
            text.map { $0.range(of: pattern, options: .regularExpression) != nil } ?? false
        }
        switch key {
        case "fullID":
            return matches("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
                ? [] : ["\(path) is not a lower-case id: \(value)"]
        case "id" where object["fullID"] != nil:
            let full = (object["fullID"] as? String ?? "").replacingOccurrences(of: "-", with: "")
            return matches("^[0-9a-f]{8,32}$") && full.hasPrefix(text ?? "-")
                ? [] : ["\(path) is not the short id of fullID: \(value)"]
        case "state" where object["fullID"] != nil || object["projects"] != nil:
            return ["todo", "doing", "done"].contains(text ?? "") ? [] : ["\(path) is not a column's code: \(value)"]
        case _ where instantKeys.contains(key):
            return matches("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$")
                ? [] : ["\(path) is not an ISO 8601 instant: \(value)"]
        case _ where dayKeys.contains(key):
            return matches("^[0-9]{4}-[0-9]{2}-[0-9]{2}$") ? [] : ["\(path) is not a day: \(value)"]
        default:
            return []
        }
    }

    private static func isScalarish(_ value: Any) -> Bool {
        if let array = value as? [Any] { return array.allSatisfy(isScalarish) }
        if let object = value as? [String: Any] { return object.values.allSatisfy(isScalarish) }
        return value is String || value is NSNumber || value is NSNull
    }

    // MARK: - Parsing

    struct ShapeError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private struct Parser {
        let text: [Character]
        var index = 0

        mutating func shape() throws -> Shape {
            skipSpaces()
            var shape: Shape
            if peek == "{" {
                index += 1
                var keys: [(String, Shape)] = []
                while true {
                    skipSpaces()
                    let key = word()
                    skipSpaces()
                    var inner = Shape.scalar
                    if peek == ":" {
                        index += 1
                        inner = try self.shape()
                    }
                    keys.append((key, inner))
                    skipSpaces()
                    if peek == "," {
                        index += 1
                        continue
                    }
                    guard peek == "}" else { throw ShapeError("expected } at \(index) in \(String(text))") }
                    index += 1
                    break
                }
                shape = .object(keys)
            } else if peek == "[" {
                index += 1
                let inner = try self.shape()
                skipSpaces()
                guard peek == "]" else { throw ShapeError("expected ] in \(String(text))") }
                index += 1
                shape = .array(inner)
            } else {
                let name = word()
                guard !name.isEmpty else { throw ShapeError("expected a type at \(index) in \(String(text))") }
                shape = .named(name)
            }
            if peek == "?" {
                index += 1
                shape = .optional(shape)
            }
            return shape
        }

        private var peek: Character? { index < text.count ? text[index] : nil }

        private mutating func skipSpaces() {
            while peek == " " { index += 1 }
        }

        private mutating func word() -> String {
            var word = ""
            while let character = peek, character.isLetter || character.isNumber {
                word.append(character)
                index += 1
            }
            return word
        }
    }
}
