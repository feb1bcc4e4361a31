/// Why a command did not run, in the two kinds the exit status tells apart.
///
/// Each case carries one English sentence, without the `pm:` prefix.
enum CommandLineError: Error, Hashable, Sendable {
    /// The command line itself is wrong: an unknown command, a missing argument, a bad option or
    /// value. Exits with ``CommandLineTool/ExitCode/usage``.
    case usage(String)
    /// The command line is right but the work failed: an unknown or ambiguous id, a store that
    /// cannot be read, a value the rules refuse. Exits with ``CommandLineTool/ExitCode/failure``.
    case runtime(String)
}
