import Foundation

/// A GitHub access token, which never shows: printing it, interpolating it into a message,
/// `dump`ing it or looking at it in a debugger gives `AccessToken(redacted)`.
///
/// ```swift
/// let token = AccessToken("ghp_…")
/// print("signed in with \(token)")   // signed in with AccessToken(redacted)
/// ```
/// Only the code that sends it to GitHub or writes it to its `0600` file reads
/// ``unredactedValue``. It is deliberately not `Codable`, so that no `--json` output can hold it.
public struct AccessToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable
{
    private let secret: String

    /// A token with this text; surrounding whitespace (a pasted newline) is dropped.
    public init(_ secret: String) {
        self.secret = secret.trimmingWhitespace
    }

    /// The token's text, for the `Authorization` header and the token file only.
    public var unredactedValue: String { secret }

    /// Whether the token has no text.
    public var isEmpty: Bool { secret.isEmpty }

    public var description: String { "AccessToken(redacted)" }
    public var debugDescription: String { "AccessToken(redacted)" }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
