import Foundation
import ProjectManagerTestSupport
import Testing

@testable import ProjectManager

/// Comments on a card, through the engine, over both kinds of store.
@Suite("Comments")
struct CommentTests {
    static let password = "correct horse battery"

    static func texts(_ engine: ProjectManagerEngine, of card: Project.ID) async throws -> [String] {
        try await engine.fetchComments(card).map(\.text)
    }

    @Test(
        "comments read newest first, each by the account signed in and dated; a restart keeps them",
        arguments: StoreKind.allCases)
    func newestFirst(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let ada = try await engine.signUp(email: "ada@example.com", password: Self.password).account
        let board = try await engine.createBoard(title: "Ada's")
        let card = try await engine.createProject(ProjectDraft(title: "Plan the offsite"), on: board.id)

        let first = try await engine.postComment("Which week?", on: card.id)
        harness.clock.advance(by: 60)
        try await engine.postComment("  The second.\nRoom 4, if it is free.\n ", on: card.id)
        harness.clock.advance(by: 60)
        try await engine.postComment("Booked.", on: card.id)

        #expect(first.author == ada.id)
        #expect(first.authorName == nil)
        #expect(first.createdAt == TestClock.defaultStart)
        #expect(first.editedAt == nil)
        #expect(first.boardID == board.id)
        let expected = ["Booked.", "The second.\nRoom 4, if it is free.", "Which week?"]
        #expect(try await Self.texts(engine, of: card.id) == expected)
        // Rewritten as one snapshot, the store keeps the comments as well as its journal did.
        if kind == .file { try engine.compact() }
        let restarted = try harness.restarted()
        #expect(try await Self.texts(restarted, of: card.id) == expected)
        #expect(try await restarted.fetchComments(card.id).map(\.author) == [ada.id, ada.id, ada.id])
        #expect(try await restarted.fetchHistory(onBoard: board.id, limit: 1).map(\.kind) == [.commented])
        #expect(
            try await restarted.fetchHistory(onBoard: board.id, limit: 1).map(\.projectTitle) == ["Plan the offsite"])
    }

    @Test("signed out, a comment is by nobody, and nobody may edit and delete it", arguments: StoreKind.allCases)
    func signedOut(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))

        let comment = try await engine.postComment("Anyone?", on: card.id)
        harness.clock.advance(by: 90)
        let edited = try await engine.editComment(comment.id, to: "Anyone free on Friday?")

        #expect(comment.author == nil)
        #expect(edited.author == nil)
        #expect(edited.createdAt == comment.createdAt)
        #expect(edited.editedAt == TestClock.defaultStart.addingTimeInterval(90))
        #expect(try await harness.restarted().fetchComments(card.id) == [edited])
        try await harness.engine.deleteComment(comment.id)
        #expect(try await Self.texts(harness.engine, of: card.id).isEmpty)
        #expect(
            try await harness.engine.fetchHistory(limit: 3).map(\.kind) == [
                .commentDeleted, .commentEdited, .commented,
            ])
    }

    @Test("another account's comment reads as missing, to another account and to nobody", arguments: StoreKind.allCases)
    func anotherAccounts(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        _ = try await engine.signUp(email: "ada@example.com", password: Self.password)
        let board = try await engine.createBoard(title: "Ada's")
        let card = try await engine.createProject(ProjectDraft(title: "Secret"), on: board.id)
        let comment = try await engine.postComment("Mine.", on: card.id)

        for signUpBob in [true, false] {
            if signUpBob {
                _ = try await engine.signUp(email: "bob@example.com", password: Self.password)
            } else {
                _ = try await engine.signOut()
            }
            await #expect(throws: RepositoryError.notFound(.comment(comment.id))) {
                try await engine.editComment(comment.id, to: "Taken.")
            }
            await #expect(throws: RepositoryError.notFound(.comment(comment.id))) {
                try await engine.deleteComment(comment.id)
            }
            await #expect(throws: RepositoryError.notFound(.project(card.id))) {
                try await engine.fetchComments(card.id)
            }
            await #expect(throws: RepositoryError.notFound(.project(card.id))) {
                try await engine.postComment("Me too.", on: card.id)
            }
        }

        _ = try await engine.signIn(email: "ada@example.com", password: Self.password)
        #expect(try await engine.fetchComments(card.id) == [comment])
        #expect(try await engine.editComment(comment.id, to: "Still mine.").text == "Still mine.")
    }

    @Test(
        "empty and too long text are refused, typed, and nothing is saved; the same text saves nothing",
        arguments: StoreKind.allCases)
    func refusals(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))
        let comment = try await engine.postComment("Booked.", on: card.id)
        let history = try await engine.fetchHistory().count

        await #expect(throws: RepositoryError.invalid(ValidationError([.commentEmpty]))) {
            try await engine.postComment(" \n\t ", on: card.id)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.commentTooLong(limit: 1_000)]))) {
            try await engine.editComment(comment.id, to: String(repeating: "가", count: 1_001))
        }
        let missing = ProjectManagerDomain.Comment.ID(rawValue: UUID())
        await #expect(throws: RepositoryError.notFound(.comment(missing))) {
            try await engine.deleteComment(missing)
        }
        let unchanged = try await engine.editComment(comment.id, to: " Booked. ")
        #expect(unchanged == comment)

        #expect(try await engine.fetchHistory().count == history)
        #expect(try await harness.restarted().fetchComments(card.id) == [comment])
        // A thousand characters, line breaks among them, is the most a comment holds.
        let longest = String(repeating: "line\n", count: 199) + "last!"
        #expect(try await harness.engine.editComment(comment.id, to: longest).text.count == 1_000)
    }

    @Test("posting, editing and deleting are each undone alone", arguments: StoreKind.allCases)
    func undoEachStep(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))
        let comment = try await engine.postComment("a", on: card.id)
        harness.clock.advance(by: 60)
        try await engine.postComment("b", on: card.id)
        try await engine.editComment(comment.id, to: "A")
        try await engine.deleteComment(comment.id)
        #expect(try await Self.texts(engine, of: card.id) == ["b"])

        let restarted = try harness.restarted()
        var states: [[String]] = []
        for _ in 0..<4 {
            try await restarted.undoRedo.undo()
            states.append(try await Self.texts(restarted, of: card.id))
        }

        #expect(states == [["b", "A"], ["b", "a"], ["a"], []])
        #expect(try await restarted.fetchProject(card.id).title == "Plan")
    }

    @Test(
        "deleting a card deletes its comments; a card moved to another board takes them",
        arguments: StoreKind.allCases)
    func deleteAndMove(kind: StoreKind) async throws {
        let harness = try EngineHarness(kind)
        let engine = harness.engine
        let work = try await engine.createBoard(title: "Work")
        let moved = try await engine.createProject(ProjectDraft(title: "Moved"))
        let deleted = try await engine.createProject(ProjectDraft(title: "Deleted"))
        let kept = try await engine.postComment("Goes along.", on: moved.id)
        let gone = try await engine.postComment("Goes away.", on: deleted.id)

        try await engine.moveProject(moved.id, toBoard: work.id)
        try await engine.deleteProject(deleted.id)

        let restarted = try harness.restarted()
        let comments = try await restarted.fetchComments(moved.id)
        #expect(comments.map(\.id) == [kept.id])
        #expect(comments.map(\.boardID) == [work.id])
        #expect(comments.map(\.editedAt) == [nil])
        await #expect(throws: RepositoryError.notFound(.comment(gone.id))) {
            try await restarted.deleteComment(gone.id)
        }
        if kind == .file {
            let check = restarted.checkStore()
            #expect(check.isHealthy)
            #expect(check.objects[ProjectManagerDomain.Comment.entityName] == 1)
        }
    }

    @Test("the change stream names a comment posted, with its card and board, and one deleted alone")
    func changeStream() async throws {
        let harness = try EngineHarness(.inMemory)
        let engine = harness.engine
        let card = try await engine.createProject(ProjectDraft(title: "Plan"))
        var changes = engine.changes().makeAsyncIterator()

        let comment = try await engine.postComment("Booked.", on: card.id)
        try await engine.deleteComment(comment.id)

        let posted = try #require(await changes.next())
        #expect(posted.inserted == [.comment(comment.id)])
        #expect(posted.updated == [.project(card.id)])
        #expect(posted.projectBoards == [card.id: .default])
        let deleted = try #require(await changes.next())
        #expect(deleted.deleted == [.comment(comment.id)])
        #expect(deleted.inserted.isEmpty && deleted.updated.isEmpty)
    }
}
