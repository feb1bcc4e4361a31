/// What each field of an account form says, in the locale's language.
///
/// A field speaks once the user has typed in it, and every field speaks once the user has tried to
/// submit: an empty form does not open in red.
public struct AccountFieldMessages: Hashable, Sendable {
    private var messages: [AccountField: String]

    /// No messages.
    public init() {
        messages = [:]
    }

    init(_ messages: [AccountField: String]) {
        self.messages = messages
    }

    /// The message of one field; `nil` when it has nothing to say.
    public subscript(field: AccountField) -> String? {
        messages[field]
    }
}
