import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

@MainActor
@Suite("Sign-up and sign-in forms", .timeLimit(.minutes(10)))
struct AccountFormViewModelTests {
    let engine = ProjectManagerEngine.inMemory(
        environment: .test(), accounts: LocalAccountSettings(passwordHashRounds: 2))
    let navigator = RecordingNavigator()

    func screens(_ locale: String = "en_US") -> ViewModelFactory {
        engine.viewModels(navigator: navigator, locale: Locale(identifier: locale))
    }

    @Test("each field speaks as it is typed; Sign up is enabled once all three are valid; the session follows")
    func signUp() async throws {
        let events = Events<SignUpViewModel.Event>()
        let output = screens().makeSignUp().transform(.init(events: events.stream))
        #expect(output.title == "Sign up")
        #expect(output.fields.map(\.label) == ["Email", "Password", "Confirm password"])
        let messages = Probe(output.messages)
        let canSubmit = Probe(output.canSubmit)
        let session = Probe(output.session)

        #expect(await messages.next() == AccountFieldMessages(), "an empty form opens without messages")
        #expect(await canSubmit.next() == false)
        events.send(.email("ada@example"))
        #expect(
            await messages.next()?[.email]
                == "Invalid email format: the part after the @ needs a dot, as in example.com.")
        events.send(.email("ada@example.com"))
        #expect(await messages.next()?[.email] == "This email can be used.")
        events.send(.password("correct horse"))
        let afterPassword = await messages.next()
        #expect(afterPassword?[.password] == "This password can be used.")
        #expect(afterPassword?[.confirmation] == nil, "the confirmation has not been typed in yet")
        events.send(.confirmation("correct hors"))
        #expect(await messages.next()?[.confirmation] == "The passwords do not match.")
        events.send(.confirmation("correct horse"))
        #expect(await messages.next()?[.confirmation] == "The passwords match.")
        #expect(await canSubmit.next() == true)
        events.send(.submit)

        let signedIn = try #require(await session.next())
        #expect(signedIn.account.email.description == "ada@example.com")
        #expect(try await engine.currentSession() == signedIn)
        var routes = navigator.routes.makeAsyncIterator()
        #expect(await routes.next() == .boardList)
        events.end()
    }

    @Test(
        "submitting an empty form makes every field say what is missing, in both languages",
        arguments: [
            ("en_US", ["Enter your email.", "Enter a password.", "Enter the password again."]),
            ("ko_KR", ["이메일을 입력하세요.", "비밀번호를 입력하세요.", "비밀번호를 한 번 더 입력하세요."]),
        ])
    func emptySubmit(locale: String, expected: [String]) async throws {
        let events = Events<SignUpViewModel.Event>()
        let output = screens(locale).makeSignUp().transform(.init(events: events.stream))
        events.send(.submit)
        events.end()
        let shown = try #require(await Probe(output.messages).rest().last)
        #expect([shown[.email], shown[.password], shown[.confirmation]] == expected)
        #expect(await Probe(output.session).rest().isEmpty)
        #expect(try await engine.currentSession() == nil)
    }

    @Test("an email already registered says so on the email field until it changes")
    func emailTaken() async throws {
        _ = try await engine.signUp(email: "ada@example.com", password: "correct horse")
        try await engine.signOut()
        let events = Events<SignUpViewModel.Event>()
        let output = screens().makeSignUp().transform(.init(events: events.stream))
        let messages = Probe(output.messages)
        let canSubmit = Probe(output.canSubmit)
        events.send(
            .email("ada@EXAMPLE.com"), .password("another password"), .confirmation("another password"), .submit)
        _ = await messages.take(4)
        #expect(await messages.next()?[.email] == "This email is already registered: sign in instead.")
        #expect(await canSubmit.take(3) == [false, true, false])
        events.send(.email("grace@example.com"))
        #expect(await messages.next()?[.email] == "This email can be used.")
        #expect(await canSubmit.next() == true)
        events.end()
        #expect(try await engine.currentSession() == nil)
    }

    @Test(
        "a wrong password and an unknown email give one message; the right one signs in",
        arguments: [("en_US", "The email or the password is wrong."), ("ko_KR", "이메일 또는 비밀번호가 올바르지 않습니다.")])
    func signIn(locale: String, message: String) async throws {
        let account = try await engine.signUp(email: "ada@example.com", password: "correct horse").account
        try await engine.signOut()
        let events = Events<SignInViewModel.Event>()
        let output = screens(locale).makeSignIn().transform(.init(events: events.stream))
        #expect(output.fields.count == 2)
        let errors = Probe(output.errors)
        events.send(.email("ada@example.com"), .password("wrong horse"), .submit)
        let wrongPassword = await errors.next()
        events.send(.email("nobody@example.com"), .password("correct horse"), .submit)
        let unknownEmail = await errors.next()
        #expect(wrongPassword == message)
        #expect(unknownEmail == message)
        events.send(.email("ada@example.com"), .submit)
        #expect(await Probe(output.session).next()?.account == account)
        events.end()
    }

    @Test("the sign-in form says only what is missing, never a password rule")
    func signInMessages() async throws {
        let events = Events<SignInViewModel.Event>()
        let output = screens().makeSignIn().transform(.init(events: events.stream))
        events.send(.email("ada@example.com"), .password("short"), .password(""), .password("short"))
        events.end()
        let shown = await Probe(output.messages).rest()
        #expect(shown.map { $0[.password] } == [nil, "Enter a password.", nil], "repeats are not sent")
        #expect(shown.allSatisfy { $0[.email] == nil })
        #expect(await Probe(output.canSubmit).rest() == [false, true, false, true])
    }
}
