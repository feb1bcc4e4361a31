import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@Suite("Repeating projects through the engine")
struct RecurringProjectTests {
    static let mart = RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU")
    static let seoul = TimeZone.named("Asia/Seoul")

    /// An engine whose clock reads noon in Seoul on `day`.
    static func harness(_ kind: StoreKind, on day: String) throws -> EngineHarness {
        let start = Day(day)
        return try EngineHarness(
            kind, clock: TestClock(.at(start.year, start.month, start.day, 12, in: seoul)), timeZone: seoul)
    }

    static func set(_ harness: EngineHarness, to day: String) {
        let day = Day(day)
        harness.clock.set(.at(day.year, day.month, day.day, 12, in: seoul))
    }

    @Test(
        "Done completes the occurrence: the card is back in To Do, due on the next one, with the completion in the history",
        arguments: StoreKind.allCases)
    func doneMovesToTheNextOccurrence(kind: StoreKind) async throws {
        let harness = try Self.harness(kind, on: "2026-03-01")
        let mart = try await harness.engine.createProject(ProjectDraft(title: "이마트 휴무", repeatRule: Self.mart))
        #expect(mart.deadline == Day("2026-03-08"))

        let change = try await harness.engine.moveProject(mart.id, to: .done)

        #expect(change.isChanged)
        let stored = try await harness.restarted().fetchProject(mart.id)
        #expect(stored.state == .todo)
        #expect(stored.deadline == Day("2026-03-22"))
        #expect(stored.rank == mart.rank)
        #expect(stored.recurrence?.completions == [Day("2026-03-08")])
        let history = try await harness.engine.fetchHistory()
        #expect(history.first?.kind == .occurrenceCompleted(Day("2026-03-08"), next: Day("2026-03-22")))
        #expect(history.count == 2)
    }

    @Test("undo puts the occurrence back in one step, and redo completes it again", arguments: StoreKind.allCases)
    func undoAndRedoCompletion(kind: StoreKind) async throws {
        let harness = try Self.harness(kind, on: "2026-03-01")
        let mart = try await harness.engine.createProject(ProjectDraft(title: "Mart", repeatRule: Self.mart))
        try await harness.engine.moveProject(mart.id, to: .doing)
        try await harness.engine.moveProject(mart.id, to: .done)

        try await harness.restarted().undoRedo.undo()
        let undone = try await harness.restarted().fetchProject(mart.id)
        #expect(undone.state == .doing)
        #expect(undone.deadline == Day("2026-03-08"))
        #expect(undone.recurrence?.completions == [])

        try await harness.engine.undoRedo.redo()
        let redone = try await harness.restarted().fetchProject(mart.id)
        #expect(redone.state == .todo)
        #expect(redone.deadline == Day("2026-03-22"))
        #expect(redone.recurrence?.completions == [Day("2026-03-08")])
    }

    @Test("a card done from Doing goes last in To Do; one done from To Do keeps its place")
    func placeInToDo() async throws {
        let harness = try Self.harness(.inMemory, on: "2026-03-01")
        let mart = try await harness.engine.createProject(ProjectDraft(title: "Mart", repeatRule: Self.mart))
        try await harness.create(["Write report", "Book venue"])
        try await harness.engine.moveProject(mart.id, to: .done)
        #expect(
            try await harness.engine.fetchBoard().titlesByColumn == [["Mart", "Write report", "Book venue"], [], []])

        try await harness.engine.moveProject(mart.id, to: .doing)
        try await harness.engine.moveProject(mart.id, to: .done, at: 0)

        #expect(
            try await harness.engine.fetchBoard().titlesByColumn == [["Write report", "Book venue", "Mart"], [], []])
    }

    @Test(
        "moved into another board's Done, it completes the occurrence there; undo on the board it left puts it back",
        arguments: StoreKind.allCases)
    func doneOnAnotherBoard(kind: StoreKind) async throws {
        let harness = try Self.harness(kind, on: "2026-03-01")
        let work = try await harness.engine.createBoard(title: "Work")
        try await harness.create(["Standup"], on: work.id)
        let mart = try await harness.engine.createProject(ProjectDraft(title: "Mart", repeatRule: Self.mart))

        try await harness.engine.moveProject(mart.id, toBoard: work.id, in: .done, at: 0)

        let moved = try await harness.restarted().fetchProject(mart.id)
        #expect((moved.boardID, moved.state, moved.deadline) == (work.id, .todo, Day("2026-03-22")))
        #expect(try await harness.engine.fetchBoard(work.id).titlesByColumn == [["Standup", "Mart"], [], []])
        let joined = try await harness.engine.fetchHistory(onBoard: work.id, limit: 2).map(\.kind)
        #expect(
            joined == [
                .occurrenceCompleted(Day("2026-03-08"), next: Day("2026-03-22")),
                .movedFromBoard(.default, title: Board.defaultTitle, from: .todo, to: .todo),
            ])

        try await harness.restarted().undoRedo.undo(onBoard: .default)
        #expect(try await harness.restarted().fetchProject(mart.id) == mart)
    }

    @Test(
        "after its COUNT or its UNTIL, Done is where it stays",
        arguments: [
            "FREQ=MONTHLY;BYDAY=2SU,4SU;COUNT=2", "FREQ=MONTHLY;BYDAY=2SU,4SU;UNTIL=20260322",
        ])
    func endedScheduleStaysDone(text: String) async throws {
        let harness = try Self.harness(.file, on: "2026-03-01")
        let mart = try await harness.engine.createProject(ProjectDraft(title: "Mart", repeatRule: RecurrenceRule(text)))

        try await harness.engine.moveProject(mart.id, to: .done)
        let second = try await harness.restarted().fetchProject(mart.id)
        #expect((second.state, second.deadline) == (.todo, Day("2026-03-22")))

        try await harness.engine.moveProject(mart.id, to: .done)
        let finished = try await harness.restarted().fetchProject(mart.id)
        #expect((finished.state, finished.deadline) == (.done, Day("2026-03-22")))
        #expect(try await harness.engine.fetchHistory().first?.kind == .moved(from: .todo, to: .done))
    }

    @Test(
        "skip makes the occurrence an exception and waits for the next; undo puts it back, redo skips it again",
        arguments: StoreKind.allCases)
    func skipAndUndo(kind: StoreKind) async throws {
        let harness = try Self.harness(kind, on: "2026-03-01")
        let mart = try await harness.engine.createProject(ProjectDraft(title: "Mart", repeatRule: Self.mart))

        let skipped = try await harness.engine.skipOccurrence(mart.id).project
        #expect(skipped.deadline == Day("2026-03-22"))
        let stored = try await harness.restarted().fetchProject(mart.id)
        #expect(stored.recurrence?.exceptions == [Day("2026-03-08")])
        #expect(stored.deadline == Day("2026-03-22"))
        #expect(
            try await harness.engine.fetchHistory().first?.kind
                == .occurrenceSkipped(Day("2026-03-08"), next: Day("2026-03-22")))

        try await harness.engine.undoRedo.undo()
        let undone = try await harness.restarted().fetchProject(mart.id)
        #expect(undone == mart)

        try await harness.engine.undoRedo.redo()
        #expect(try await harness.restarted().fetchProject(mart.id) == stored)
    }

    @Test("skipping the last occurrence ends the schedule: the project is done")
    func skipTheLast() async throws {
        let harness = try Self.harness(.inMemory, on: "2026-03-01")
        let mart = try await harness.engine.createProject(
            ProjectDraft(title: "Mart", repeatRule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU;COUNT=1")))

        let change = try await harness.engine.skipOccurrence(mart.id)

        #expect(change.project.state == .done)
        #expect(try await harness.engine.fetchHistory().first?.kind == .occurrenceSkipped(Day("2026-03-08"), next: nil))
    }

    @Test("a project that does not repeat has nothing to skip, and nothing is saved")
    func skipPlain() async throws {
        let harness = try Self.harness(.inMemory, on: "2026-03-01")
        let plain = try await harness.engine.createProject(ProjectDraft(title: "Once", deadline: Day("2026-03-20")))

        await #expect(throws: RepositoryError.invalid(ValidationError([.noOccurrenceToSkip]))) {
            try await harness.engine.skipOccurrence(plain.id)
        }
        #expect(try await harness.engine.fetchHistory().count == 1)
    }

    @Test("overdue only once the occurrence's day has passed, and the next one is not overdue")
    func overdue() async throws {
        let harness = try Self.harness(.inMemory, on: "2026-03-01")
        let mart = try await harness.engine.createProject(ProjectDraft(title: "Mart", repeatRule: Self.mart))

        Self.set(harness, to: "2026-03-08")
        #expect(try await harness.engine.fetchBoard().column(.todo).items.first?.isOverdue == false)
        Self.set(harness, to: "2026-03-09")
        #expect(try await harness.engine.fetchBoard().column(.todo).items.first?.isOverdue == true)

        try await harness.engine.moveProject(mart.id, to: .done)

        let item = try #require(try await harness.engine.fetchBoard().column(.todo).items.first)
        #expect(item.project.deadline == Day("2026-03-22"))
        #expect(!item.isOverdue)
    }

    @Test("the Korean mart rule gives every 2nd and 4th Sunday of 2026, one Done at a time")
    func martClosingsOf2026() async throws {
        let harness = try Self.harness(.file, on: "2026-01-01")
        let mart = try await harness.engine.createProject(ProjectDraft(title: "홈플러스 휴무", repeatRule: Self.mart))
        var days: [String] = []
        var project = mart
        while let deadline = project.deadline, deadline.year == 2026 {
            days.append(deadline.description)
            project = try await harness.engine.moveProject(mart.id, to: .done).project
        }

        #expect(
            days == [
                "2026-01-11", "2026-01-25", "2026-02-08", "2026-02-22", "2026-03-08", "2026-03-22", "2026-04-12",
                "2026-04-26", "2026-05-10", "2026-05-24", "2026-06-14", "2026-06-28", "2026-07-12", "2026-07-26",
                "2026-08-09", "2026-08-23", "2026-09-13", "2026-09-27", "2026-10-11", "2026-10-25", "2026-11-08",
                "2026-11-22", "2026-12-13", "2026-12-27",
            ])
        #expect(try await harness.restarted().fetchProject(mart.id).deadline == Day("2027-01-10"))
    }

    @Test(
        "a rule set on an existing project starts from its deadline; removing it keeps the deadline",
        arguments: StoreKind.allCases)
    func editTheRule(kind: StoreKind) async throws {
        let harness = try Self.harness(kind, on: "2026-03-15")
        let rent = try await harness.engine.createProject(ProjectDraft(title: "Pay rent", deadline: Day("2026-03-25")))

        let repeating = try await harness.engine.updateProject(
            rent.id,
            with: ProjectDraft(
                title: "Pay rent", deadline: Day("2026-03-25"), repeatRule: RecurrenceRule("FREQ=MONTHLY")))
        #expect(
            repeating.project.recurrence
                == Recurrence(start: Day("2026-03-25"), rule: RecurrenceRule("FREQ=MONTHLY")).owing(
                    from: Day("2026-03-25")))
        try await harness.engine.moveProject(rent.id, to: .done)
        #expect(try await harness.restarted().fetchProject(rent.id).deadline == Day("2026-04-25"))

        let once = try await harness.engine.updateProject(
            rent.id, with: ProjectDraft(title: "Pay rent", deadline: Day("2026-04-25")))
        #expect(once.project.recurrence == nil)
        try await harness.engine.moveProject(rent.id, to: .done)
        #expect(try await harness.restarted().fetchProject(rent.id).state == .done)
    }

    @Test("a rule with no day left is refused and saves nothing")
    func refusedRule() async throws {
        let harness = try Self.harness(.inMemory, on: "2026-03-15")
        let rule = RecurrenceRule("FREQ=WEEKLY;UNTIL=20260301")

        await #expect(
            throws: RepositoryError.invalid(ValidationError([.repeatHasNoDayLeft(rule, from: Day("2026-03-15"))]))
        ) {
            try await harness.engine.createProject(ProjectDraft(title: "Too late", repeatRule: rule))
        }
        #expect(try await harness.engine.fetchHistory().isEmpty)
    }

    @Test("an edit form's scratch copy follows the same schedule, and its commit is one edit")
    func editSession() async throws {
        let harness = try Self.harness(.inMemory, on: "2026-03-01")
        let plain = try await harness.engine.createProject(ProjectDraft(title: "Mart"))
        let session = try await harness.engine.beginProjectEdit(plain.id)

        let scratch = try await session.apply(ProjectDraft(title: "Mart", repeatRule: Self.mart))
        #expect(scratch.deadline == Day("2026-03-08"))
        let saved = try await session.commit()

        #expect(
            saved.recurrence == Recurrence(start: Day("2026-03-01"), rule: Self.mart).owing(from: Day("2026-03-01")))
        #expect(try await harness.engine.fetchHistory().first?.kind == .edited)
    }
}
