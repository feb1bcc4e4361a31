import Foundation
import ProjectManagerDomain

// The rest of the ports an `AccountScopedRepository` wraps, kept as simply as a test needs: the
// history as saved (no undo), GitHub links in a dictionary, no search.

extension InMemoryProjectStore: HistoryRepository {
    public func activities(onBoard board: Board.ID, limit: Int?) throws(RepositoryError) -> [Activity] {
        _ = try self.board(id: board)
        let entries = history.enumerated().filter { $0.element.entry.board == board }.reversed()
        return entries.prefix(limit ?? entries.count).map { index, saved in
            Activity(
                id: Activity.ID(
                    rawValue: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(index % 256)))),
                boardID: board, projectID: saved.entry.project, projectTitle: saved.entry.title, kind: saved.entry.kind,
                date: saved.date)
        }
    }

    public func undoStatus(onBoard board: Board.ID) -> UndoStatus { UndoStatus() }

    public func undo(onBoard board: Board.ID) -> UndoStatus { UndoStatus() }

    public func redo(onBoard board: Board.ID) -> UndoStatus { UndoStatus() }
}

extension InMemoryProjectStore: GitHubLinkRepository {
    public func save(_ link: GitHubBoardLink) throws(RepositoryError) {
        _ = try self.board(id: link.id)
        links[link.id] = link
    }

    public func link(of board: Board.ID) -> GitHubBoardLink? { links[board] }

    public func cards(on board: Board.ID) -> [GitHubCard] { cardsByProject.values.filter { $0.boardID == board } }

    public func save(_ cards: [GitHubCard]) {
        for card in cards { cardsByProject[card.id] = card }
    }
}

/// A search that finds nothing.
public struct NoSearch: ProjectSearchRepository {
    public init() {}

    public func searchProjects(
        matching query: SearchQuery, onBoard board: Board.ID?, limit: Int?
    ) throws(RepositoryError) -> SearchResults {
        SearchResults()
    }
}

/// Who is signed in, fixed: an account, or nobody.
public struct FixedSession: AuthenticationProvider {
    private let session: Session?

    /// Signed in as `account`, or nobody when `nil`.
    public init(_ account: Account.ID?) {
        session =
            account.map { id in
                // The email is never read by the scope; any valid one does.
                let email = (try? EmailAddress("someone@example.com"))
                return email.map {
                    Session(
                        account: Account(id: id, email: $0, createdAt: .distantPast), signedInAt: .distantPast,
                        expiresAt: nil)
                }
            } ?? nil
    }

    public func signUp(email: EmailAddress, password: String) throws(AuthenticationError) -> Session {
        throw .invalidLoginCredentials
    }
    public func signIn(email: EmailAddress, password: String) throws(AuthenticationError) -> Session {
        throw .invalidLoginCredentials
    }
    public func signOut() {}
    public func currentSession() -> Session? { session }
}
