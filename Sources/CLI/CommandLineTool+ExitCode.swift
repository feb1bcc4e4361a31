extension CommandLineTool {
    /// What `pm` exits with: ``CommandLineTool/run(_:)`` returns one of these raw values.
    public enum ExitCode: Int32, Sendable, CaseIterable {
        /// The command did what it was asked.
        case success = 0
        /// The command line was right but the work failed; nothing was saved.
        case failure = 1
        /// The command line was wrong; nothing was read or saved.
        case usage = 2
        /// The reader of the output went away before it was all written (`pm board | head -1`):
        /// nothing is said, and the status is a process's that `SIGPIPE` ended (128 + 13), as
        /// `git`'s is.
        case closedPipe = 141
    }
}
