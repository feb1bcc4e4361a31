import ProjectManagerDomain

/// The form that creates a project.
///
/// Editable at once. ``EditProjectViewModel/Event/save`` validates, saves and dismisses;
/// ``EditProjectViewModel/Event/cancel`` dismisses and saves nothing.
public typealias CreateProjectViewModel = EditProjectViewModel<CreateMode>

/// The form that shows a project and, on Edit, changes it.
///
/// Opens read-only; ``EditProjectViewModel/Event/beginEditing`` makes it editable. Saving commits the
/// changes through the project's ``ProjectEditing`` session; cancelling discards them.
public typealias UpdateProjectViewModel = EditProjectViewModel<UpdateMode>

/// The project form, written once for every ``EditMode``.
///
/// The mode supplies what differs (whether the form opens editable, its title, and the session that
/// saves); this type does the rest: the fields, validation, saving, cancelling and dismissing.
///
/// | | ``CreateProjectViewModel`` | ``UpdateProjectViewModel`` |
/// |---|---|---|
/// | opens | editable, empty | read-only, with the project |
/// | `beginEditing` | ignored: already editable | makes the form editable |
/// | `save` | validate, create, dismiss | validate, commit the edit, dismiss (read-only: dismiss) |
/// | `cancel` | dismiss, save nothing | discard the edit, dismiss |
///
/// Where the events come from is the front end's choice: in UIKit, Done (the right bar button)
/// sends `save`, and the left bar button is Edit (`beginEditing`) while ``Output/canEdit`` is false
/// and Cancel (`cancel`) once it is true.
///
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: CreateProjectViewModel.Event.self)
/// let output = form.transform(CreateProjectViewModel.Input(events: events))
/// send.yield(.title("Write report"))
/// send.yield(.save)
/// for await project in output.saveCompleted { print("saved \(project.title)") }
/// ```
@MainActor
public final class EditProjectViewModel<Mode: EditMode>: ViewModelType {
    /// What the user does on the form.
    public enum Event: Hashable, Sendable {
        /// The title field now holds this text.
        case title(String)
        /// The deadline is now this day, or none.
        case deadline(Day?)
        /// The deadline is now due at this time of day, in its zone, or over the whole day (`nil`).
        case dueTime(DueTime?)
        /// The board's labels on the project, in order.
        case labels([Label.ID])
        /// The body field now holds this text.
        case body(String)
        /// The repeat field now holds this RRULE text (`FREQ=MONTHLY;BYDAY=2SU,4SU`); blank, or
        /// `none`, for a project done once. Text that is not a rule shows a message under the field
        /// and keeps the form from saving.
        case repeatRule(String)
        /// Make a read-only form editable; an editable form ignores it.
        case beginEditing
        /// Save the draft and close: validate it, save it, dismiss. A form that breaks a rule shows
        /// every message and stays open; a read-only form has nothing to save and just closes.
        case save
        /// Close without saving: discard the draft and dismiss.
        case cancel
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the form renders.
    public struct Output: Sendable {
        /// The form's title.
        public let title: String
        /// The title of the control that saves: "Done".
        public let saveTitle: String
        /// The title of the control that cancels: "Cancel".
        public let cancelTitle: String
        /// The title of the control that makes a read-only form editable: "Edit".
        public let beginEditingTitle: String
        /// The title field's label.
        public let titleLabel: String
        /// The body field's label.
        public let bodyLabel: String
        /// The deadline field's label.
        public let deadlineLabel: String
        /// The repeat field's label.
        public let repeatLabel: String

        /// What the fields show, once the form has opened.
        public let content: AsyncStream<ProjectDraft>
        /// The repeat rule in the locale's words under the repeat field ("every 2nd and 4th Sunday",
        /// "매월 둘째, 넷째 일요일"), or `nil` when the project does not repeat or the text is not a
        /// rule.
        public let repeatSummary: AsyncStream<String?>
        /// Whether the draft breaks no rule: enable the control that saves.
        public let canSave: AsyncStream<Bool>
        /// Whether the fields can be edited: offer Cancel when they can, Edit when they cannot.
        public let canEdit: AsyncStream<Bool>
        /// What to fix in each field.
        public let validationMessages: AsyncStream<ValidationMessages>
        /// The project, each time `save` saved it.
        public let saveCompleted: AsyncStream<Project>
        /// The form is done: close it (unless the navigator does).
        public let dismiss: AsyncStream<Void>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let mode: Mode
    private weak var navigator: (any Navigator)?
    private let localizer: Localizer

    /// A form in `mode`.
    /// - Parameter navigator: Dismisses the form when it is done; held weakly.
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
            title: localizer(mode.title), saveTitle: localizer(.done), cancelTitle: localizer(.cancel),
            beginEditingTitle: localizer(.edit),
            titleLabel: localizer(.field(.title)), bodyLabel: localizer(.field(.body)),
            deadlineLabel: localizer(.field(.deadline)), repeatLabel: localizer(.field(.repeatRule)),
            content: outputs.content.stream, repeatSummary: outputs.repeatSummary.stream,
            canSave: outputs.canSave.stream, canEdit: outputs.canEdit.stream,
            validationMessages: outputs.validationMessages.stream,
            saveCompleted: outputs.saveCompleted.stream, dismiss: outputs.dismiss.stream,
            errors: outputs.errors.stream)
    }

    // MARK: - Handling

    @MainActor
    private final class Outputs {
        let content = OutputChannel<ProjectDraft>()
        let repeatSummary = OutputChannel<String?>()
        let canSave = OutputChannel<Bool>()
        let canEdit = OutputChannel<Bool>()
        let validationMessages = OutputChannel<ValidationMessages>()
        let saveCompleted = OutputChannel<Project>()
        let dismiss = OutputChannel<Void>()
        let errors = OutputChannel<String>()

        func finish() {
            content.finish()
            repeatSummary.finish()
            canSave.finish()
            canEdit.finish()
            validationMessages.finish()
            saveCompleted.finish()
            dismiss.finish()
            errors.finish()
        }
    }

    /// Opens the session, handles the events until the form closes, then drains the rest.
    private func run(_ events: AsyncStream<Event>, outputs: Outputs) async {
        let session: Mode.Session
        do throws(RepositoryError) {
            session = try await mode.begin()
        } catch {
            outputs.errors.send(localizer(.failure(error)))
            close(outputs)
            for await _ in events {}
            return
        }
        var form = EditForm(draft: session.initialDraft, isEditable: mode.isInitiallyEditable)
        outputs.content.send(form.draft)
        render(form, outputs)
        var isOpen = true
        for await event in events where isOpen {
            isOpen = await handle(event, form: &form, session: session, outputs: outputs)
        }
        if isOpen { await session.discard() }
    }

    /// Handles one event; returns whether the form is still open.
    private func handle(
        _ event: Event, form: inout EditForm, session: Mode.Session, outputs: Outputs
    ) async -> Bool {
        switch event {
        case .title(let title):
            form.edit(.title) { $0.title = title }
        case .body(let body):
            form.edit(.body) { $0.body = body }
        case .deadline(let deadline):
            form.edit(.deadline) { $0.deadline = deadline }
        case .dueTime(let time):
            form.edit(.deadline) { $0.dueTime = time }
        case .labels(let labels):
            form.edit(.record) { $0.labels = labels }
        case .repeatRule(let text):
            form.editRepeat(text)
        case .beginEditing:
            form.beginEditing()
        case .cancel:
            return await discard(session, outputs)
        case .save where !form.isEditable:  // a read-only form has nothing to save
            return await discard(session, outputs)
        case .save:
            guard form.canSave else {
                form.revealEveryMessage()
                break
            }
            do throws(RepositoryError) {
                let project = try await session.commit(form.draft)
                outputs.saveCompleted.send(project)
                close(outputs)
                return false
            } catch {
                if case .invalid(let rejected) = error { form.refuse(rejected.failures) }
                outputs.errors.send(localizer(.failure(error)))
            }
        }
        render(form, outputs)
        return true
    }

    private func render(_ form: EditForm, _ outputs: Outputs) {
        outputs.canEdit.update(form.isEditable)
        outputs.repeatSummary.update(form.repeatSummary(localizer: localizer))
        outputs.canSave.update(form.canSave)
        outputs.validationMessages.update(form.messages(localizer: localizer))
    }

    /// Discards the session and closes the form; returns that the form is no longer open.
    private func discard(_ session: Mode.Session, _ outputs: Outputs) async -> Bool {
        await session.discard()
        close(outputs)
        return false
    }

    private func close(_ outputs: Outputs) {
        outputs.dismiss.send()
        navigator?.dismiss()
    }
}
