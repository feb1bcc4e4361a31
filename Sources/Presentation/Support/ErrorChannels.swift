/// A screen's errors, each sent twice: in the locale's words, for a screen that shows them, and as
/// the error itself, for a front end that says it its own way (a command line, a log).
///
/// ```swift
/// errors.send(error, as: localizer(.failure(error)))
/// return Output(errors: errors.texts.stream, failures: errors.failures.stream)
/// ```
@MainActor
final class ErrorChannels<Failure: Error & Sendable> {
    /// What went wrong, in the locale's words.
    let texts = OutputChannel<String>()
    /// What went wrong, as the error itself.
    let failures = OutputChannel<Failure>()

    /// Delivers `failure` on both streams, `text` being how the screen says it.
    func send(_ failure: Failure, as text: String) {
        texts.send(text)
        failures.send(failure)
    }

    /// Ends both streams.
    func finish() {
        texts.finish()
        failures.finish()
    }
}
