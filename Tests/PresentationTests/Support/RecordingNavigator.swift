import ProjectManager
import ProjectManagerPresentation

/// A navigator that records where the view models asked to go, as a stream a test can await.
@MainActor
final class RecordingNavigator: Navigator {
    enum Route: Hashable, Sendable {
        case createForm
        case editForm(Project.ID)
        case stateMenu(Project.ID)
        case history
        case boardList
        case board(Board.ID)
        case dismiss
    }

    let routes: AsyncStream<Route>
    private let continuation: AsyncStream<Route>.Continuation

    init() {
        (routes, continuation) = AsyncStream.makeStream(of: Route.self)
    }

    func showCreateForm() { continuation.yield(.createForm) }
    func showEditForm(for project: Project.ID) { continuation.yield(.editForm(project)) }
    func showStateMenu(for project: Project.ID) { continuation.yield(.stateMenu(project)) }
    func showHistory() { continuation.yield(.history) }
    func showBoardList() { continuation.yield(.boardList) }
    func showBoard(_ board: Board.ID) { continuation.yield(.board(board)) }
    func dismiss() { continuation.yield(.dismiss) }
}
