/// Reads a card's checklist: its items in order, and how much of it is ticked.
///
/// ```swift
/// let items = try await fetchChecklist(card.id)
/// let badge = try await fetchChecklist.progress(of: card.id).description   // "2/5"
/// ```
public struct FetchChecklist: Sendable {
    private let projects: any ProjectRepository

    /// A use case that reads `projects`.
    public init(projects: any ProjectRepository) {
        self.projects = projects
    }

    /// The card's items, in order.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* items.
    public func callAsFunction(_ card: Project.ID) async throws(RepositoryError) -> [ChecklistItem] {
        try await projects.checklist(of: card)
    }

    /// How many of the card's items are ticked, of how many.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the card does not exist.
    /// - Complexity: O(*n*) for *n* items.
    public func progress(of card: Project.ID) async throws(RepositoryError) -> ChecklistProgress {
        ChecklistProgress(try await projects.checklist(of: card))
    }
}
