import ProjectManager

/// The start of a project's id as the user typed it, checked to be hexadecimal and long enough.
///
/// Dashes are ignored and case does not matter, so a whole id pasted from `pm show` works too.
struct ProjectIDPrefix: Hashable, Sendable, CustomStringConvertible {
    /// The fewest hexadecimal digits a prefix may have.
    static let minimumLength = 4

    /// The argument as typed, for messages.
    let text: String
    /// The lowercase hexadecimal digits of the argument, without dashes.
    let digits: String

    /// Checks an argument.
    ///
    /// - Throws: ``CommandLineError/usage(_:)`` when it holds anything but hexadecimal digits and
    ///   dashes, or fewer than ``minimumLength`` digits.
    init(parsing text: String) throws(CommandLineError) {
        let digits = text.lowercased().filter { $0 != "-" }
        guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), digits.allSatisfy(\.isASCII) else {
            throw .usage("'\(text)' is not a project id: ids are hexadecimal, like 3f2a9c1e")
        }
        guard digits.count >= Self.minimumLength else {
            throw .usage("id '\(text)' is too short: give at least \(Self.minimumLength) characters")
        }
        guard digits.count <= 32 else {
            throw .usage("'\(text)' is not a project id: it is longer than a whole id")
        }
        self.text = text
        self.digits = digits
    }

    var description: String { text }

    /// Whether `id` starts with this prefix.
    func matches(_ id: Project.ID) -> Bool {
        id.hexDigits.hasPrefix(digits)
    }
}

extension Project.ID {
    /// The id's 32 lowercase hexadecimal digits, without dashes.
    var hexDigits: String {
        rawValue.uuidString.lowercased().filter { $0 != "-" }
    }
}
