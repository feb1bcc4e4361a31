import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManager
@testable import ProjectManagerData

/// The merge rules, each on two replicas that changed the same thing while apart.
@Suite struct MergeRuleTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)")
    let world = ConvergenceTests.World()

    /// Two replicas sharing the default board, each holding the card "shared" (made of `draft`).
    func pair(
        _ draft: ProjectDraft = ProjectDraft(title: "shared")
    ) async throws -> (ProjectManagerEngine, ProjectManagerEngine, Project.ID) {
        let remote = folder.appendingPathComponent("remote")
        try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
        let engines = try ConvergenceTests.replicas(2, world: world, in: folder, seed: 11)
        for engine in engines { try engine.addRemote(named: "team", address: remote.path) }
        let card = try await engines[0].createProject(draft, in: .todo)
        _ = try await engines[0].createProject(ProjectDraft(title: "other"), in: .doing)
        _ = try await engines[0].share(board: .default, on: "team")
        _ = try await engines[1].join(remote: "team")
        return (engines[0], engines[1], card.id)
    }

    func syncBoth(_ a: ProjectManagerEngine, _ b: ProjectManagerEngine) async {
        for engine in [a, b, a, b] {
            world.advance(1)
            let report = await engine.sync()
            #expect(report.succeeded)
        }
    }

    func places(of card: Project.ID, in engine: ProjectManagerEngine) async throws -> [ProjectState] {
        try await engine.fetchBoard().columns.filter { $0.items.contains { $0.project.id == card } }.map(\.state)
    }

    @Test func aCardMovedOnTwoReplicasAtOnceEndsInOnePlaceTheLaterMove() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        _ = try await a.moveProject(card, to: .doing)
        world.advance(1)
        _ = try await b.moveProject(card, to: .done)
        await syncBoth(a, b)
        #expect(try await places(of: card, in: a) == [.done])
        #expect(try await places(of: card, in: b) == [.done])
    }

    @Test func aDeleteWinsOverAnEditMadeMeanwhile() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        _ = try await a.deleteProject(card)
        world.advance(1)
        try await b.updateProject(card, with: ProjectDraft(title: "edited later"))
        await syncBoth(a, b)
        #expect(try await places(of: card, in: a).isEmpty)
        #expect(try await places(of: card, in: b).isEmpty)
    }

    @Test func anEditLostToADeleteIsKeptOnceInTheHistoryEverywhereAndCountedAsAConflict() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given a card deleted on one replica, and edited on the other where the delete is not seen yet
        let (a, b, card) = try await pair()
        world.advance(1)
        _ = try await a.deleteProject(card)
        world.advance(1)
        _ = await a.sync()
        world.advance(1)
        try await b.updateProject(card, with: ProjectDraft(title: "typed meanwhile", body: "notes"))

        // When both sync, more than once
        await syncBoth(a, b)
        await syncBoth(a, b)

        // Then the delete won, the edit is in the board's history once on each, and each counts one conflict
        for engine in [a, b] {
            #expect(try await places(of: card, in: engine).isEmpty)
            let lost = try await engine.fetchHistory().filter {
                $0.kind == .editLostToDelete(title: "typed meanwhile", body: "notes")
            }
            #expect(lost.count == 1)
            #expect(lost.first?.projectID == card)
            #expect(try engine.remotes().first?.conflicts[.default] == 1)
        }
    }

    @Test func aDeleteAndAnEditOfAnotherCardAreNoConflict() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        let other = try #require(try await b.fetchBoard().columns.flatMap(\.items).first { $0.project.id != card })
        world.advance(1)
        _ = try await a.deleteProject(card)
        world.advance(1)
        try await b.updateProject(other.project.id, with: ProjectDraft(title: "edited"))
        await syncBoth(a, b)
        for engine in [a, b] {
            #expect(try engine.remotes().first?.conflicts[.default] == 0)
            #expect(
                try await engine.fetchHistory().allSatisfy {
                    if case .editLostToDelete = $0.kind { false } else { true }
                })
        }
    }

    @Test func ofTwoEditsOfOneFieldTheLaterMadeWinsWhicheverDeviceSyncsLast() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given a card edited on one device, and ten seconds later on the other
        let (a, b, card) = try await pair()
        world.advance(1)
        try await a.updateProject(card, with: ProjectDraft(title: "made first"))
        world.advance(10)
        try await b.updateProject(card, with: ProjectDraft(title: "made last"))

        // When the device that edited last syncs first, and the other after it
        world.advance(10)
        _ = await b.sync()
        world.advance(10)
        await syncBoth(a, b)

        // Then the edit made last is the card's title everywhere
        for engine in [a, b] {
            #expect(try await engine.fetchProject(card).title == "made last")
        }
    }

    @Test func eachFieldIsStampedWhenItWasChangedNotWhenTheCardLastWas() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given a card whose title one device changes, then the other, and whose body the first
        // device changes after both, all before a sync
        let (a, b, card) = try await pair()
        world.advance(1)
        try await a.updateProject(card, with: ProjectDraft(title: "first title"))
        world.advance(10)
        try await b.updateProject(card, with: ProjectDraft(title: "later title"))
        world.advance(10)
        try await a.updateProject(card, with: ProjectDraft(title: "first title", body: "notes"))

        // When both sync
        world.advance(10)
        await syncBoth(a, b)

        // Then the title changed last and the body are the card's everywhere
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.title == "later title")
            #expect(project.body == "notes")
        }
    }

    @Test func aDeleteUndoneAfterItWasSyncedRestoresTheCardEverywhere() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        _ = try await a.deleteProject(card)
        await syncBoth(a, b)
        #expect(try await places(of: card, in: b).isEmpty)
        world.advance(1)
        _ = try await a.undoRedo.undo()
        await syncBoth(a, b)
        #expect(try await places(of: card, in: a) == [.todo])
        #expect(try await places(of: card, in: b) == [.todo])
    }

    @Test func undoingASyncedEditSendsItsInverse() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        try await a.updateProject(card, with: ProjectDraft(title: "renamed"))
        await syncBoth(a, b)
        #expect(try await b.fetchProject(card).title == "renamed")
        world.advance(1)
        _ = try await a.undoRedo.undo()
        await syncBoth(a, b)
        #expect(try await b.fetchProject(card).title == "shared")
        #expect(try await a.fetchProject(card).title == "shared")
    }

    @Test func undoingAnEditSomeoneElseChangedSinceIsAnUndoConflict() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        try await a.updateProject(card, with: ProjectDraft(title: "mine"))
        await syncBoth(a, b)
        world.advance(1)
        try await b.updateProject(card, with: ProjectDraft(title: "theirs"))
        await syncBoth(a, b)
        #expect(try await a.fetchProject(card).title == "theirs")
        await #expect(throws: RepositoryError.undoConflict(.project(card))) { _ = try await a.undoRedo.undo() }
        #expect(try await a.fetchProject(card).title == "theirs")
    }

    @Test func undoingAnEditAfterAnotherDeviceChangedOtherFieldsTakesBackOnlyItsOwn() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        try await a.updateProject(card, with: ProjectDraft(title: "mine"))
        await syncBoth(a, b)
        world.advance(1)
        try await b.updateProject(card, with: ProjectDraft(title: "mine", body: "written there"))
        await syncBoth(a, b)

        // The undo takes back a's title and keeps b's body, on both devices.
        _ = try await a.undoRedo.undo()
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.title == "shared" && project.body == "written there")
        }
        // And a redo puts a's title back, keeping the body.
        _ = try await a.undoRedo.redo()
        #expect(try await a.fetchProject(card).title == "mine")
        #expect(try await a.fetchProject(card).body == "written there")
    }

    @Test func aStoreSharingBoardsOnTwoRemotesSendsEachBoardsChangesToItsRemote() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let remotes = ["one", "two"].map { folder.appendingPathComponent($0) }
        for remote in remotes { try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true) }
        let engines = try ConvergenceTests.replicas(3, world: world, in: folder, seed: 12)
        let home = try await engines[0].createProject(ProjectDraft(title: "at home"), in: .todo)
        let work = try await engines[0].createBoard(title: "Work").id
        let away = try await engines[0].createProject(ProjectDraft(title: "at work"), on: work, in: .todo)
        for (name, remote) in zip(["one", "two"], remotes) {
            try engines[0].addRemote(named: name, address: remote.path)
        }
        #expect(try await engines[0].share(board: .default, on: "one").failure == nil)
        #expect(try await engines[0].share(board: work, on: "two").failure == nil)
        try engines[1].addRemote(named: "one", address: remotes[0].path)
        try engines[2].addRemote(named: "two", address: remotes[1].path)
        #expect(try await engines[1].join(remote: "one").failure == nil)
        #expect(try await engines[2].join(remote: "two").failure == nil)

        // One edit on each board, one sync of the editing store (both remotes), then each reader's.
        world.advance(1)
        try await engines[0].updateProject(home.id, with: ProjectDraft(title: "at home, edited"))
        try await engines[0].updateProject(away.id, with: ProjectDraft(title: "at work, edited"))
        #expect(try await engines[0].graph.pendingChanges().count == 4)  // two cards, two history entries
        world.advance(1)
        #expect(await engines[0].sync().succeeded)
        #expect(try await engines[0].graph.pendingChanges().isEmpty)
        world.advance(1)
        #expect(await engines[1].sync().succeeded)
        #expect(await engines[2].sync().succeeded)
        #expect(try await engines[1].fetchProject(home.id).title == "at home, edited")
        #expect(try await engines[2].fetchProject(away.id).title == "at work, edited")
        await #expect(throws: (any Error).self) { _ = try await engines[1].fetchProject(away.id) }
    }

    @Test func editsOfDifferentFieldsBothStay() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        try await a.updateProject(card, with: ProjectDraft(title: "new title"))
        world.advance(1)
        _ = try await b.archiveProject(card)
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.title == "new title")
            #expect(project.isArchived)
        }
    }

    // MARK: - A repeating card's occurrences

    /// Every Monday from Monday 5 January 2026 (the replicas' clocks read 1 January).
    static func weekly() throws -> ProjectDraft {
        ProjectDraft(
            title: "shared", deadline: january(5), repeatRule: try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO"))
    }

    static func january(_ day: Int) -> Day { Day(year: 2026, month: 1, day: day) }

    @Test func anOccurrenceCompletedOnTwoReplicasAdvancesTheCardOnce() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair(try Self.weekly())
        world.advance(1)
        _ = try await a.moveProject(card, to: .done)
        world.advance(1)
        _ = try await b.moveProject(card, to: .done)
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.deadline == Self.january(12))
            #expect(project.state == .todo)
            #expect(project.recurrence?.completions == [Self.january(5)])
        }
    }

    @Test func occurrencesCompletedAndSkippedOnTwoReplicasAreAllKept() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair(try Self.weekly())
        world.advance(1)
        _ = try await a.moveProject(card, to: .done)  // the 5th done: due on the 12th
        world.advance(1)
        _ = try await a.moveProject(card, to: .done)  // the 12th done: due on the 19th
        world.advance(1)
        _ = try await b.skipOccurrence(card)  // unaware: the 5th skipped, due on the 12th
        // b syncs last: its deadline (the 12th) is the later, and the 12th is done.
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.recurrence?.completions == [Self.january(5), Self.january(12)])
            #expect(project.recurrence?.exceptions == [Self.january(5)])
            #expect(project.deadline == Self.january(19))
        }
    }

    @Test func differentOccurrencesSkippedAndCompletedOnTwoReplicasLeaveTheFirstOneDoneNowhere() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair(try Self.weekly())
        world.advance(1)
        _ = try await b.skipOccurrence(card)  // the 5th skipped
        _ = try await b.skipOccurrence(card)  // the 12th skipped
        _ = try await b.moveProject(card, to: .done)  // the 19th done: due on the 26th
        world.advance(1)
        _ = try await a.moveProject(card, to: .done)  // unaware: the 5th done, due on the 12th
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.recurrence?.completions == [Self.january(5), Self.january(19)])
            #expect(project.recurrence?.exceptions == [Self.january(5), Self.january(12)])
            #expect(project.deadline == Self.january(26))
        }
    }

    @Test func undoingASyncedCompletionPutsTheOccurrenceBackEverywhere() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair(try Self.weekly())
        world.advance(1)
        _ = try await a.moveProject(card, to: .done)
        await syncBoth(a, b)
        #expect(try await b.fetchProject(card).deadline == Self.january(12))
        world.advance(1)
        _ = try await a.undoRedo.undo()
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.deadline == Self.january(5))
            #expect(project.recurrence?.completions == [])
        }
    }

    @Test func anEditOfTheDeadlineStartsTheScheduleAgainAndACompletionMadeMeanwhileStillCounts() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair(try Self.weekly())
        world.advance(1)
        _ = try await b.moveProject(card, to: .done)  // the 5th done
        _ = try await b.moveProject(card, to: .done)  // the 12th done: due on the 19th
        world.advance(1)
        var draft = try Self.weekly()
        draft.deadline = Self.january(12)
        try await a.updateProject(card, with: draft)  // unaware: from the 12th
        // a syncs last: its deadline (the 12th) is the later, and the 12th was done on b.
        for engine in [b, a, b, a] {
            world.advance(1)
            #expect(await engine.sync().succeeded)
        }
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.recurrence?.start == Self.january(12))
            #expect(project.recurrence?.completions == [Self.january(5), Self.january(12)])
            #expect(project.deadline == Self.january(19))
        }

        // Told the 12th is due after all, every device forgets it was done.
        world.advance(1)
        try await a.updateProject(card, with: draft)
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.recurrence?.completions == [])
            #expect(project.deadline == Self.january(12))
        }
    }

    /// Found by the 10,000-seed run (seed 7204): each device undoes a skip the other had seen.
    @Test func skipsUndoneOnTwoDevicesLeaveTheFirstOccurrenceNotSkippedDueEverywhere() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair(try Self.weekly())
        world.advance(1)
        _ = try await b.skipOccurrence(card)  // the 5th skipped: due on the 12th
        await syncBoth(a, b)
        world.advance(1)
        _ = try await b.undoRedo.undo()  // the 5th due again
        world.advance(1)
        _ = try await a.skipOccurrence(card)  // unaware of the undo: the 12th skipped, due on the 19th
        #expect(await a.sync().succeeded)
        world.advance(1)
        _ = try await a.undoRedo.undo()  // due on the 12th, the 5th still skipped here
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.recurrence?.exceptions == [])
            #expect(project.deadline == Self.january(5))
        }
    }

    /// Two weeks after the 5th: completing it late passes over the 12th, which is not owed, on
    /// every device, even one that skipped the 5th meanwhile without knowing.
    @Test func anOccurrenceCompletedLatePassesOverTheMissedOnesEverywhere() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair(try Self.weekly())
        world.advance(19 * 86_400)  // Tuesday 20 January
        _ = try await b.skipOccurrence(card)  // the 5th skipped: due on the 26th
        world.advance(1)
        _ = try await a.moveProject(card, to: .done)  // unaware: the 5th done, due on the 26th
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.recurrence?.owedFrom == Self.january(20))
            #expect(project.recurrence?.completions == [Self.january(5)])
            #expect(project.deadline == Self.january(26))
        }

    }

    @Test func aRepeatingCardRestoredAfterItsDeleteIsAsTheRestoringDeviceHoldsIt() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair(try Self.weekly())
        world.advance(1)
        _ = try await a.skipOccurrence(card)  // the 5th skipped
        #expect(await a.sync().succeeded)
        world.advance(1)
        _ = try await b.deleteProject(card)  // unaware of the skip
        #expect(await b.sync().succeeded)  // the delete wins over the skip
        world.advance(1)
        _ = try await b.undoRedo.undo()  // back as b held it: due on the 5th, nothing skipped
        await syncBoth(a, b)
        for engine in [a, b] {
            let project = try await engine.fetchProject(card)
            #expect(project.recurrence?.exceptions == [])
            #expect(project.deadline == Self.january(5))
        }
    }

    // MARK: - Stars

    /// What `engine` shows starred: each star's target and board, oldest first.
    func stars(in engine: ProjectManagerEngine) async throws -> [String] {
        try await engine.listFavourites().map { "\($0.favourite.target) on \($0.favourite.boardID)" }
    }

    @Test func aStarPutOnOneDeviceIsOnTheOtherAfterTheySyncAndSoIsAnUnstar() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given a card and the board starred on one device
        let (a, b, card) = try await pair()
        world.advance(1)
        _ = try await a.star(.project(card))
        world.advance(1)
        _ = try await a.star(.board(.default))

        // When both sync, the other device shows both stars
        await syncBoth(a, b)
        let both = ["project \(card) on \(Board.ID.default)", "board \(Board.ID.default) on \(Board.ID.default)"]
        #expect(try await stars(in: b) == both)
        #expect(try await b.listFavourites().map(\.favourite) == a.listFavourites().map(\.favourite))

        // When the other device takes the card's star off, and both sync, it is off on both
        world.advance(1)
        _ = try await b.unstar(.project(card))
        await syncBoth(a, b)
        for engine in [a, b] {
            #expect(try await stars(in: engine) == ["board \(Board.ID.default) on \(Board.ID.default)"])
        }
    }

    @Test func aCardStarredOnTwoDevicesIsOneStar() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        _ = try await a.star(.project(card))
        world.advance(1)
        _ = try await b.star(.project(card))
        await syncBoth(a, b)
        for engine in [a, b] {
            #expect(try await stars(in: engine) == ["project \(card) on \(Board.ID.default)"])
        }
        // The later star's time, on both.
        #expect(try await a.listFavourites().map(\.favourite) == b.listFavourites().map(\.favourite))
    }

    @Test func aStarPutAgainAfterAnUnstarCameInIsBackEverywhere() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let (a, b, card) = try await pair()
        world.advance(1)
        _ = try await a.star(.project(card))
        await syncBoth(a, b)
        world.advance(1)
        _ = try await a.unstar(.project(card))
        await syncBoth(a, b)
        #expect(try await stars(in: b).isEmpty)
        world.advance(1)
        _ = try await b.star(.project(card))
        await syncBoth(a, b)
        for engine in [a, b] {
            #expect(try await stars(in: engine) == ["project \(card) on \(Board.ID.default)"])
        }
    }

    @Test(arguments: [false, true])
    func aStarOnACardDeletedOnTheOtherDeviceIsGoneEverywhere(starringDeviceSyncsFirst: Bool) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // Given a card deleted on one device, and starred on the other where the delete is not seen yet
        let (a, b, card) = try await pair()
        world.advance(1)
        _ = try await a.deleteProject(card)
        world.advance(1)
        _ = try await b.star(.project(card))
        _ = try await b.star(.board(.default))

        // When both sync, more than once, the device that starred first or last
        if starringDeviceSyncsFirst { #expect(await b.sync().succeeded) }
        await syncBoth(a, b)
        await syncBoth(a, b)

        // Then the card's star is on neither device, and the board's is on both
        for engine in [a, b] {
            #expect(try await places(of: card, in: engine).isEmpty)
            #expect(try await stars(in: engine) == ["board \(Board.ID.default) on \(Board.ID.default)"])
        }
    }
}
