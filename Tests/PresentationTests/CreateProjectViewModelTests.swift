import ProjectManager
import ProjectManagerPresentation
import Testing

@MainActor
@Suite("Create project form", .timeLimit(.minutes(10)))
struct CreateProjectViewModelTests {
    let app = TestApp()

    /// One validation rule: the events that break it, and what the form says.
    struct Rule: Sendable, CustomTestStringConvertible {
        let name: String
        let events: [CreateProjectViewModel.Event]
        let canSave: Bool
        let field: ValidationFailure.Field?
        let message: String?

        var testDescription: String { name }
    }

    nonisolated static let rules: [Rule] = [
        Rule(name: "a title can be saved", events: [.title("Write report")], canSave: true, field: nil, message: nil),
        Rule(
            name: "an empty title", events: [.title("Write report"), .title("   ")], canSave: false,
            field: .title, message: "Give the project a title."),
        Rule(
            name: "a title with a line break", events: [.title("Write\nreport")], canSave: false,
            field: .title, message: "Keep the title to one line."),
        Rule(
            name: "a title that is too long", events: [.title(String(repeating: "a", count: 101))], canSave: false,
            field: .title, message: "Shorten the title to 100 characters or fewer."),
        Rule(
            name: "a body that is too long",
            events: [.title("Write report"), .body(String(repeating: "b", count: 1_001))], canSave: false,
            field: .body, message: "Shorten the description to 1000 characters or fewer."),
        Rule(
            name: "a deadline that is not a day",
            events: [.title("Write report"), .deadline(Day(year: 2026, month: 2, day: 30))], canSave: false,
            field: .deadline, message: "2026-02-30 is not a day of the calendar: pick another deadline."),
        Rule(
            name: "a real deadline can be saved",
            events: [.title("Write report"), .deadline(Day(year: 2026, month: 2, day: 28))], canSave: true,
            field: nil, message: nil),
    ]

    @Test("can save follows each validation rule", arguments: rules)
    func canSave(rule: Rule) async throws {
        // Given an empty form
        let events = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject().transform(.init(events: events.stream))
        let canSave = Probe(output.canSave)
        let messages = Probe(output.validationMessages)

        // When the user types, then leaves
        for event in rule.events { events.send(event) }
        events.end()

        // Then
        let states = await canSave.rest()
        #expect(states.first == false, "an empty form cannot be saved")
        #expect(states.last == rule.canSave)
        let shown = try #require(await messages.rest().last)
        for field in ValidationFailure.Field.allCases {
            #expect(shown[field] == (field == rule.field ? rule.message.map { [$0] } ?? [] : []))
        }
        #expect(try await app.engine.fetchBoard().projects.isEmpty, "nothing is saved without saving")
    }

    @Test("opens editable and empty, with the titles of save, cancel and edit")
    func opensEditable() async throws {
        let events = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject().transform(.init(events: events.stream))
        events.end()

        #expect(output.title == "New Project")
        #expect([output.saveTitle, output.cancelTitle, output.beginEditingTitle] == ["Done", "Cancel", "Edit"])
        #expect([output.titleLabel, output.bodyLabel, output.deadlineLabel] == ["Title", "Description", "Deadline"])
        #expect(await Probe(output.content).rest() == [ProjectDraft()])
        #expect(await Probe(output.canEdit).rest() == [true])
        #expect(await Probe(output.validationMessages).rest() == [ValidationMessages()], "no message before typing")
    }

    @Test("saving validates, saves and dismisses")
    func doneSaves() async throws {
        // Given
        let events = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject().transform(.init(events: events.stream))
        let saved = Probe(output.saveCompleted)
        let routes = Probe(app.navigator.routes)

        // When
        events.send(
            .title("  Write report "), .body("Quarterly numbers"),
            .deadline(Day(year: 2026, month: 3, day: 20)), .save)

        // Then
        let project = try #require(await saved.next())
        #expect(project.title == "Write report")
        #expect(project.body == "Quarterly numbers")
        #expect(project.deadline == Day(year: 2026, month: 3, day: 20))
        #expect(await routes.next() == .dismiss)
        #expect(try await app.engine.fetchBoard().projects == [project])
        events.send(.save)
        events.end()
        #expect(await Probe(output.dismiss).rest().count == 1)
        #expect(await saved.rest().isEmpty, "a closed form saves nothing more")
        #expect(try await app.engine.fetchBoard().projects.count == 1)
    }

    @Test("a form opened on a list saves there, due at a time of day in a named zone")
    func savesIntoAListWithADueTime() async throws {
        // Given a board with a list of the user's own
        let review = try await app.engine.addList("Review", on: .default, stage: .doing)
        let due = try #require(DueTime(hour: 14, minute: 0, timeZone: "Asia/Seoul"))
        let events = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject(inList: review.id).transform(.init(events: events.stream))
        let saved = Probe(output.saveCompleted)

        // When
        events.send(.title("Wrap presents"), .deadline(Day(year: 2026, month: 12, day: 24)), .dueTime(due), .save)

        // Then
        let project = try #require(await saved.next())
        #expect(project.listID == review.id)
        #expect(project.state == .doing)
        #expect(project.dueTime == due)
        events.end()
    }

    @Test("a time of day without a deadline's day cannot be saved")
    func dueTimeNeedsADay() async throws {
        let due = try #require(DueTime(hour: 9, minute: 30, timeZone: "UTC"))
        let events = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject().transform(.init(events: events.stream))

        events.send(.title("Call"), .dueTime(due), .save)
        events.end()

        #expect(await Probe(output.canSave).rest().last == false)
        #expect(await Probe(output.saveCompleted).rest().isEmpty)
        #expect(try await app.engine.fetchBoard().projects.isEmpty)
    }

    @Test("saving a broken draft saves nothing and shows every field's message")
    func doneOnBrokenDraft() async throws {
        let events = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject().transform(.init(events: events.stream))

        events.send(.body("Notes"), .save)
        events.end()

        let messages = await Probe(output.validationMessages).rest()
        #expect(messages.last?[.title] == ["Give the project a title."])
        #expect(await Probe(output.saveCompleted).rest().isEmpty)
        #expect(await Probe(output.dismiss).rest().isEmpty)
        #expect(try await app.engine.fetchBoard().projects.isEmpty)
    }

    @Test("Cancel dismisses and saves nothing")
    func cancelSavesNothing() async throws {
        let events = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject().transform(.init(events: events.stream))
        let routes = Probe(app.navigator.routes)

        events.send(.title("Write report"), .cancel)

        #expect(await routes.next() == .dismiss)
        events.end()
        #expect(await Probe(output.dismiss).rest().count == 1)
        #expect(await Probe(output.saveCompleted).rest().isEmpty)
        #expect(try await app.engine.fetchBoard().projects.isEmpty)
        #expect(try await app.engine.fetchHistory().isEmpty)
    }
}
