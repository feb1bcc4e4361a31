import Foundation

/// A small RFC 5545 reader for tests: checks the line structure (CRLF, folding at 75 octets) and
/// reads components, properties, parameters and TEXT values back.
public struct ICalendarParser {
    /// One property line: `NAME;PARAM=VALUE:value`.
    public struct Property: Hashable, Sendable {
        public let name: String
        public let parameters: [String: String]
        /// The raw value, still escaped.
        public let value: String

        /// The value as TEXT, unescaped.
        public var text: String {
            var result = ""
            var escaping = false
            for character in value {
                if escaping {
                    result.append(character == "n" || character == "N" ? "\n" : character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else {
                    result.append(character)
                }
            }
            return result
        }
    }

    /// A component: `BEGIN:NAME` … `END:NAME`.
    public struct Component: Sendable {
        public let name: String
        public var properties: [Property] = []
        public var components: [Component] = []

        /// The first property with this name.
        public func property(_ name: String) -> Property? { properties.first { $0.name == name } }

        /// Every nested component with this name.
        public func components(_ name: String) -> [Component] { components.filter { $0.name == name } }
    }

    /// Why a document does not parse.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses a whole document into its `VCALENDAR`.
    public static func parse(_ document: String) throws -> Component {
        let bytes = Array(document.utf8)
        guard bytes.count >= 2, bytes.suffix(2) == [13, 10] else {
            throw Failure(description: "does not end with CRLF")
        }
        // Physical lines: split on CRLF; a bare CR or LF is an error.
        var physical: [[UInt8]] = []
        var line: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 13 {
                guard index + 1 < bytes.count, bytes[index + 1] == 10 else { throw Failure(description: "bare CR") }
                physical.append(line)
                line = []
                index += 2
                continue
            }
            if bytes[index] == 10 { throw Failure(description: "bare LF") }
            line.append(bytes[index])
            index += 1
        }
        // Unfold, checking each physical line's length and that it is valid UTF-8 by itself.
        var logical: [String] = []
        for physicalLine in physical {
            guard physicalLine.count <= 75 else {
                throw Failure(
                    description:
                        "a line of \(physicalLine.count) octets: \(String(decoding: physicalLine, as: UTF8.self))")
            }
            guard let text = String(validating: physicalLine, as: UTF8.self) else {
                throw Failure(description: "a folded line splits a UTF-8 sequence")
            }
            if let first = physicalLine.first, first == 32 || first == 9 {
                guard !logical.isEmpty else { throw Failure(description: "a continuation line first") }
                logical[logical.count - 1] += String(text.dropFirst())
            } else {
                logical.append(text)
            }
        }
        var stack: [Component] = []
        var root: Component?
        for text in logical {
            let property = try parseProperty(text)
            switch property.name {
            case "BEGIN":
                stack.append(Component(name: property.value))
            case "END":
                guard let finished = stack.popLast(), finished.name == property.value else {
                    throw Failure(description: "END:\(property.value) does not close what was begun")
                }
                if stack.isEmpty { root = finished } else { stack[stack.count - 1].components.append(finished) }
            default:
                guard !stack.isEmpty else { throw Failure(description: "a property outside a component") }
                stack[stack.count - 1].properties.append(property)
            }
        }
        guard stack.isEmpty, let root, root.name == "VCALENDAR" else { throw Failure(description: "not one VCALENDAR") }
        return root
    }

    private static func parseProperty(_ line: String) throws -> Property {
        // The value starts after the first colon outside a quoted parameter value.
        var inQuotes = false
        var colon: String.Index?
        for index in line.indices {
            if line[index] == "\"" { inQuotes.toggle() }
            if line[index] == ":", !inQuotes {
                colon = index
                break
            }
        }
        guard let colon else { throw Failure(description: "no ':' in \(line)") }
        let head = line[..<colon].split(separator: ";").map(String.init)
        guard let name = head.first, !name.isEmpty else { throw Failure(description: "no name in \(line)") }
        var parameters: [String: String] = [:]
        for parameter in head.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { throw Failure(description: "parameter \(parameter)") }
            parameters[pair[0]] = pair[1]
        }
        return Property(name: name, parameters: parameters, value: String(line[line.index(after: colon)...]))
    }
}
