import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

/// A card's detail screen: its checklist and comments, in English and Korean.
@MainActor
@Suite("Card detail view model", .timeLimit(.minutes(10)))
struct CardDetailViewModelTests {
    typealias Screen = (events: Events<CardDetailViewModel.Event>, output: CardDetailViewModel.Output)

    func screen(_ app: TestApp, _ card: Project.ID) -> Screen {
        let events = Events<CardDetailViewModel.Event>()
        return (events, app.screens.makeCardDetail(card).transform(.init(events: events.stream)))
    }

    @Test("items are added, ticked and reordered; the progress follows; a comment signed out is nobody's")
    func checklistAndComments() async throws {
        let app = TestApp()
        let card = try await app.add("Launch", deadline: Day(year: 2026, month: 3, day: 20))
        let (events, output) = screen(app, card.id)
        let details = Probe(output.detail)
        let first = try #require(await details.next())
        #expect(first.items.isEmpty)
        #expect(first.progress == nil)
        #expect(first.list == "To Do")
        #expect(output.checklistTitle == "Checklist")

        events.send(.addItem("Book the room"))
        _ = await details.next()
        events.send(.addItem("Send invites"))
        let two = try #require(await details.next())
        #expect(two.items.map(\.text) == ["Book the room", "Send invites"])
        #expect(two.items.map(\.number) == [1, 2])

        events.send(.setDone(two.items[1].id, true))
        let ticked = try #require(await details.next())
        #expect(ticked.progress == "1 of 2 done")
        #expect(ticked.items.map(\.isDone) == [false, true])

        events.send(.moveItem(two.items[1].id, to: 0))
        let moved = try #require(await details.next())
        #expect(moved.items.map(\.text) == ["Send invites", "Book the room"])

        events.send(.post("Room 4 is free"))
        let commented = try #require(await details.next())
        #expect(commented.comments.map(\.text) == ["Room 4 is free"])
        #expect(commented.comments.first?.author == "Nobody")
        #expect(commented.comments.first?.canEdit == true)
        #expect(try await app.engine.fetchChecklist(card.id).map(\.isDone) == [true, false])
    }

    @Test("an empty item is refused in the reader's language, and nothing is saved")
    func refusal() async throws {
        let app = TestApp(locale: "ko_KR")
        let card = try await app.add("출시")
        let (events, output) = screen(app, card.id)
        let details = Probe(output.detail)
        let errors = Probe(output.errors)
        _ = await details.next()

        events.send(.addItem("   "))
        let error = try #require(await errors.next())
        #expect(!error.isEmpty)
        #expect(error.unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 })
        #expect(try await app.engine.fetchChecklist(card.id).isEmpty)

        events.send(.addItem("방 예약"))
        events.send(
            .setDone(try #require(await details.next()).items.first?.id ?? ChecklistItem.ID(rawValue: UUID()), true))
        _ = await details.next()
        #expect(output.checklistTitle == "체크리스트")
    }
}
