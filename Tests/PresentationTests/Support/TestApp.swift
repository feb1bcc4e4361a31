import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport

/// The real engine in memory, with a clock that stands still at 2026-03-15 12:00 UTC, sequential
/// ids, a recording navigator, and the view model factory of the composition root.
@MainActor
struct TestApp {
    let clock = TestClock()
    let engine: ProjectManagerEngine
    let navigator = RecordingNavigator()
    let screens: ViewModelFactory

    /// - Parameter locale: The user's locale, such as `en_US` or `ko_KR`.
    init(locale: String = "en_US") {
        // Two hashing rounds, so that signing up is quick.
        engine = .inMemory(environment: .test(clock: clock), accounts: LocalAccountSettings(passwordHashRounds: 2))
        screens = engine.viewModels(navigator: navigator, locale: Locale(identifier: locale))
    }

    /// Saves a project through the use case, as another part of the app would.
    @discardableResult
    func add(_ title: String, body: String = "", deadline: Day? = nil, in state: ProjectState = .todo) async throws
        -> Project
    {
        let project = try await engine.createProject(ProjectDraft(title: title, body: body, deadline: deadline))
        guard state != .todo else { return project }
        return try await engine.moveProject(project.id, to: state).project
    }
}

extension CollectionDifference where ChangeElement == BoardRow {
    /// The changes as "-offset title" and "+offset title", removals first.
    var summary: [String] {
        map { change in
            switch change {
            case .remove(let offset, let row, _): "-\(offset) \(row.title)"
            case .insert(let offset, let row, _): "+\(offset) \(row.title)"
            }
        }
    }
}
