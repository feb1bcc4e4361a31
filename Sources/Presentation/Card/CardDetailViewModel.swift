import Foundation
import ProjectManagerDomain

/// A card's detail screen: its fields, its checklist (added, ticked, renamed, reordered, deleted)
/// and its comments (posted, edited and deleted by their author), reloaded after every event and
/// every save the store reports.
///
/// ```swift
/// let output = viewModel.transform(input)
/// input.send(.addItem("Book the room"))
/// for await detail in output.detail { render(detail) }
/// ```
@MainActor
public final class CardDetailViewModel: ViewModelType {
    /// What the user does on the card's screen.
    public enum Event: Hashable, Sendable {
        /// Add a checklist item, last.
        case addItem(String)
        /// Tick an item, or untick it.
        case setDone(ChecklistItem.ID, Bool)
        /// Give an item new text.
        case renameItem(ChecklistItem.ID, String)
        /// Move an item to an index of the checklist, from 0.
        case moveItem(ChecklistItem.ID, to: Int)
        /// Delete an item.
        case deleteItem(ChecklistItem.ID)
        /// Post a comment.
        case post(String)
        /// Give one's comment new text.
        case editComment(Comment.ID, String)
        /// Delete one's comment.
        case deleteComment(Comment.ID)
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the card's screen renders.
    public struct Output: Sendable {
        /// The checklist section's title.
        public let checklistTitle: String
        /// The comments section's title.
        public let commentsTitle: String
        /// The text to show when there are no comments.
        public let noComments: String
        /// The card, delivered when it changes.
        public let detail: AsyncStream<CardDetail>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
    }

    /// The use cases a card's screen reads and changes the card through.
    public struct Actions: Sendable {
        let fetchProject: FetchProject
        let fetchLists: FetchLists
        let fetchLabels: FetchLabels
        let fetchChecklist: FetchChecklist
        let addChecklistItem: AddChecklistItem
        let editChecklistItem: EditChecklistItem
        let fetchComments: FetchComments
        let postComment: PostComment
        let editComment: EditComment
        let deleteComment: DeleteComment

        /// The use cases, each as the engine has it.
        public init(
            fetchProject: FetchProject, fetchLists: FetchLists, fetchLabels: FetchLabels,
            fetchChecklist: FetchChecklist, addChecklistItem: AddChecklistItem,
            editChecklistItem: EditChecklistItem, fetchComments: FetchComments, postComment: PostComment,
            editComment: EditComment, deleteComment: DeleteComment
        ) {
            self.fetchProject = fetchProject
            self.fetchLists = fetchLists
            self.fetchLabels = fetchLabels
            self.fetchChecklist = fetchChecklist
            self.addChecklistItem = addChecklistItem
            self.editChecklistItem = editChecklistItem
            self.fetchComments = fetchComments
            self.postComment = postComment
            self.editComment = editComment
            self.deleteComment = deleteComment
        }
    }

    private let card: Project.ID
    private let actions: Actions
    private let viewer: @Sendable () async -> Account.ID?
    private let now: @Sendable () -> Date
    private let today: @Sendable () -> Day
    private let changes: @Sendable () -> AsyncStream<RepositoryChange>
    private let localizer: Localizer

    /// A card's view model.
    ///
    /// - Parameters:
    ///   - card: The card shown.
    ///   - viewer: Who reads: the signed-in account, or `nil`; their comments are "You" and theirs
    ///     to edit.
    ///   - environment: The clock and calendar overdue is judged by.
    ///   - changes: The store's change stream; it is subscribed to in ``transform(_:)``.
    public init(
        card: Project.ID, actions: Actions, viewer: @escaping @Sendable () async -> Account.ID?,
        environment: EngineEnvironment, changes: @escaping @Sendable () -> AsyncStream<RepositoryChange>,
        localizer: Localizer
    ) {
        self.card = card
        self.actions = actions
        self.viewer = viewer
        now = environment.now
        today = { environment.today() }
        self.changes = changes
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let (detail, errors) = ReloadingScreen.run(
            events: input.events, changes: changes(), localizer: localizer,
            handle: { event throws(RepositoryError) in try await self.handle(event) },
            read: { () throws(RepositoryError) in try await self.detail() })
        return Output(
            checklistTitle: localizer(.card(.checklistTitle)), commentsTitle: localizer(.card(.commentsTitle)),
            noComments: localizer(.card(.noComments)), detail: detail, errors: errors)
    }

    private func handle(_ event: Event) async throws(RepositoryError) {
        switch event {
        case .addItem(let text): _ = try await actions.addChecklistItem(text, to: card)
        case .setDone(let id, let done): _ = try await actions.editChecklistItem(id, .done(done))
        case .renameItem(let id, let text): _ = try await actions.editChecklistItem(id, .text(text))
        case .moveItem(let id, let index): _ = try await actions.editChecklistItem(id, .move(to: index))
        case .deleteItem(let id): _ = try await actions.editChecklistItem(id, .delete)
        case .post(let text): _ = try await actions.postComment(text, on: card)
        case .editComment(let id, let text): _ = try await actions.editComment(id, to: text)
        case .deleteComment(let id): _ = try await actions.deleteComment(id)
        }
    }

    /// Reads the card, its list, labels, checklist and comments.
    private func detail() async throws(RepositoryError) -> CardDetail {
        let project = try await actions.fetchProject(card)
        let lists = try await actions.fetchLists(project.boardID, archived: true)
        let labels = try await actions.fetchLabels(project.boardID)
        let items = try await actions.fetchChecklist(card)
        let comments = try await actions.fetchComments(card)
        let viewer = await viewer()
        let list = lists.first { $0.id == project.listID }?.list
        return CardDetail(
            title: project.title, body: project.body,
            list: list.map { $0.isStandardAsMade ? localizer(.state($0.stage)) : $0.title }
                ?? localizer(.state(project.state)),
            labels: project.labels.compactMap { id in labels.first { $0.id == id } }.map {
                BoardRow.Badge(name: $0.displayName, colour: $0.colour)
            },
            due: project.deadline.map { localizer.deadline($0) + (project.dueTime.map { " \($0)" } ?? "") },
            isOverdue: project.isOverdue(at: now(), today: today()),
            items: items.enumerated().map { index, item in
                CardDetail.Item(id: item.id, number: index + 1, text: item.text, isDone: item.isDone)
            },
            progress: items.isEmpty ? nil : localizer(.card(.progress(ChecklistProgress(items)))),
            comments: comments.map { row(of: $0, viewer: viewer) },
            isArchived: project.isArchived)
    }

    private func row(of comment: Comment, viewer: Account.ID?) -> CardDetail.CommentRow {
        let author: String =
            if let name = comment.authorName { name } else if comment.author == nil {
                localizer(.card(.byNobody))
            } else if comment.author == viewer {
                localizer(.card(.byYou))
            } else {
                localizer(.card(.byMember))
            }
        return CardDetail.CommentRow(
            id: comment.id, author: author, time: localizer.time(comment.createdAt), text: comment.text,
            edited: comment.editedAt == nil ? nil : localizer(.card(.edited)),
            canEdit: comment.isEditable(by: viewer))
    }
}
