import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

@MainActor
@Suite("Update project form", .timeLimit(.minutes(10)))
struct UpdateProjectViewModelTests {
    let app = TestApp()

    func openForm(on project: Project) -> (Events<UpdateProjectViewModel.Event>, UpdateProjectViewModel.Output) {
        let events = Events<UpdateProjectViewModel.Event>()
        return (events, app.screens.makeUpdateProject(project.id).transform(.init(events: events.stream)))
    }

    @Test("opens read-only with the project; typing is ignored until editing begins, and saving just closes")
    func opensReadOnly() async throws {
        let project = try await app.add("Write report", body: "Numbers", deadline: Day(year: 2026, month: 3, day: 20))
        let (events, output) = openForm(on: project)

        events.send(.title("Ignored"), .save)
        events.end()

        #expect(output.title == "Project")
        #expect(await Probe(output.content).rest() == [project.draft])
        #expect(await Probe(output.canEdit).rest() == [false])
        #expect(await Probe(output.canSave).rest() == [true])
        #expect(await Probe(output.dismiss).rest().count == 1, "Done closes a read-only form")
        #expect(await Probe(output.saveCompleted).rest().isEmpty)
        #expect(try await app.engine.fetchProject(project.id) == project)
    }

    @Test("beginning to edit makes the form editable, once")
    func editMakesEditable() async throws {
        let project = try await app.add("Write report")
        let (events, output) = openForm(on: project)
        let canEdit = Probe(output.canEdit)

        events.send(.beginEditing, .beginEditing)
        events.end()

        #expect(await canEdit.rest() == [false, true])
        #expect(await Probe(output.dismiss).rest().isEmpty, "beginning to edit an editable form does not close it")
    }

    @Test("can save follows the rules once editing")
    func canSaveWhileEditing() async throws {
        let project = try await app.add("Write report")
        let (events, output) = openForm(on: project)
        let canSave = Probe(output.canSave)
        let messages = Probe(output.validationMessages)

        events.send(.beginEditing, .title(""), .save)

        #expect(await canSave.take(2) == [true, false])
        #expect(await messages.take(2).last?[.title] == ["Give the project a title."])
        events.end()
        #expect(await Probe(output.saveCompleted).rest().isEmpty)
        #expect(try await app.engine.fetchProject(project.id) == project)
    }

    @Test("Cancel discards the edits: the project is as it was, and no activity is recorded")
    func cancelLeavesProject() async throws {
        // Given
        let project = try await app.add("Write report", body: "Numbers")
        let historyBefore = try await app.engine.fetchHistory()
        let (events, output) = openForm(on: project)
        let dismiss = Probe(output.dismiss)

        // When
        events.send(.beginEditing, .title("Changed"), .body("Other"), .cancel)

        // Then
        #expect(await dismiss.next() != nil)
        #expect(try await app.engine.fetchProject(project.id) == project)
        #expect(try await app.engine.fetchHistory() == historyBefore)
        events.end()
        #expect(await Probe(output.saveCompleted).rest().isEmpty)
    }

    @Test("saving commits the edits through the edit session and dismisses")
    func doneChangesProject() async throws {
        // Given
        let project = try await app.add("Write report")
        let (events, output) = openForm(on: project)
        let saved = Probe(output.saveCompleted)
        let routes = Probe(app.navigator.routes)

        // When
        events.send(
            .beginEditing, .title("Final report"), .body("Due Friday"),
            .deadline(Day(year: 2026, month: 4, day: 3)), .save)

        // Then
        let result = try #require(await saved.next())
        #expect(
            result.draft
                == ProjectDraft(
                    title: "Final report", body: "Due Friday", deadline: Day(year: 2026, month: 4, day: 3), labels: []))
        #expect(await routes.next() == .dismiss)
        #expect(try await app.engine.fetchProject(project.id) == result)
        #expect(try await app.engine.fetchHistory().first?.kind == .edited)
        events.end()
    }

    @Test("a project that does not exist is reported and the form dismissed")
    func missingProject() async throws {
        let events = Events<UpdateProjectViewModel.Event>()
        let output = app.screens.makeUpdateProject(Project.ID(rawValue: UUID())).transform(.init(events: events.stream))

        events.send(.beginEditing)
        events.end()

        #expect(await Probe(output.errors).rest() == ["This project no longer exists."])
        #expect(await Probe(output.dismiss).rest().count == 1)
        #expect(await Probe(output.content).rest().isEmpty)
    }
}
