import ProjectManager
import ProjectManagerPresentation
import Testing

@MainActor
@Suite("Change state menu", .timeLimit(.minutes(10)))
struct ChangeStateViewModelTests {
    let app = TestApp()

    @Test(
        "offers exactly the two other states",
        arguments: [
            (ProjectState.todo, ["Move to Doing", "Move to Done"]),
            (.doing, ["Move to To Do", "Move to Done"]),
            (.done, ["Move to To Do", "Move to Doing"]),
        ])
    func offersOtherStates(state: ProjectState, titles: [String]) async throws {
        let project = try await app.add("Write report", in: state)
        let events = Events<ChangeStateViewModel.Event>()
        let output = app.screens.makeChangeState(of: project.id).transform(.init(events: events.stream))

        let options = try #require(await Probe(output.options).next())

        #expect(options.map(\.title) == titles)
        #expect(options.map(\.state) == state.alternatives)
        events.end()
    }

    @Test("choosing a state moves the project there and dismisses")
    func choosingMoves() async throws {
        let project = try await app.add("Write report")
        let events = Events<ChangeStateViewModel.Event>()
        let output = app.screens.makeChangeState(of: project.id).transform(.init(events: events.stream))
        _ = await Probe(output.options).next()
        let routes = Probe(app.navigator.routes)

        events.send(.select(.doing))

        let moved = try #require(await Probe(output.moved).next())
        #expect(moved.state == .doing)
        #expect(await routes.next() == .dismiss)
        #expect(try await app.engine.fetchProject(project.id).state == .doing)
        events.end()
        #expect(await Probe(output.dismiss).rest().count == 1)
    }

    @Test("the current state is not offered, so choosing it does nothing; Cancel dismisses without moving")
    func cancelDoesNotMove() async throws {
        let project = try await app.add("Write report")
        let events = Events<ChangeStateViewModel.Event>()
        let output = app.screens.makeChangeState(of: project.id).transform(.init(events: events.stream))

        events.send(.select(.todo), .cancel, .select(.done))
        events.end()

        #expect(await Probe(output.dismiss).rest().count == 1)
        #expect(await Probe(output.moved).rest().isEmpty)
        #expect(try await app.engine.fetchProject(project.id) == project)
    }
}
