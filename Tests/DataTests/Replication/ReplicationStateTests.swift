import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// The merged state a sync keeps, in its binary coding: what it writes is what it reads, and a
/// state written by 3.0.0 is still read.
@Suite struct ReplicationStateTests {
    let a = ReplicaID(rawValue: "00000000000000a1")!
    let b = ReplicaID(rawValue: "00000000000000b2")!

    /// Two cards, one deleted, with slots of every kind of value, stamps shared and not.
    var objects: [ReplicatedKey: ReplicatedObject] {
        let made = ReplicaStamp(time: 1_767_268_800_000, counter: 0, replica: a)
        let edited = ReplicaStamp(time: 1_767_268_900_000, counter: 3, replica: b)
        var card = ReplicatedObject(entity: "Project")
        card.created = made
        card.slots = [
            "title": .init(value: .string("Plan"), stamp: made),
            "body": .init(value: .string(String(repeating: "long ", count: 40)), stamp: edited),
            "isArchived": .init(value: .bool(false), stamp: made),
            "createdAt": .init(value: .number(788_961_600.25), stamp: made),
            "labels": .init(value: .array([.string("x"), .null, .bool(true)]), stamp: edited),
            "boardID+listID+state+rank": .init(
                value: .object(["boardID": .string("00000000-0000-0000-0000-000000000001"), "state": .string("todo")]),
                stamp: edited),
        ]
        var gone = ReplicatedObject(entity: "Project")
        gone.created = made
        gone.deleted = edited
        gone.slots = ["title": .init(value: .string("Plan"), stamp: made)]
        return [
            ReplicatedKey(entity: "Project", id: UUID(uuidString: "5245504C-0000-0000-0000-000000000001")!): card,
            ReplicatedKey(entity: "Project", id: UUID(uuidString: "5245504C-0000-0000-0000-000000000002")!): gone,
        ]
    }

    @Test func whatIsWrittenIsWhatIsRead() throws {
        var writer = BinaryWriter(capacity: 256)
        ReplicatedObjectCoding.write(objects, to: &writer)
        let data = writer.finish()
        let read = try data.withUnsafeBytes { bytes throws(BinaryCodingError) in
            var reader = BinaryReader(bytes)
            return try ReplicatedObjectCoding.read(&reader)
        }
        #expect(read == objects)
        // Each name and short text once: "Plan" is written once for two cards.
        #expect(String(decoding: data, as: UTF8.self).components(separatedBy: "Plan").count == 2)
    }

    @Test func aStateWrittenBy300IsRead() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Version 1 (`PMRO`), as 3.0.0 wrote it: every name and stamp in full.
        var writer = BinaryWriter(capacity: 256)
        writer.append(Data("PMRO".utf8))
        writer.append(count: 1)
        writer.append(string: a.rawValue)
        writer.append(count: 1)
        writer.append(string: "Project")
        writer.append(uuid: UUID(uuidString: "5245504C-0000-0000-0000-000000000001")!)
        writer.append(byte: 1)
        writer.append(int: 1_767_268_800_000)
        writer.append(varint: 0)
        writer.append(varint: 0)
        writer.append(byte: 0)
        writer.append(count: 1)
        writer.append(string: "title")
        writer.append(int: 1_767_268_800_000)
        writer.append(varint: 0)
        writer.append(varint: 0)
        writer.append(byte: 4)
        writer.append(string: "Plan")
        try writer.finish().write(to: folder.file("objects-1.bin"))
        var header = ReplicationState.Header(replica: a)
        header.objectsVersion = 1
        try ReplicationState.saveHeader(header, to: folder.file("state.json"))

        let state = try ReplicationState.load(from: folder.file("state.json"), replica: a)
        let card = try #require(state.objects.values.first)
        #expect(state.objects.count == 1)
        #expect(card.slots["title"]?.value == .string("Plan"))
        #expect(card.created == ReplicaStamp(time: 1_767_268_800_000, counter: 0, replica: a))

        // Changed and saved again, it is version 2 with an index.
        var saved = state
        let key = try #require(state.objects.keys.first)
        saved.set(key, ReplicatedObject(entity: "Project"))
        try saved.save(to: folder.file("state.json"))
        #expect(try Data(contentsOf: folder.file("objects-2.bin")).prefix(4) == Data("PMR3".utf8))
        let again = try ReplicationState.load(from: folder.file("state.json"), replica: a)
        #expect(again.objects == saved.objects)
        #expect(again.objects[key]?.created == nil)
    }

    @Test func changesGoInFilesOfTheirOwnUntilTheyAreManyThenTheWholeIsWrittenAgain() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("state.json")
        var state = ReplicationState(replica: a)
        for (key, object) in objects { state.set(key, object) }
        for _ in 0..<8 { state.set(ReplicatedKey(entity: "Label", id: UUID()), ReplicatedObject(entity: "Label")) }
        try state.save(to: file)
        #expect(state.header.objectsVersion == 1 && state.header.deltas == nil)

        // One changed of ten: a file of its own. Nothing changed: no file.
        let card = try #require(objects.keys.first)
        state.set(card, ReplicatedObject(entity: "Project"))
        try state.save(to: file)
        try state.save(to: file)
        #expect(state.header.objectsVersion == 1 && state.header.deltas == 1)
        #expect(try ReplicationState.load(from: file, replica: a).objects == state.objects)

        // More than half changed since the whole was written: the whole again, and the old files go.
        for key in state.objects.keys.prefix(6) { state.set(key, ReplicatedObject(entity: key.entity)) }
        try state.save(to: file)
        #expect(state.header.objectsVersion == 2 && state.header.deltas == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("objects-1-1.bin").path))
        #expect(!FileManager.default.fileExists(atPath: folder.file("objects-1.bin").path))
        #expect(try ReplicationState.load(from: file, replica: a).objects == state.objects)
    }

    @Test func manyFilesOfFewChangesBecomeOneOverTheSameWholeFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("state.json")
        var state = ReplicationState(replica: a)
        for (key, object) in objects { state.set(key, object) }
        for _ in 0..<98 { state.set(ReplicatedKey(entity: "Label", id: UUID()), ReplicatedObject(entity: "Label")) }
        try state.save(to: file)
        let whole = try Data(contentsOf: folder.file("objects-1.bin"))

        // Sixteen syncs that each change one object, each in a process of its own
        let card = try #require(objects.keys.first)
        for sync in 0..<17 {
            var read = try ReplicationState.load(from: file, replica: a)
            var object = ReplicatedObject(entity: "Project")
            object.created = ReplicaStamp(time: 1_767_268_800_000 + Int64(sync), counter: 0, replica: b)
            read.set(card, object)
            try read.save(to: file)
            state = read
        }

        // The seventeenth folds them into one file over the same whole one, which is not written again
        #expect(state.header.baseVersion == 1)
        #expect(state.header.deltas == 1)
        #expect(state.header.deltaObjects == 1)
        #expect(try Data(contentsOf: folder.file("objects-1.bin")) == whole)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix("objects")
        }
        #expect(files.sorted() == ["objects-1.bin", "objects-\(state.header.objectsVersion)-1.bin"])
        let read = try ReplicationState.load(from: file, replica: a)
        #expect(read.objects == state.objects)
        #expect(read.objects[card]?.created?.time == 1_767_268_800_016)

        // Once half the objects changed, the whole is written again, and the files before it go
        for key in read.objects.keys.prefix(60) { state.set(key, ReplicatedObject(entity: key.entity)) }
        try state.save(to: file)
        #expect(state.header.baseVersion == nil && state.header.deltas == nil)
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix("objects")
        }
        #expect(after == ["objects-\(state.header.objectsVersion).bin"])
        #expect(try ReplicationState.load(from: file, replica: a).objects == state.objects)
    }

    @Test func theCacheHoldsTheObjectsOnlyWhileTheFilesAreThoseItSaw() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("state.json")
        let cache = ReplicationStateCache()
        var state = ReplicationState(replica: a)
        for (key, object) in objects { state.set(key, object) }
        try state.save(to: file, cache: cache)

        // Another process writes the state: the cache's copy is not used.
        var other = try ReplicationState.load(from: file, replica: a)
        let card = try #require(objects.keys.first)
        other.set(card, ReplicatedObject(entity: "Project"))
        other.changed = nil
        try other.save(to: file)
        let read = try ReplicationState.load(from: file, replica: a, cache: cache)
        #expect(read.objects == other.objects)

        // Kept by the cache, the objects are taken from it while the file is the one it saw, once:
        // the file is not read (here its bytes are not a state, with the same size and time).
        var mine = read
        try mine.save(to: file, cache: cache)
        let written = folder.file("objects-2.bin")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: written.path)[.size] as? Int)
        try Data(repeating: 0x2A, count: size).write(to: written)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_767_225_600)], ofItemAtPath: written.path)
        cache.put(other.objects, for: file, naming: written)
        #expect(try ReplicationState.load(from: file, replica: a, cache: cache).objects == other.objects)
        #expect(throws: SyncError.self) { try ReplicationState.load(from: file, replica: a, cache: cache) }
    }

    @Test func anObjectsFileReadLazilyIsCheckedWholeWhenRead() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("state.json")
        var state = ReplicationState(replica: a)
        for (key, object) in objects { state.set(key, object) }
        try state.save(to: file)

        // Read lazily, one object asked for is the one saved, and so is every other.
        let read = try ReplicationState.load(from: file, replica: a)
        let card = try #require(objects.keys.first)
        #expect(read.objects[card] == state.objects[card])
        #expect(read.objects.count == state.objects.count)
        #expect(read.objects == state.objects)

        // A file cut short, or with bytes after its last object, is refused when read, not
        // found short of an object later.
        let written = folder.file("objects-1.bin")
        let bytes = try Data(contentsOf: written)
        try bytes.dropLast(3).write(to: written)
        #expect(throws: SyncError.self) { try ReplicationState.load(from: file, replica: a) }
        var wrong = bytes
        wrong.append(0)
        try wrong.write(to: written)
        #expect(throws: SyncError.self) { try ReplicationState.load(from: file, replica: a) }
    }

    @Test func aWholeFileWithoutAnIndexAsBeforeIsRead() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        var writer = BinaryWriter(capacity: 256)
        writer.append(Data("PMR2".utf8))
        ReplicatedObjectCoding.write(objects, to: &writer)
        try writer.finish().write(to: folder.file("objects-1.bin"))
        var header = ReplicationState.Header(replica: a)
        header.objectsVersion = 1
        try ReplicationState.saveHeader(header, to: folder.file("state.json"))

        let state = try ReplicationState.load(from: folder.file("state.json"), replica: a)

        #expect(state.objects == MergedObjects(objects))
        #expect(state.objects.count == objects.count)
    }

    @Test func anIndexedFileFindsEachObjectAndNoOther() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("state.json")
        // Enough objects of two entities, with ids that share their first bytes, for the search
        // to go both ways.
        var many = objects
        for index in 0..<300 {
            let id = UUID(uuidString: String(format: "5245504C-0000-0000-0000-%012X", index * 7919 % 1000))!
            var object = ReplicatedObject(entity: index % 2 == 0 ? "Project" : "BoardList")
            object.created = ReplicaStamp(time: 1_767_268_800_000 + Int64(index), counter: 0, replica: b)
            object.slots = ["title": .init(value: .string("item \(index)"), stamp: object.created!)]
            many[ReplicatedKey(entity: object.entity, id: id)] = object
        }
        var state = ReplicationState(replica: a)
        for (key, object) in many { state.set(key, object) }
        try state.save(to: file)
        #expect(try Data(contentsOf: folder.file("objects-1.bin")).prefix(4) == Data("PMR3".utf8))

        let read = try ReplicationState.load(from: file, replica: a)

        #expect(read.objects.count == many.count)
        #expect(Set(read.objects.keys) == Set(many.keys))
        for (key, object) in many { #expect(read.objects[key] == object) }
        let card = try #require(objects.keys.first)
        #expect(read.objects[ReplicatedKey(entity: "Label", id: card.id)] == nil)
        #expect(read.objects[ReplicatedKey(entity: "Project", id: UUID())] == nil)
    }

    @Test func anIndexedFileWithAnyBitFlippedIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("state.json")
        var state = ReplicationState(replica: a)
        for (key, object) in objects { state.set(key, object) }
        try state.save(to: file)
        let written = folder.file("objects-1.bin")
        let bytes = try Data(contentsOf: written)

        var accepted: [Int] = []
        for bit in 0..<(bytes.count * 8) {
            var damaged = bytes
            damaged[bit / 8] ^= UInt8(1 << (bit % 8))
            try damaged.write(to: written)
            if (try? ReplicationState.load(from: file, replica: a)) != nil { accepted.append(bit) }
        }

        #expect(accepted.isEmpty)
    }

    @Test func aFileOfChangedObjectsWithAnyBitFlippedIsRefused() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("state.json")
        var state = ReplicationState(replica: a)
        for (key, object) in objects { state.set(key, object) }
        for _ in 0..<8 { state.set(ReplicatedKey(entity: "Label", id: UUID()), ReplicatedObject(entity: "Label")) }
        try state.save(to: file)
        let card = try #require(objects.keys.first)
        state.set(card, try #require(objects[card]))
        try state.save(to: file)
        let written = folder.file("objects-1-1.bin")
        let bytes = try Data(contentsOf: written)
        #expect(bytes.prefix(4) == Data("PMRS".utf8))

        var accepted: [Int] = []
        for bit in 0..<(bytes.count * 8) {
            var damaged = bytes
            damaged[bit / 8] ^= UInt8(1 << (bit % 8))
            try damaged.write(to: written)
            if (try? ReplicationState.load(from: file, replica: a)) != nil { accepted.append(bit) }
        }

        #expect(accepted.isEmpty)
        // A damaged file is told apart from one that could not be read: a sync makes it again.
        guard case .damaged(let reason)? = Self.failure(loading: file) else {
            Issue.record("not reported as damaged")
            return
        }
        #expect(reason.contains("objects-1-1.bin"))
        try FileManager.default.removeItem(at: written)
        guard case .damaged(let missing)? = Self.failure(loading: file) else {
            Issue.record("a missing file is not reported as damaged")
            return
        }
        #expect(missing.contains("objects-1-1.bin is missing"))
    }

    /// Why the state at `file` could not be read, if it could not.
    static func failure(loading file: URL) -> ReplicationState.ReadFailure? {
        do {
            let header = try ReplicationState.readHeader(from: file, replica: ReplicaID(rawValue: "00000000000000a1")!)
            _ = try ReplicationState.read(from: file, header: header)
            return nil
        } catch {
            return error
        }
    }
}
