import ProjectManagerDomain

/// Who is signed in, as an account row or a settings screen shows it, with the button that signs
/// out.
///
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: SessionViewModel.Event.self)
/// let output = screens.makeSession().transform(SessionViewModel.Input(events: events))
/// send.yield(.appear)
/// for await status in output.status { render(status) }   // "Signed in as ada@example.com"
/// send.yield(.signOut)                                     // "Not signed in."
/// ```
@MainActor
public final class SessionViewModel: ViewModelType {
    /// What the user does.
    public enum Event: Hashable, Sendable {
        /// The screen appeared: read who is signed in.
        case appear
        /// Sign out (when no one is signed in, that changes nothing).
        case signOut
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the screen renders.
    public struct Output: Sendable {
        /// The title of the button that signs out.
        public let signOutTitle: String
        /// The session once the screen appears, then after each change: `nil` when no one is
        /// signed in.
        public let sessions: AsyncStream<Session?>
        /// The same, in words: "Signed in as ada@example.com", "Not signed in."
        public let status: AsyncStream<String>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
        /// What went wrong, as the error itself, for a front end that chooses its own words; the
        /// same failures as ``errors``, in the same order.
        public let failures: AsyncStream<AuthenticationError>
    }

    private let currentSession: CurrentSession
    private let signOut: SignOut
    private let localizer: Localizer

    /// A session view model over the authentication use cases.
    public init(currentSession: CurrentSession, signOut: SignOut, localizer: Localizer) {
        self.currentSession = currentSession
        self.signOut = signOut
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let sessions = OutputChannel<Session?>()
        let status = OutputChannel<String>()
        let errors = ErrorChannels<AuthenticationError>()
        Task {
            var shown: Session??
            for await event in input.events {
                do throws(AuthenticationError) {
                    switch event {
                    case .appear:
                        shown = .some(try await currentSession())
                    case .signOut:
                        try await signOut()
                        shown = .some(nil)
                    }
                } catch {
                    errors.send(error, as: localizer(.account(.failure(error))))
                    continue
                }
                guard let session = shown else { continue }
                sessions.update(session)
                status.update(localizer(.account(session.map { .signedIn(as: $0.account.email) } ?? .signedOut)))
            }
            sessions.finish()
            status.finish()
            errors.finish()
        }
        return Output(
            signOutTitle: localizer(.account(.signOut)), sessions: sessions.stream, status: status.stream,
            errors: errors.texts.stream, failures: errors.failures.stream)
    }
}
