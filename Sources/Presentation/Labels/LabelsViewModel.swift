import ProjectManagerDomain

/// A board's label editor: its labels by name with how many cards carry each, and the label
/// actions (make, rename, recolour, delete), reloaded after every event and every save the store
/// reports.
@MainActor
public final class LabelsViewModel: ViewModelType {
    /// What the user does in the label editor.
    public enum Event: Hashable, Sendable {
        /// Make a label (an empty name for one known by its colour).
        case create(String, LabelColour)
        /// Change a label, or delete it.
        case edit(Label.ID, LabelEdit)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// One label as the editor shows it.
    public struct Row: Hashable, Sendable, Identifiable {
        /// The label's id.
        public let id: Label.ID
        /// As a card shows it: its name, or its colour's.
        public let badge: BoardRow.Badge
        /// How many of the board's cards carry it (archived ones too).
        public let cards: Int
    }

    /// What the label editor renders.
    public struct Output: Sendable {
        /// The labels, by name, delivered when they change.
        public let rows: AsyncStream<[Row]>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    private let board: Board.ID
    private let fetchLabels: FetchLabels
    private let fetchBoard: FetchBoard
    private let fetchArchived: FetchArchived
    private let createLabel: CreateLabel
    private let editLabel: EditLabel
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let localizer: Localizer

    /// A label editor of `board`.
    /// - Parameter changes: The store's change stream; it is subscribed to in ``transform(_:)``.
    public init(
        board: Board.ID, fetchLabels: FetchLabels, fetchBoard: FetchBoard, fetchArchived: FetchArchived,
        createLabel: CreateLabel, editLabel: EditLabel,
        changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        localizer: Localizer
    ) {
        self.board = board
        self.fetchLabels = fetchLabels
        self.fetchBoard = fetchBoard
        self.fetchArchived = fetchArchived
        self.createLabel = createLabel
        self.editLabel = editLabel
        self.changes = changes
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let (rows, errors) = ReloadingScreen.run(
            events: input.events, changes: changes(), localizer: localizer,
            handle: { [board, createLabel, editLabel] event throws(RepositoryError) in
                switch event {
                case .create(let name, let colour): _ = try await createLabel(name, colour: colour, on: board)
                case .edit(let id, let edit): _ = try await editLabel(id, on: board, edit)
                }
            },
            read: { () throws(RepositoryError) in try await self.rows() })
        return Output(rows: rows, errors: errors)
    }

    /// Reads the labels and counts the cards that carry each, the archived ones included.
    private func rows() async throws(RepositoryError) -> [Row] {
        let labels = try await fetchLabels(board)
        var counts: [Label.ID: Int] = [:]
        let cards = try await fetchBoard(board).projects + fetchArchived(board)
        for card in cards { for label in card.labels { counts[label, default: 0] += 1 } }
        return labels.map { label in
            Row(
                id: label.id, badge: BoardRow.Badge(name: label.displayName, colour: label.colour),
                cards: counts[label.id] ?? 0)
        }
    }
}
