import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// What `AccountScopedRepository` lets a change set write: only the viewer's boards, projects and
/// stars, checked inside the store's unit of work; hand-built sets, as no use case would make them.
@Suite("Account scope: what a change set may write")
struct ScopedChangeTests {
    static let ada = Account.ID(rawValue: SequentialIDs.id(700))
    static let bob = Account.ID(rawValue: SequentialIDs.id(701))
    static let now = TestClock.defaultStart
    static let adas = Board(id: Board.ID(rawValue: SequentialIDs.id(101)), title: "Ada's", createdAt: now, owner: ada)
    static let bobs = Board(id: Board.ID(rawValue: SequentialIDs.id(102)), title: "Bob's", createdAt: now, owner: bob)
    static let bobsCard = Project(
        id: Project.ID(rawValue: SequentialIDs.id(103)), boardID: bobs.id, title: "Bob's card", createdAt: now)
    static let bobsStar = Favourite(.project(bobsCard.id), onBoard: bobs.id, starredAt: now)
    static let adasCard = Project(
        id: Project.ID(rawValue: SequentialIDs.id(104)), boardID: adas.id, title: "Ada's card", createdAt: now)
    static let bobsItem = ChecklistItem(
        id: ChecklistItem.ID(rawValue: SequentialIDs.id(105)), projectID: bobsCard.id, boardID: bobs.id, text: "Bob's")
    static let bobsComment = ProjectManagerDomain.Comment(
        id: ProjectManagerDomain.Comment.ID(rawValue: SequentialIDs.id(106)), projectID: bobsCard.id, boardID: bobs.id,
        author: bob, text: "Bob's", createdAt: now)

    static func scoped(as viewer: Account.ID?) -> (AccountScopedRepository, InMemoryProjectStore) {
        let store = InMemoryProjectStore(
            boards: [adas, bobs], projects: [bobsCard, adasCard], favourites: [bobsStar], checklist: [bobsItem],
            comments: [bobsComment])
        return (AccountScopedRepository(store: store, search: NoSearch(), sessions: FixedSession(viewer)), store)
    }

    /// A comment on Ada's card by `author`.
    static func comment(by author: Account.ID?, named name: String? = nil) -> ProjectManagerDomain.Comment {
        ProjectManagerDomain.Comment(
            id: ProjectManagerDomain.Comment.ID(rawValue: SequentialIDs.id(12)), projectID: adasCard.id,
            boardID: adas.id, author: author, authorName: name, text: "Hello", createdAt: now)
    }

    static func changes(_ build: (inout ChangeSet) -> Void) -> ChangeSet {
        var changes = ChangeSet(UserAction(.deleteBoard(adas.id), at: now), undoOn: adas.id)
        build(&changes)
        return changes
    }

    /// Sets that reach into Bob's board, each refused whole when Ada saves it.
    static let intrusions: [(String, ChangeSet)] = [
        (
            "a card put on Bob's board",
            changes {
                $0.insert(
                    Project(
                        id: Project.ID(rawValue: SequentialIDs.id(10)), boardID: bobs.id, title: "mine", createdAt: now)
                )
            }
        ),
        (
            "Bob's card edited",
            changes {
                var card = bobsCard
                card.title = "taken"
                $0.update(card)
            }
        ),
        (
            "Bob's card moved to Ada's board",
            changes {
                var card = bobsCard
                card.boardID = adas.id
                $0.update(card)
            }
        ),
        ("Bob's card deleted", changes { $0.delete(bobsCard.id) }),
        ("Bob's board deleted", changes { $0.delete(bobs.id) }),
        (
            "Bob's board taken over: deleted, then made again as Ada's",
            changes {
                $0.delete(bobs.id)
                $0.insert(Board(id: bobs.id, title: "Mine now", createdAt: now, owner: ada))
            }
        ),
        (
            "a board made for Bob",
            changes {
                $0.insert(
                    Board(id: Board.ID(rawValue: SequentialIDs.id(11)), title: "Gift", createdAt: now, owner: bob))
            }
        ),
        ("Bob's star taken off", changes { $0.delete(bobsStar.id) }),
        (
            "Bob's star moved to Ada's board",
            changes {
                $0.update(Favourite(bobsStar.target, onBoard: adas.id, starredAt: now))
            }
        ),
        (
            "a star put on Bob's card from Ada's board",
            changes {
                $0.insert(Favourite(.board(bobs.id), onBoard: adas.id, starredAt: now))
            }
        ),
        ("a history entry on Bob's board", changes { $0.record(.boardRenamed(from: "x"), title: "y", on: bobs.id) }),
        (
            "a history entry naming Bob's card",
            changes {
                $0.record(.edited, title: "Bob's card", project: bobsCard.id, on: adas.id)
            }
        ),
        (
            "an item put on Bob's card",
            changes {
                $0.insert(
                    ChecklistItem(
                        id: ChecklistItem.ID(rawValue: SequentialIDs.id(13)), projectID: bobsCard.id, boardID: bobs.id,
                        text: "mine"))
            }
        ),
        (
            "an item put on Bob's card, said to stand on Ada's board",
            changes {
                $0.insert(
                    ChecklistItem(
                        id: ChecklistItem.ID(rawValue: SequentialIDs.id(13)), projectID: bobsCard.id, boardID: adas.id,
                        text: "mine"))
            }
        ),
        (
            "an item of Ada's card put on Bob's board",
            changes {
                $0.insert(
                    ChecklistItem(
                        id: ChecklistItem.ID(rawValue: SequentialIDs.id(13)), projectID: adasCard.id, boardID: bobs.id,
                        text: "mine"))
            }
        ),
        (
            "Bob's item ticked",
            changes {
                var item = bobsItem
                item.isDone = true
                $0.update(item)
            }
        ),
        (
            "Bob's item moved to Ada's board",
            changes {
                var item = bobsItem
                item.boardID = adas.id
                $0.update(item)
            }
        ),
        ("Bob's item deleted", changes { $0.delete(bobsItem.id) }),
        (
            "a comment on Bob's card",
            changes {
                $0.insert(
                    ProjectManagerDomain.Comment(
                        id: ProjectManagerDomain.Comment.ID(rawValue: SequentialIDs.id(14)), projectID: bobsCard.id,
                        boardID: bobs.id, author: ada, text: "mine", createdAt: now))
            }
        ),
        ("a comment on Ada's card, signed as Bob", changes { $0.insert(comment(by: bob)) }),
        ("a comment on Ada's card, signed by nobody", changes { $0.insert(comment(by: nil)) }),
        (
            "Bob's comment edited",
            changes {
                var comment = bobsComment
                comment.text = "taken"
                $0.update(comment)
            }
        ),
        ("Bob's comment deleted", changes { $0.delete(bobsComment.id) }),
    ]

    @Test(
        "a change set that touches another account's board, card or star is refused, and nothing is saved",
        arguments: intrusions.indices)
    func intrusionRefused(index: Int) async throws {
        let (scoped, store) = Self.scoped(as: Self.ada)
        let (name, changes) = Self.intrusions[index]

        await #expect(throws: RepositoryError.self, "\(name)") { try await scoped.save(changes) }
        #expect(await store.saved.isEmpty, "\(name)")
    }

    @Test("signed out, no one's board but the boards of no account may be written")
    func signedOutWritesNoAccountsBoard() async throws {
        let (scoped, store) = Self.scoped(as: nil)

        await #expect(throws: RepositoryError.notFound(.board(Self.adas.id))) {
            try await scoped.save(Self.changes { $0.record(.boardRenamed(from: "x"), title: "y", on: Self.adas.id) })
        }
        try await scoped.save(
            ChangeSet(UserAction(.renameBoard(.default, title: "Home"), at: Self.now), undoOn: .default))
        #expect(await store.saved.count == 1)
    }

    @Test("a change set on the viewer's own board is saved as the viewer's action")
    func ownChangeAttributed() async throws {
        let (scoped, store) = Self.scoped(as: Self.ada)
        let card = Project(
            id: Project.ID(rawValue: SequentialIDs.id(20)), boardID: Self.adas.id, title: "mine", createdAt: Self.now)

        try await scoped.save(
            Self.changes {
                $0.insert(card)
                $0.record(.added(.todo), of: card)
            })

        let saved = try #require(await store.saved.last)
        #expect(saved.action.author == Self.ada)
        #expect(await store.history.map(\.author) == [Self.ada])
    }

    @Test("a comment Ada writes on her card is hers, or an imported one by no account; Bob's name is refused")
    func commentAuthors() async throws {
        let (scoped, store) = Self.scoped(as: Self.ada)

        try await scoped.save(Self.changes { $0.insert(Self.comment(by: Self.ada)) })
        try await scoped.save(
            Self.changes {
                $0.delete(Self.comment(by: Self.ada).id)
                $0.insert(Self.comment(by: nil, named: "Grace (Trello)"))
            })
        await #expect(throws: RepositoryError.invalid(ValidationError([.notYourComment]))) {
            // The imported comment, taken over in Bob's name.
            try await scoped.save(Self.changes { $0.update(Self.comment(by: Self.bob, named: "Grace (Trello)")) })
        }
        #expect(await store.saved.count == 2)
        #expect(try await store.comments(of: Self.adasCard.id).map(\.authorName) == ["Grace (Trello)"])
    }

    @Test("a board made through the use case is the viewer's")
    func boardMadeIsViewers() async throws {
        let (scoped, _) = Self.scoped(as: Self.bob)
        let board = try await CreateBoard(store: scoped, environment: .test())(title: "Groceries")
        #expect(board.owner == Self.bob)
    }
}
