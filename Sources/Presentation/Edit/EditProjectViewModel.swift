import ProjectManagerDomain

/// The form that creates a project.
///
/// Editable at once. Done validates, saves and dismisses; Cancel dismisses and saves nothing.
public typealias CreateProjectViewModel = EditProjectViewModel<CreateMode>

/// The form that shows a project and, on Edit, changes it.
///
/// Opens read-only; the left bar button is Edit and makes the form editable, then becomes Cancel.
/// Done saves the changes through the project's ``ProjectEditing`` session; Cancel discards them.
public typealias UpdateProjectViewModel = EditProjectViewModel<UpdateMode>

/// The project form, written once for every ``EditMode``.
///
/// The mode supplies what differs (whether the form opens editable, its title, and the session that
/// saves); this type does the rest: the fields, validation, the bar buttons, saving and dismissing.
///
/// | | ``CreateProjectViewModel`` | ``UpdateProjectViewModel`` |
/// |---|---|---|
/// | opens | editable, empty | read-only, with the project |
/// | left bar button | Cancel: dismiss, save nothing | Edit: make editable; then Cancel: discard, dismiss |
/// | right bar button | Done: validate, create, dismiss | Done: validate, commit the edit, dismiss (read-only: dismiss) |
///
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: CreateProjectViewModel.Event.self)
/// let output = form.transform(CreateProjectViewModel.Input(events: events))
/// send.yield(.title("Write report"))
/// send.yield(.rightBarButtonTapped)
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
        /// The body field now holds this text.
        case body(String)
        /// Done was tapped.
        case rightBarButtonTapped
        /// Cancel, or Edit on a read-only form, was tapped.
        case leftBarButtonTapped
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the form renders.
    public struct Output: Sendable {
        /// The form's title.
        public let title: String
        /// The right bar button's title, "Done".
        public let rightButtonTitle: String
        /// The title field's label.
        public let titleLabel: String
        /// The body field's label.
        public let bodyLabel: String
        /// The deadline field's label.
        public let deadlineLabel: String

        /// What the fields show, once the form has opened.
        public let content: AsyncStream<ProjectDraft>
        /// Whether the draft breaks no rule: enable Done.
        public let canSave: AsyncStream<Bool>
        /// Whether the fields can be edited.
        public let canEdit: AsyncStream<Bool>
        /// The left bar button's title: "Cancel", or "Edit" while the form is read-only.
        public let leftButtonTitle: AsyncStream<String>
        /// What to fix in each field.
        public let validationMessages: AsyncStream<ValidationMessages>
        /// The project, each time Done saved it.
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
            title: localizer(mode.title), rightButtonTitle: localizer(.done),
            titleLabel: localizer(.field(.title)), bodyLabel: localizer(.field(.body)),
            deadlineLabel: localizer(.field(.deadline)),
            content: outputs.content.stream, canSave: outputs.canSave.stream, canEdit: outputs.canEdit.stream,
            leftButtonTitle: outputs.leftButtonTitle.stream,
            validationMessages: outputs.validationMessages.stream,
            saveCompleted: outputs.saveCompleted.stream, dismiss: outputs.dismiss.stream,
            errors: outputs.errors.stream)
    }

    // MARK: - Handling

    @MainActor
    private final class Outputs {
        let content = OutputChannel<ProjectDraft>()
        let canSave = OutputChannel<Bool>()
        let canEdit = OutputChannel<Bool>()
        let leftButtonTitle = OutputChannel<String>()
        let validationMessages = OutputChannel<ValidationMessages>()
        let saveCompleted = OutputChannel<Project>()
        let dismiss = OutputChannel<Void>()
        let errors = OutputChannel<String>()

        func finish() {
            content.finish()
            canSave.finish()
            canEdit.finish()
            leftButtonTitle.finish()
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
        case .leftBarButtonTapped where !form.isEditable:
            form.beginEditing()
        case .leftBarButtonTapped:
            await session.discard()
            close(outputs)
            return false
        case .rightBarButtonTapped where !form.isEditable:
            await session.discard()
            close(outputs)
            return false
        case .rightBarButtonTapped:
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
                if case .invalid = error { form.revealEveryMessage() }
                outputs.errors.send(localizer(.failure(error)))
            }
        }
        render(form, outputs)
        return true
    }

    private func render(_ form: EditForm, _ outputs: Outputs) {
        outputs.canEdit.update(form.isEditable)
        outputs.leftButtonTitle.update(localizer(form.isEditable ? .cancel : .edit))
        outputs.canSave.update(form.canSave)
        outputs.validationMessages.update(form.messages(localizer: localizer))
    }

    private func close(_ outputs: Outputs) {
        outputs.dismiss.send()
        navigator?.dismiss()
    }
}
