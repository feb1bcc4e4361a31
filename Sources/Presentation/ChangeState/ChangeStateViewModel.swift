import ProjectManagerDomain

/// The long-press menu: moves a project to one of the two other states.
///
/// It offers exactly the two states the project is not in, in column order ("Move to Doing",
/// "Move to Done" for a project in To Do); choosing one moves the project there, last in its
/// column, and dismisses the menu.
@MainActor
public final class ChangeStateViewModel: ViewModelType {
    /// What the user does in the menu.
    public enum Event: Hashable, Sendable {
        /// An offered state was chosen; a state that is not offered is ignored.
        case select(ProjectState)
        /// The menu was dismissed without a choice.
        case cancel
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// One item of the menu.
    public struct Option: Hashable, Sendable, Identifiable {
        /// The state the item moves the project to.
        public let state: ProjectState
        /// The item's title: "Move to Doing".
        public let title: String

        /// The state the item moves the project to.
        public var id: ProjectState { state }
    }

    /// What the menu renders.
    public struct Output: Sendable {
        /// The two items, once the project is read.
        public let options: AsyncStream<[Option]>
        /// The project after a move.
        public let moved: AsyncStream<Project>
        /// The menu is done: close it (unless the navigator does).
        public let dismiss: AsyncStream<Void>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let project: Project.ID
    private let fetchProject: FetchProject
    private let moveProject: MoveProject
    private weak var navigator: (any Navigator)?
    private let localizer: Localizer

    /// A menu for `project`.
    /// - Parameter navigator: Dismisses the menu when it is done; held weakly.
    public init(
        project: Project.ID, fetchProject: FetchProject, moveProject: MoveProject,
        navigator: (any Navigator)?, localizer: Localizer
    ) {
        self.project = project
        self.fetchProject = fetchProject
        self.moveProject = moveProject
        self.navigator = navigator
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let options = OutputChannel<[Option]>()
        let moved = OutputChannel<Project>()
        let dismiss = OutputChannel<Void>()
        let errors = OutputChannel<String>()
        Task {
            var isOpen = true
            var offered: [ProjectState] = []
            do throws(RepositoryError) {
                offered = try await fetchProject(project).state.alternatives
                options.send(offered.map { Option(state: $0, title: localizer(.moveTo($0))) })
            } catch {
                errors.send(localizer(.failure(error)))
                isOpen = false
                close(dismiss)
            }
            for await event in input.events where isOpen {
                switch event {
                case .select(let state) where offered.contains(state):
                    do throws(RepositoryError) {
                        moved.send(try await moveProject(project, to: state).project)
                        isOpen = false
                        close(dismiss)
                    } catch {
                        errors.send(localizer(.failure(error)))
                    }
                case .select:
                    continue
                case .cancel:
                    isOpen = false
                    close(dismiss)
                }
            }
            options.finish()
            moved.finish()
            dismiss.finish()
            errors.finish()
        }
        return Output(options: options.stream, moved: moved.stream, dismiss: dismiss.stream, errors: errors.stream)
    }

    private func close(_ dismiss: OutputChannel<Void>) {
        dismiss.send()
        navigator?.dismiss()
    }
}
