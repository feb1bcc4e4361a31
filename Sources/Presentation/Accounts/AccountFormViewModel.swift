import ProjectManagerDomain

/// The sign-up form: email, password and confirmation, each checked as it is typed.
public typealias SignUpViewModel = AccountFormViewModel<SignUpMode>

/// The sign-in form: email and password.
public typealias SignInViewModel = AccountFormViewModel<SignInMode>

/// The sign-up and sign-in forms, written once for every ``AccountFormMode``.
///
/// One event per field carries what the field now holds; ``Event/submit`` signs up or in when
/// ``Output/canSubmit`` is true, and otherwise makes every field say what is missing. Once signed
/// in, the form emits the ``Session`` and asks the navigator for the board list.
///
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: SignUpViewModel.Event.self)
/// let output = signUp.transform(SignUpViewModel.Input(events: events))
/// send.yield(.email("ada@example.com"))
/// send.yield(.password("correct horse"))
/// send.yield(.confirmation("correct horse"))
/// send.yield(.submit)
/// for await session in output.session { print("signed in as \(session.account.email)") }
/// ```
/// An email that is already registered makes the email field say so until it changes. A wrong
/// password and an unknown email both arrive on ``Output/errors`` as one message.
@MainActor
public final class AccountFormViewModel<Mode: AccountFormMode>: ViewModelType {
    /// What the user does on the form.
    public enum Event: Hashable, Sendable {
        /// The email field now holds this text.
        case email(String)
        /// The password field now holds this text.
        case password(String)
        /// The confirmation field now holds this text; the sign-in form ignores it.
        case confirmation(String)
        /// Sign up or in.
        case submit
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the form renders.
    public struct Output: Sendable {
        /// The form's title, which is also its submit button's: "Sign up", "Sign in".
        public let title: String
        /// The form's fields, in order, with their labels.
        public let fields: [(field: AccountField, label: String)]
        /// What each field says, after each change.
        public let messages: AsyncStream<AccountFieldMessages>
        /// Whether the form may be submitted: enable the submit button.
        public let canSubmit: AsyncStream<Bool>
        /// The session, once signed in.
        public let session: AsyncStream<Session>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let mode: Mode
    private weak var navigator: (any Navigator)?
    private let localizer: Localizer

    /// A form in `mode`.
    /// - Parameter navigator: Shows the board list once signed in; held weakly.
    public init(mode: Mode, navigator: (any Navigator)?, localizer: Localizer) {
        self.mode = mode
        self.navigator = navigator
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let outputs = Outputs()
        Task {
            await run(input.events, outputs: outputs)
            outputs.finish()
        }
        return Output(
            title: localizer(.account(mode.title)),
            fields: mode.fields.map { ($0, localizer(.account(.field($0)))) },
            messages: outputs.messages.stream, canSubmit: outputs.canSubmit.stream,
            session: outputs.session.stream, errors: outputs.errors.stream)
    }

    // MARK: - Handling

    @MainActor
    private final class Outputs {
        let messages = OutputChannel<AccountFieldMessages>()
        let canSubmit = OutputChannel<Bool>()
        let session = OutputChannel<Session>()
        let errors = OutputChannel<String>()

        func finish() {
            messages.finish()
            canSubmit.finish()
            session.finish()
            errors.finish()
        }
    }

    /// The form's state: what was typed, which fields have spoken, and an email known to be taken.
    private struct Form {
        var draft = AccountDraft()
        var touched: Set<AccountField> = []
        var takenEmail: String?
    }

    private func run(_ events: AsyncStream<Event>, outputs: Outputs) async {
        var form = Form()
        render(form, outputs)
        for await event in events {
            if await handle(event, form: &form, outputs: outputs) { break }
        }
        for await _ in events {}
    }

    /// Handles one event; returns whether the user is now signed in.
    private func handle(_ event: Event, form: inout Form, outputs: Outputs) async -> Bool {
        switch event {
        case .email(let email):
            form.draft.email = email
            form.touched.insert(.email)
        case .password(let password):
            form.draft.password = password
            form.touched.insert(.password)
        case .confirmation(let confirmation):
            guard mode.fields.contains(.confirmation) else { return false }
            form.draft.confirmation = confirmation
            form.touched.insert(.confirmation)
        case .submit:
            form.touched.formUnion(mode.fields)
            guard canSubmit(form) else { break }
            do throws(AuthenticationError) {
                let session = try await mode.submit(form.draft)
                outputs.session.send(session)
                navigator?.showBoardList()
                return true
            } catch .emailExists {
                form.takenEmail = form.draft.email
            } catch {
                outputs.errors.send(localizer(.account(.failure(error))))
            }
        }
        render(form, outputs)
        return false
    }

    private func canSubmit(_ form: Form) -> Bool {
        form.takenEmail != form.draft.email && mode.canSubmit(form.draft)
    }

    private func render(_ form: Form, _ outputs: Outputs) {
        var phrases = mode.messages(for: form.draft)
        if form.takenEmail == form.draft.email { phrases[.email] = .email(.invalid(.taken)) }
        let shown = phrases.filter { form.touched.contains($0.key) }.mapValues { localizer(.account($0)) }
        outputs.messages.update(AccountFieldMessages(shown))
        outputs.canSubmit.update(canSubmit(form))
    }
}
