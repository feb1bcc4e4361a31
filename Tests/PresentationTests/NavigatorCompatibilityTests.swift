import ProjectManager
import ProjectManagerPresentation
import Testing

/// A navigator written before the board list: it implements the first five requirements only.
@MainActor
private final class FiveScreenNavigator: Navigator {
    var shown: [String] = []
    func showCreateForm() { shown.append("create") }
    func showEditForm(for project: Project.ID) { shown.append("edit") }
    func showStateMenu(for project: Project.ID) { shown.append("menu") }
    func showHistory() { shown.append("history") }
    func dismiss() { shown.append("dismiss") }
}

@Suite("Navigator: requirements added later have defaults")
@MainActor
struct NavigatorCompatibilityTests {
    @Test("a navigator of the first five screens compiles, and the board list's calls do nothing to it")
    func olderNavigatorKeepsWorking() {
        let navigator = FiveScreenNavigator()
        let any: any Navigator = navigator

        any.showBoardList()
        any.showBoard(.default)
        any.showHistory()

        #expect(navigator.shown == ["history"])
    }
}
