import ProjectManagerDomain

/// A board's link to a GitHub repository, and the sync that makes the repository's issues its
/// cards: a board's "GitHub" settings.
///
/// ```swift
/// let (events, send) = AsyncStream.makeStream(of: GitHubBoardViewModel.Event.self)
/// let output = screens.makeGitHubBoard(issues: github.issues(signedInAs: credential))
///     .transform(GitHubBoardViewModel.Input(events: events))
/// send.yield(.link(repository))
/// send.yield(.sync)
/// for await report in output.synced { print("\(report.added) added") }
/// ```
@MainActor
public final class GitHubBoardViewModel: ViewModelType {
    /// What the user does.
    public enum Event: Hashable, Sendable {
        /// Link the board to this repository, in place of any other: with `createsIssues`, a card
        /// without an issue becomes one; with `closesDeletedIssues`, a deleted card closes its
        /// issue as not planned.
        case link(GitHubRepositoryName, createsIssues: Bool = false, closesDeletedIssues: Bool = false)
        /// Sync the board with the repository both ways (``SyncBoardWithGitHub``); ignored without
        /// a sign-in to GitHub.
        case sync
    }

    /// The user's events, in order.
    public typealias Input = EventInput<Event>

    /// What the screen renders.
    public struct Output: Sendable {
        /// Each repository the board was linked to, once saved.
        public let linked: AsyncStream<GitHubRepositoryName>
        /// What each sync did.
        public let synced: AsyncStream<GitHubSyncReport>
        /// What went wrong, for the user, in the locale's language.
        public let errors: AsyncStream<String>
        /// What went wrong, as the error itself, for a front end that chooses its own words; the
        /// same failures as ``errors``, in the same order.
        public let failures: AsyncStream<GitHubSyncError>
    }

    private let board: Board.ID
    private let link: LinkBoardToGitHub
    private let sync: SyncBoardWithGitHub?
    private let localizer: Localizer

    /// The GitHub settings of `board`.
    ///
    /// - Parameters:
    ///   - link: Links the board to a repository.
    ///   - sync: The sync over the signed-in user's issues; `nil` when no one is signed in to GitHub.
    public init(board: Board.ID, link: LinkBoardToGitHub, sync: SyncBoardWithGitHub?, localizer: Localizer) {
        self.board = board
        self.link = link
        self.sync = sync
        self.localizer = localizer
    }

    public func transform(_ input: Input) -> Output {
        let linked = OutputChannel<GitHubRepositoryName>()
        let synced = OutputChannel<GitHubSyncReport>()
        let errors = ErrorChannels<GitHubSyncError>()
        Task {
            for await event in input.events {
                do throws(GitHubSyncError) {
                    switch event {
                    case .link(let repository, let createsIssues, let closesDeletedIssues):
                        try await link(
                            repository, createsIssues: createsIssues, closesDeletedIssues: closesDeletedIssues)
                        linked.send(repository)
                    case .sync:
                        guard let sync else { continue }
                        synced.send(try await sync(board))
                    }
                } catch {
                    errors.send(error, as: text(for: error))
                }
            }
            linked.finish()
            synced.finish()
            errors.finish()
        }
        return Output(
            linked: linked.stream, synced: synced.stream, errors: errors.texts.stream, failures: errors.failures.stream)
    }

    private func link(
        _ repository: GitHubRepositoryName, createsIssues: Bool, closesDeletedIssues: Bool
    ) async throws(GitHubSyncError) {
        do throws(RepositoryError) {
            try await link(
                board, to: repository, createsIssues: createsIssues, closesDeletedIssues: closesDeletedIssues)
        } catch {
            throw .repository(error)
        }
    }

    private func text(for error: GitHubSyncError) -> String {
        switch error {
        case .notLinked: localizer(.gitHub(.notLinked))
        case .gitHub(let error): localizer(.gitHub(.failure(error)))
        case .repository(let error): localizer(.failure(error))
        }
    }
}
