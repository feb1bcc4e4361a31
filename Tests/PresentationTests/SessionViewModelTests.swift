import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

@MainActor
@Suite("Session view model", .timeLimit(.minutes(10)))
struct SessionViewModelTests {
    @Test("it says who is signed in, and signing out says no one is; signed out, signing out changes nothing")
    func signOut() async throws {
        // Given
        let app = TestApp()
        let session = try await app.engine.signUp(email: "ada@example.com", password: "correct horse battery")
        let events = Events<SessionViewModel.Event>()
        let output = app.screens.makeSession().transform(.init(events: events.stream))
        let sessions = Probe(output.sessions)
        let status = Probe(output.status)

        // When
        events.send(.appear, .signOut, .signOut)
        events.end()

        // Then
        #expect(output.signOutTitle == "Sign out")
        #expect(await sessions.rest() == [session, nil])
        #expect(await status.rest() == ["Signed in as ada@example.com", "Not signed in."])
        #expect(try await app.engine.currentSession() == nil)
        #expect(await Probe(output.failures).rest().isEmpty)
    }

    @Test("in Korean")
    func korean() async throws {
        let app = TestApp(locale: "ko_KR")
        let events = Events<SessionViewModel.Event>()
        let output = app.screens.makeSession().transform(.init(events: events.stream))

        events.send(.appear)
        events.end()

        #expect(await Probe(output.status).rest() == [app.screens.localizer(.account(.signedOut))])
    }
}
