import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// The rules of a card's checklist and comments, decided in the Domain and checked against the
/// in-memory store: what each use case writes, and who may change a comment.
@Suite("A card's checklist and comments: the rules")
struct CardDetailRulesTests {
    static let ada = Account.ID(rawValue: SequentialIDs.id(700))
    static let bob = Account.ID(rawValue: SequentialIDs.id(701))
    static let work = Board(
        id: Board.ID(rawValue: SequentialIDs.id(500)), title: "Work", createdAt: TestClock.defaultStart)

    struct World {
        let store = InMemoryProjectStore(boards: [CardDetailRulesTests.work])
        let clock = TestClock()
        let environment: EngineEnvironment

        init() {
            environment = .test(clock: clock)
        }

        var create: CreateProject { CreateProject(store: store, environment: environment) }
        var add: AddChecklistItem { AddChecklistItem(store: store, environment: environment) }
        var edit: EditChecklistItem { EditChecklistItem(store: store, environment: environment) }
        var post: PostComment { PostComment(store: store, environment: environment) }
        var editComment: EditComment { EditComment(store: store, environment: environment) }
        var deleteComment: DeleteComment { DeleteComment(store: store, environment: environment) }
        var move: MoveProject { MoveProject(store: store, environment: environment) }

        func texts(of card: Project.ID) async throws -> [String] {
            try await store.checklist(of: card).map(\.text)
        }
    }

    @Test("adding, ticking, renaming and moving an item each write the item alone, with one history entry")
    func oneObjectWrites() async throws {
        let world = World()
        let card = try await world.create(ProjectDraft(title: "Plan the offsite"))
        let room = try await world.add("Book the room", to: card.id)
        let agenda = try await world.add("Send the agenda", to: card.id)

        let ticked = try await world.edit(room.id, .done(true))
        #expect(await world.store.saved.last?.changes == [.updateChecklistItem(ticked)])
        #expect(await world.store.saved.last?.entries.map(\.kind) == [.checklistItemDone("Book the room")])
        #expect(await world.store.saved.last?.entries.map(\.title) == ["Plan the offsite"])

        let renamed = try await world.edit(agenda.id, .text("  Send the agenda today "))
        #expect(renamed.text == "Send the agenda today")
        #expect(await world.store.saved.last?.changes == [.updateChecklistItem(renamed)])

        let moved = try await world.edit(agenda.id, .move(to: 0))
        #expect(await world.store.saved.last?.changes == [.updateChecklistItem(moved)])
        #expect(try await world.texts(of: card.id) == ["Send the agenda today", "Book the room"])
        #expect(try await world.store.project(id: card.id) == card)
    }

    @Test("an edit that changes nothing saves nothing")
    func noOpEdits() async throws {
        let world = World()
        let card = try await world.create(ProjectDraft(title: "Plan"))
        let item = try await world.add("Book the room", to: card.id)
        _ = try await world.add("Send the agenda", to: card.id)
        let saves = await world.store.saved.count

        try await world.edit(item.id, .done(false))
        try await world.edit(item.id, .text("Book the room "))
        try await world.edit(item.id, .move(to: 0))
        try await world.edit(item.id, .move(to: -3))

        #expect(await world.store.saved.count == saves)
    }

    @Test("an item's text keeps a title's rules; nothing is saved when it breaks them")
    func itemTextRules() async throws {
        let world = World()
        let card = try await world.create(ProjectDraft(title: "Plan"))
        let saves = await world.store.saved.count

        await #expect(throws: RepositoryError.invalid(ValidationError([.titleEmpty]))) {
            try await world.add(" \n ", to: card.id)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.titleHasLineBreak]))) {
            try await world.add("two\nlines", to: card.id)
        }
        await #expect(throws: RepositoryError.invalid(ValidationError([.titleTooLong(limit: 100)]))) {
            try await world.add(String(repeating: "x", count: 101), to: card.id)
        }
        #expect(await world.store.saved.count == saves)
    }

    @Test("only a comment's author edits or deletes it: another account, or nobody, is refused")
    func authorRules() async throws {
        let world = World()
        let card = try await world.create(ProjectDraft(title: "Plan"))
        await world.store.signIn(Self.ada)
        let adas = try await world.post("Booked.", on: card.id)
        #expect(adas.author == Self.ada)
        let saves = await world.store.saved.count

        for viewer in [Self.bob, nil] {
            await world.store.signIn(viewer)
            await #expect(throws: RepositoryError.invalid(ValidationError([.notYourComment]))) {
                try await world.editComment(adas.id, to: "Cancelled.")
            }
            await #expect(throws: RepositoryError.invalid(ValidationError([.notYourComment]))) {
                try await world.deleteComment(adas.id)
            }
        }
        #expect(await world.store.saved.count == saves)
        #expect(try await world.store.comments(of: card.id) == [adas])

        await world.store.signIn(nil)
        let nobodys = try await world.post("Anyone?", on: card.id)
        #expect(nobodys.author == nil)
        await world.store.signIn(Self.ada)
        await #expect(throws: RepositoryError.invalid(ValidationError([.notYourComment]))) {
            try await world.editComment(nobodys.id, to: "Me.")
        }
        await world.store.signIn(nil)
        #expect(try await world.editComment(nobodys.id, to: "Me.").text == "Me.")
    }

    @Test("a card moved to another board takes its items and comments, in the same change set")
    func movedCardTakesItsDetails() async throws {
        let world = World()
        let card = try await world.create(ProjectDraft(title: "Plan"))
        let item = try await world.add("Book the room", to: card.id)
        let comment = try await world.post("Booked.", on: card.id)

        try await world.move(card.id, toBoard: Self.work.id)

        let changes = try #require(await world.store.saved.last?.changes)
        var movedItem = item
        movedItem.boardID = Self.work.id
        var movedComment = comment
        movedComment.boardID = Self.work.id
        #expect(changes.contains(.updateChecklistItem(movedItem)))
        #expect(changes.contains(.updateComment(movedComment)))
        #expect(try await world.store.checklist(of: card.id) == [movedItem])
        #expect(try await world.store.comments(of: card.id) == [movedComment])
    }
}
