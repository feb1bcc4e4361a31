import Foundation
import ProjectManagerDomain
import Testing

@testable import ProjectManagerData

/// The default board's id and the id it goes by on a remote trade places in what crosses to the
/// remote, standard lists and ids inside field groups among them, and nothing else changes.
@Suite struct DefaultBoardSwapTests {
    let replica = ReplicaID(rawValue: "00000000000000a1")!
    var remote: Board.ID { DefaultBoardSwap.remoteID(of: replica) }
    let other = Board.ID(rawValue: UUID(uuidString: "6B0C8F0A-1D2E-4F3A-8B4C-5D6E7F8A9B0C")!)

    func card(on board: Board.ID, stage: ProjectState = .todo) -> ReplicaOperation {
        ReplicaOperation(
            kind: .create, entity: "Project", id: UUID(uuidString: "11111111-2222-4333-8444-555555555555")!,
            stamp: ReplicaStamp(time: 1_767_268_800_000, counter: 0, replica: replica),
            slots: [
                "title": .string("Write the report"),
                "boardID+listID+state+rank": .object([
                    "boardID": .string(board.rawValue.uuidString),
                    "listID": .string(BoardList.ID.standard(on: board, stage).rawValue.uuidString),
                    "state": .string("todo"), "rank": .string("a0"),
                ]),
            ])
    }

    @Test func theRemoteIDIsEachReplicasOwnAndNeverTheDefaultBoards() throws {
        let second = DefaultBoardSwap.remoteID(of: ReplicaID(rawValue: "00000000000000b2")!)
        #expect(remote != .default)
        #expect(remote != second)
        #expect(remote == DefaultBoardSwap.remoteID(of: replica))
        #expect(DefaultBoardSwap(remoteID: .default) == nil)
    }

    @Test func aCardOnTheDefaultBoardCrossesOnTheRemoteIDAndComesBack() throws {
        let swap = try #require(DefaultBoardSwap(remoteID: remote))
        for stage in ProjectState.allCases {
            let sent = swap.operation(card(on: .default, stage: stage))
            #expect(sent == card(on: remote, stage: stage))
            #expect(swap.operation(sent) == card(on: .default, stage: stage))
        }
        // Another board's card, and the board object's own key, likewise.
        #expect(swap.operation(card(on: other)) == card(on: other))
        let key = ReplicatedKey(entity: "Board", id: Board.ID.default.rawValue)
        #expect(swap.key(key) == ReplicatedKey(entity: "Board", id: remote.rawValue))
        #expect(swap.key(swap.key(key)) == key)
    }

    @Test func conflictsTradeTheBoardsAndTheKeysIDs() throws {
        let swap = try #require(DefaultBoardSwap(remoteID: remote))
        let list = BoardList.ID.standard(on: .default, .doing).rawValue.uuidString.lowercased()
        let conflicts = [Board.ID.default.rawValue.uuidString: Set(["BoardList/\(list)", "Project/abc"])]
        let sent = swap.conflicts(conflicts)
        let remoteList = BoardList.ID.standard(on: remote, .doing).rawValue.uuidString.lowercased()
        #expect(sent == [remote.rawValue.uuidString: Set(["BoardList/\(remoteList)", "Project/abc"])])
        #expect(swap.conflicts(sent) == conflicts)
    }

    @Test func aRebindingMovesWhatTheOldSwapReadToWhatTheNewOneReads() throws {
        // Read with the default board going by `remote`, `other`'s card is here as it is there;
        // once the default board goes by `other`, that card is on the default board here.
        let rebinding = DefaultBoardSwap.rebinding(from: remote, to: other)
        #expect(rebinding.operation(card(on: other)) == card(on: .default))
        // A state of before 5.2 (the default board by its own id) read a board under the
        // default board's id: moved under this store's remote id, away from its own.
        let away = DefaultBoardSwap.rebinding(from: .default, to: remote)
        #expect(away.operation(card(on: .default)) == card(on: remote))
        #expect(away.operation(card(on: other)) == card(on: other))
    }

    @Test func objectsSwappedWholeOrAsACheckpointIsWrittenAreEachObjectSwapped() throws {
        let swap = try #require(DefaultBoardSwap(remoteID: remote))
        var objects: [ReplicatedKey: ReplicatedObject] = [:]
        for (index, board) in [Board.ID.default, remote, other].enumerated() {
            var operation = card(on: board, stage: ProjectState.allCases[index])
            operation.id = UUID(uuidString: "11111111-2222-4333-8444-55555555555\(index)")!
            var project = ReplicatedObject(entity: "Project")
            project.apply(operation)
            objects[ReplicatedKey(entity: "Project", id: operation.id)] = project
            // The board itself, and a standard list of it: both the default board and the one
            // under the remote's id are here, and trade places.
            var object = ReplicatedObject(entity: "Board")
            object.created = operation.stamp
            object.slots["name"] = ReplicatedObject.Slot(value: .string("Board \(index)"), stamp: operation.stamp)
            objects[ReplicatedKey(entity: "Board", id: board.rawValue)] = object
            object.entity = "BoardList"
            objects[ReplicatedKey(entity: "BoardList", id: BoardList.ID.standard(on: board, .done).rawValue)] = object
        }
        var expected: [ReplicatedKey: ReplicatedObject] = [:]
        for (key, object) in objects {
            var swapped = object
            swapped.slots = object.slots.mapValues { .init(value: swap.value($0.value), stamp: $0.stamp) }
            expected[swap.key(key)] = swapped
        }
        #expect(expected != objects)
        #expect(swap.objects(objects) == expected)
        #expect(swap.objects(expected) == objects)

        let checkpoint = ReplicaCheckpoint(
            replica: replica, place: ReplicationState.Position(sequence: 1, digest: "d"), objects: objects,
            conflicts: [Board.ID.default.rawValue.uuidString: ["Board/\(Board.ID.default.rawValue.uuidString)"]])
        let written = checkpoint.encoded(swapping: swap)
        let read = try #require(ReplicaCheckpoint.decode(written))
        #expect(read.objects == expected)
        #expect(read.conflicts == swap.conflicts(checkpoint.conflicts))
        let readBack = try #require(ReplicaCheckpoint.decode(written, swapping: swap))
        #expect(readBack.objects == objects)
        #expect(readBack.conflicts == checkpoint.conflicts)
    }
}
