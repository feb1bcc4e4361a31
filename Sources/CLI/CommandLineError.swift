/// Why a command did not run, in the two kinds the exit status tells apart.
///
/// Each case carries one English sentence, without the `pm:` prefix.
enum CommandLineError: Error, Hashable, Sendable {
    /// The command line itself is wrong: an unknown command, a missing argument, a bad option or
    /// value. Exits with ``ExitStatus/usage``.
    case usage(String)
    /// The command line is right but the work failed: an unknown or ambiguous id, a store that
    /// cannot be read, a value the rules refuse. Exits with ``ExitStatus/failure``.
    case runtime(String)
}

/// What `pm` exits with.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The command did what it was asked.
    case success = 0
    /// The command line was right but the work failed; nothing was saved.
    case failure = 1
    /// The command line was wrong; nothing was read or saved.
    case usage = 2
}
