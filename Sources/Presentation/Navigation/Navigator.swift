import ProjectManagerDomain

/// Moves between screens on a view model's behalf.
///
/// The view models decide *when* to navigate; the front end decides *how* (push, present, sheet,
/// popover, or printing the next prompt). View models hold their navigator weakly, so a coordinator
/// that owns its screens does not form a retain cycle; keep the navigator alive yourself.
///
/// ```swift
/// final class BoardCoordinator: Navigator {
///     func showCreateForm() { present(screens.makeCreateProject()) }
///     func showEditForm(for project: Project.ID) { present(screens.makeUpdateProject(project)) }
///     func showStateMenu(for project: Project.ID) { popover(screens.makeChangeState(of: project)) }
///     func showHistory() { popover(screens.makeHistory()) }
///     func showBoardList() { setRoot(screens.makeBoardList()) }
///     func showBoard(_ board: Board.ID) { push(screens.onBoard(board).makeBoard()) }
///     func dismiss() { navigationController.dismiss(animated: true) }
/// }
/// ```
@MainActor
public protocol Navigator: AnyObject {
    /// Shows the form that creates a project.
    func showCreateForm()
    /// Shows the form that shows, and on Edit changes, a project.
    func showEditForm(for project: Project.ID)
    /// Shows the menu that moves a project to another state.
    func showStateMenu(for project: Project.ID)
    /// Shows the board's history, with Undo and Redo.
    func showHistory()
    /// Shows the signed-in user's boards, once sign-up or sign-in succeeds.
    ///
    /// Added after the first five; the default does nothing, so a navigator written before
    /// keeps compiling (an app without a board list stays on its board).
    func showBoardList()
    /// Shows a board, opened from the board list.
    ///
    /// Added after the first five; the default does nothing.
    func showBoard(_ board: Board.ID)
    /// Closes the screen on top.
    func dismiss()
}

extension Navigator {
    /// Does nothing: an app without a board list stays where it is.
    public func showBoardList() {}

    /// Does nothing: an app without a board list has one board on screen.
    public func showBoard(_ board: Board.ID) {}
}
