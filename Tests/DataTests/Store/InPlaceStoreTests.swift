import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerData

/// A store's snapshot rows read in place from the file (``StoredRows``), with the changes since
/// kept beside them, against the same store decoded whole.
@Suite("Snapshot rows read in place")
struct InPlaceStoreTests {
    @Test(
        "rows read in place answer every read as the whole table does, through changes, saves, reopens and compactions",
        arguments: Array(UInt64(1)...20))
    func inPlaceMatchesWhole(seed: UInt64) throws {
        try Self.compareThroughChanges(seed: seed, projects: 300...600, inPlaceThreshold: 0)
    }

    @Test(
        "with the default threshold, a large table read in place beside small ones decoded answers as the whole table does",
        arguments: [UInt64(101), 102])
    func largeTableMatchesWhole(seed: UInt64) throws {
        try Self.compareThroughChanges(
            seed: seed, projects: 2_100...2_600, inPlaceThreshold: BinaryStoreCoding.defaultInPlaceThreshold)
    }

    @Test("a table is read in place from the threshold up, and decoded whole below it")
    func threshold() throws {
        // Given a compacted store
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("threshold.pmstore")
        var random = SeededGenerator(seed: 7)
        let count = try Self.writeStore(at: url, projects: 300...600, random: &random).projects.count

        // When it is opened with a threshold of its number of projects, and of one more
        let atThreshold = try OpenStore(url: url, access: .readOnly, inPlaceThreshold: count)
        let belowThreshold = try OpenStore(url: url, access: .readOnly, inPlaceThreshold: count + 1)

        // Then the first reads its projects in place, the second has them all in memory
        #expect(atThreshold.readsProjectsInPlace)
        #expect(!belowThreshold.readsProjectsInPlace)
        #expect(try atThreshold.context.count(FetchRequest<Project>()) == count)
        #expect(try belowThreshold.context.count(FetchRequest<Project>()) == count)
    }

    @Test("a compaction writes the rows read in place as they are: they stay in the file through it and after")
    func compactionKeepsRowsInPlace() throws {
        // Given a store of projects read in place, one retitled, one moved to Done, one deleted
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("compacted.pmstore")
        var random = SeededGenerator(seed: 11)
        let model = try Self.writeStore(at: url, projects: 300...600, random: &random)
        let ids = model.made
        let open = try OpenStore(url: url, inPlaceThreshold: 0)
        var retitled = try #require(model.projects[ids[0]])
        retitled.title = "Retitled"
        var moved = try #require(model.projects[ids[1]])
        moved.state = moved.state == .done ? .todo : .done
        try open.context.update(retitled)
        try open.context.update(moved)
        try open.context.delete(Project.self, id: ids[2])
        try open.context.save()

        // When it is compacted, and a project changed after
        try open.context.compactStore()
        var after = try #require(model.projects[ids[3]])
        after.title = "After the compaction"
        try open.context.update(after)
        try open.context.save()

        // Then the projects were never read whole (a compaction that read them would have the
        // next change hold them all in memory), and the file holds every change, healthy
        #expect(open.readsProjectsInPlace)
        #expect(open.context.checkStore().isHealthy)
        open.store.close()
        let reopened = try OpenStore(url: url, access: .readOnly, inPlaceThreshold: 0)
        #expect(try reopened.context.count(FetchRequest<Project>()) == ids.count - 1)
        #expect(reopened.context.object(Project.self, id: retitled.id) == retitled)
        #expect(reopened.context.object(Project.self, id: moved.id) == moved)
        #expect(reopened.context.object(Project.self, id: after.id) == after)
        #expect(reopened.context.object(Project.self, id: ids[2]) == nil)
        #expect(reopened.context.checkStore().isHealthy)
    }

    @Test("a damaged block of stored rows reads as missing projects, and the store refuses to compact over it")
    func damagedBlock() throws {
        // Given a compacted store of 3,000 projects, large enough to be mapped and checked in
        // parts, with one byte of a project's title flipped 40% into the file
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let damaged = try DamagedStore(in: directory)

        // Then the store decoded whole refuses to open: the snapshot's checksum does not match
        let decodingWhole = #expect(throws: StoreError.self) { try damaged.projectCountDecodedWhole() }
        guard case .damaged? = decodingWhole else {
            Issue.record("expected the store's damage, got \(String(describing: decodingWhole))")
            return
        }

        // And the store read in place opens, reads the damaged block's projects as missing, and says so
        let open = try OpenStore(url: damaged.url, inPlaceThreshold: BinaryStoreCoding.defaultInPlaceThreshold)
        #expect(open.readsProjectsInPlace)
        #expect(open.storedDamage == nil, "nothing is checked before it is read")
        let column = ProjectColumn(.default, .todo)
        var read: [Project] = []
        for offset in stride(from: 0, to: damaged.projects.count, by: 100) {
            read += open.context.objects(
                Project.self, ordering: ProjectColumn.ordering, group: column, offset: offset, limit: 100)
        }
        #expect(read.count < damaged.projects.count)
        #expect(!read.contains { $0.id == damaged.victim.id })
        #expect(Set(read.map(\.id)).isSubset(of: Set(damaged.projects.map(\.id))))
        #expect(open.context.object(Project.self, id: damaged.victim.id) == nil)
        #expect(open.context.object(Project.self, id: damaged.projects[0].id) == damaged.projects[0])
        let damage = try #require(open.storedDamage)
        #expect(damage.contains("checksum"))

        // And compacting over the damage is refused, leaving the file as it was
        Self.expectRefused(Result { () throws(ContextError) in try open.context.compactStore() })
        #expect(try Data(contentsOf: damaged.url) == damaged.bytes)
        #expect(!open.context.checkStore().isHealthy)
    }

    @Test("a column read whole reads what its windows read, with the damaged rows left out and warned of")
    func columnReadTogether() throws {
        // Given the damaged store read in place, two of its projects changed since it was
        // written and one added, in the same column
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let damaged = try DamagedStore(in: directory)
        let open = try OpenStore(url: damaged.url, inPlaceThreshold: BinaryStoreCoding.defaultInPlaceThreshold)
        var first = damaged.projects[0]
        first.title = "Changed first"
        var later = damaged.projects[2_500]
        later.title = "Changed later"
        let added = Project(
            id: Project.ID(rawValue: UUID()), boardID: .default, title: "Added", body: "",
            rank: Rank.sequence(after: damaged.projects.last?.rank, count: 1)[0], createdAt: TestClock.defaultStart)
        try open.context.update(first)
        try open.context.update(later)
        try open.context.insert(added)
        let column = ProjectColumn(.default, .todo)

        // When the column is read whole (its rows read together), in windows of 100 (one by one),
        // and in windows of 600 (each read together, in blocks that end before the window does
        // when a changed row's place is passed over)
        let whole = open.context.objects(Project.self, ordering: ProjectColumn.ordering, group: column)
        var windows: [Project] = []
        for offset in stride(from: 0, to: damaged.projects.count + 1, by: 100) {
            windows += open.context.objects(
                Project.self, ordering: ProjectColumn.ordering, group: column, offset: offset, limit: 100)
        }
        var largeWindows: [Project] = []
        for offset in stride(from: 0, to: damaged.projects.count + 1, by: 600) {
            largeWindows += open.context.objects(
                Project.self, ordering: ProjectColumn.ordering, group: column, offset: offset, limit: 600)
        }

        // Then both read the same projects in the same order: the changed ones as changed, the
        // added one last, the damaged block's projects left out and the damage noted
        #expect(whole.count >= StoredRows<Project>.rowsReadTogether)
        #expect(whole == windows)
        #expect(whole == largeWindows)
        #expect(whole.first == first)
        #expect(whole.contains(later))
        #expect(whole.last == added)
        #expect(!whole.contains { $0.id == damaged.victim.id })
        #expect(whole.count < damaged.projects.count + 1)
        #expect(open.storedDamage?.contains("checksum") == true)
    }

    @Test(
        "no flipped bit of a large store's rows or index reads as fewer projects without the store's warning: 2,000 bits"
    )
    func flippedBitsNeverSilent() throws {
        // Given a compacted store of 3,000 projects, read in place
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("flipped.pmstore")
        let projects = try Self.writeLargeStore(at: url, count: 3_000)
        let bytes = try Data(contentsOf: url)
        // The projects' rows and index: from the first project's title to the file's end, less
        // what comes after the last title (the smaller tables, the checksums).
        let first = try #require(bytes.firstRange(of: Data(projects[0].title.utf8)))
        var random = SeededGenerator(seed: 33)
        var outcomes: [String: Int] = [:]
        let handle = try FileHandle(forUpdating: url)
        defer { try? handle.close() }
        for flip in 0..<2_000 {
            // When one bit of them is flipped
            let offset = Int.random(in: first.lowerBound..<bytes.count, using: &random)
            let flipped = bytes[offset] ^ UInt8(1 << Int.random(in: 0..<8, using: &random))
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: [flipped])

            // Then the store opens and reads every project, or reads fewer and warns, or does not
            // open: read as a board's first screen does (the count, each column's first 50), and
            // one time in eight whole, as a backup does (every column to its end)
            let outcome: String
            do {
                let open = try OpenStore(
                    url: url, access: .readOnly, inPlaceThreshold: BinaryStoreCoding.defaultInPlaceThreshold)
                let counted = try open.context.count(FetchRequest<Project>())
                let limit = flip % 8 == 0 ? Int.max : 50
                var read: [Project] = []
                for state in ProjectState.allCases {
                    read += open.context.objects(
                        Project.self, ordering: ProjectColumn.ordering, group: ProjectColumn(.default, state),
                        offset: 0, limit: limit)
                }
                let expected = flip % 8 == 0 ? projects.count : min(projects.count, 50)
                let warned = open.context.storeWarnings.contains {
                    if case .damagedObjects = $0 { true } else { false }
                }
                if counted < projects.count || read.count < expected {
                    #expect(warned, "byte \(offset): \(counted) counted, \(read.count) read, and no warning")
                    outcome = warned ? "fewer, warned" : "fewer, silent"
                } else {
                    outcome = warned ? "all, warned" : "all"
                }
            } catch {
                outcome = "refused"
            }
            outcomes[outcome, default: 0] += 1
            try handle.seek(toOffset: UInt64(offset))
            try handle.write(contentsOf: [bytes[offset]])
        }
        #expect(outcomes["fewer, warned", default: 0] > 0, "\(outcomes)")
    }

    @Test("damage not read yet is found by compacting, which is refused")
    func compactingFindsDamage() throws {
        // Given the damaged store, read in place, nothing of its damaged block read yet
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let damaged = try DamagedStore(in: directory)
        let open = try OpenStore(url: damaged.url, inPlaceThreshold: BinaryStoreCoding.defaultInPlaceThreshold)
        #expect(open.storedDamage == nil)

        // When it is compacted
        let compacting = Result { () throws(ContextError) in try open.context.compactStore() }

        // Then compacting is refused, and the file is as it was: it still opens
        let bytes = try Data(contentsOf: damaged.url)
        Self.expectRefused(compacting)
        #expect(bytes == damaged.bytes)
        #expect(throws: Never.self) {
            _ = try OpenStore(
                url: damaged.url, access: .readOnly,
                inPlaceThreshold: BinaryStoreCoding.defaultInPlaceThreshold)
        }
    }

    @Test("damage found by reading the whole table is not forgotten by a change: compacting is still refused")
    func damageOutlivesWholeTable() throws {
        // Given the damaged store, read in place, its damage found by a fold over every project
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let damaged = try DamagedStore(in: directory)
        let open = try OpenStore(url: damaged.url, inPlaceThreshold: BinaryStoreCoding.defaultInPlaceThreshold)
        let readable = open.context.reduce(Project.self, into: 0) { count, _ in count += 1 }
        #expect(readable < damaged.projects.count)
        #expect(open.storedDamage != nil)

        // When a project the damage spared is changed and saved, and the store compacted
        var spared = damaged.projects[0]
        spared.title = "Spared"
        try open.context.update(spared)
        try open.context.save()
        let damageAfterChange = open.storedDamage
        let compacting = Result { () throws(ContextError) in try open.context.compactStore() }

        // Then the damage is still known, and compacting (which would drop the damaged block's
        // projects for good) is refused: the snapshot is still the damaged one
        #expect(damageAfterChange != nil)
        Self.expectRefused(compacting)
        #expect(throws: StoreError.self) { try damaged.projectCountDecodedWhole() }
    }

    @Test("paging through a damaged column after a change in it shows each readable project once")
    func pagingPastDamage() throws {
        // Given the damaged store, read in place
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let damaged = try DamagedStore(in: directory)
        let open = try OpenStore(url: damaged.url, inPlaceThreshold: BinaryStoreCoding.defaultInPlaceThreshold)
        let column = ProjectColumn(.default, .todo)
        func pages() -> [Project.ID] {
            stride(from: 0, to: damaged.projects.count, by: 7).flatMap { offset in
                open.context.objects(
                    Project.self, ordering: ProjectColumn.ordering, group: column, offset: offset, limit: 7
                )
                .map(\.id)
            }
        }
        let unchanged = pages()
        #expect(Set(unchanged).count == unchanged.count)
        #expect(unchanged.count < damaged.projects.count)

        // When a project before the damage moves past it
        var moved = damaged.projects[1_180]
        moved.rank = .between(damaged.projects[1_210].rank, damaged.projects[1_211].rank)
        try open.context.update(moved)

        // Then paging shows each readable project once, as reading the column at once does
        let paged = pages()
        let atOnce = open.context.objects(Project.self, ordering: ProjectColumn.ordering, group: column).map(\.id)
        #expect(Set(atOnce).count == unchanged.count)
        let shownTwice = paged.count - Set(paged).count
        let pagedAsAtOnce = paged == atOnce
        #expect(shownTwice == 0)
        #expect(pagedAsAtOnce)
    }

    @Test("1,000 projects put between two stored neighbours, with stored ones around them deleted, read as whole")
    func crowdedGap() throws {
        // Given a store of 300 projects, read in place and decoded whole
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SeededGenerator(seed: 55)
        var probe = SeededGenerator(seed: 56)
        let original = directory.file("original.pmstore")
        var model = try Self.writeStore(at: original, projects: 300...300, random: &random)
        try FileManager.default.copyItem(at: original, to: directory.file("in-place.pmstore"))
        try FileManager.default.copyItem(at: original, to: directory.file("whole.pmstore"))
        let inPlace = try OpenStore(url: directory.file("in-place.pmstore"), inPlaceThreshold: 0)
        let whole = try OpenStore(url: directory.file("whole.pmstore"), inPlaceThreshold: .max)
        let compare = Comparison(seed: 55, inPlace: inPlace.context, whole: whole.context)

        // When 1,000 projects go between two neighbours of the longest column (half of them tied
        // on one rank), and every third stored project of that column is deleted
        let column = try #require(model.columns.max { model.ordered($0).count < model.ordered($1).count })
        let stored = model.ordered(column)
        try #require(stored.count >= 4)
        let (lower, upper) = (stored[stored.count / 2 - 1].rank, stored[stored.count / 2].rank)
        let list = try #require(model.lists.first { $0.id == column.list })
        var changes: [Change] = []
        var rank = Rank.between(lower, upper)
        for number in 0..<1_000 {
            if number % 2 == 1 { rank = .between(rank, upper) }
            let tied = number % 2 == 0 ? Rank.between(lower, upper) : rank
            changes.append(.insert(model.makeProject(in: list, archived: column.archived, rank: tied, &random)))
        }
        for project in stored.enumerated().filter({ $0.offset % 3 == 0 }).map(\.element) {
            changes.append(.delete(project.id))
        }
        for change in changes { model.apply(change) }
        for context in [inPlace.context, whole.context] {
            #expect(Step.save(changes).perform(on: context) == "done")
        }

        // Then every read agrees
        #expect(inPlace.readsProjectsInPlace)
        try compare.reads(model, &probe, after: "crowding a gap")
        try compare.wholeTables(model, after: "crowding a gap")
    }

    // Layout 1 (a snapshot without indexes, read whole and rewritten) has no test here: the only
    // store written before layout 2 among the fixtures, Tests/Fixtures/format2-before-lists.pmstore,
    // holds no snapshot (its header's flags are 0, its snapshot frame empty), only records.
}

// MARK: - Stores

extension InPlaceStoreTests {
    /// A context over a store file, with the store, to close without the compaction that closing
    /// a context may do.
    struct OpenStore {
        let store: JournalStore
        let context: ObjectContext

        init(url: URL, access: JournalStore.Access = .readWrite, inPlaceThreshold: Int) throws {
            store = JournalStore(url: url, access: access, inPlaceThreshold: inPlaceThreshold)
            context = try ObjectContext(schema: .projectManager, store: store, undoLimit: 20)
        }

        /// Whether the projects are still read from the file rather than held whole in memory.
        var readsProjectsInPlace: Bool { context.state.withLock { $0.graph.table(Project.self).isStored } }

        /// Where the rows read in place were found damaged, if they were.
        var storedDamage: String? { context.state.withLock { $0.graph.storedDamage } }
    }

    /// Writes a store of `projects` projects, and opens a copy in place (from `inPlaceThreshold`
    /// objects) and a copy decoded whole; makes the same random steps to both, reopens the first
    /// (its journal replayed over the stored rows), compacts it, and deletes a board, comparing
    /// their reads after each step.
    static func compareThroughChanges(seed: UInt64, projects: ClosedRange<Int>, inPlaceThreshold: Int) throws {
        // Given a compacted store of a few boards and their projects, in two copies: one read in
        // place, one decoded whole
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var random = SeededGenerator(seed: seed)
        var probe = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 1)
        let original = directory.file("original.pmstore")
        var model = try writeStore(at: original, projects: projects, random: &random)
        let inPlaceURL = directory.file("in-place.pmstore")
        let wholeURL = directory.file("whole.pmstore")
        try FileManager.default.copyItem(at: original, to: inPlaceURL)
        try FileManager.default.copyItem(at: original, to: wholeURL)
        var inPlace = try OpenStore(url: inPlaceURL, inPlaceThreshold: inPlaceThreshold)
        let whole = try OpenStore(url: wholeURL, inPlaceThreshold: .max)
        try #require(inPlace.readsProjectsInPlace)
        try #require(!whole.readsProjectsInPlace)
        var compare = Comparison(seed: seed, inPlace: inPlace.context, whole: whole.context)
        try compare.reads(model, &probe, after: "opening")

        // When the same random changes are made to both
        for step in 1...25 { try compare.step(step, &model, &random, &probe) }
        #expect(inPlace.readsProjectsInPlace, "the changes kept the rows in the file")
        try compare.wholeTables(model, after: "the first changes")

        // And the in-place store is reopened, its journal replayed over the stored rows, and changed
        inPlace.store.close()
        inPlace = try OpenStore(url: inPlaceURL, inPlaceThreshold: inPlaceThreshold)
        compare.inPlace = inPlace.context
        #expect(inPlace.store.journalBytes > 0, "the reopened store replays a journal")
        #expect(inPlace.readsProjectsInPlace)
        try compare.reads(model, &probe, after: "reopening")
        for step in 26...50 { try compare.step(step, &model, &random, &probe) }
        #expect(inPlace.readsProjectsInPlace)
        try compare.wholeTables(model, after: "the changes after reopening")

        // And it is compacted (its snapshot written from rows read in place) and changed further,
        // then reopened from that snapshot, changed, and a board deleted with its projects
        try inPlace.context.compactStore()
        for step in 51...55 { try compare.step(step, &model, &random, &probe) }
        inPlace.store.close()
        inPlace = try OpenStore(url: inPlaceURL, inPlaceThreshold: inPlaceThreshold)
        compare.inPlace = inPlace.context
        #expect(inPlace.readsProjectsInPlace)
        try compare.reads(model, &probe, after: "compacting and reopening")
        for step in 56...65 { try compare.step(step, &model, &random, &probe) }
        let doomed = try #require(model.boards.first)
        for context in [inPlace.context, whole.context] {
            try context.delete(Board.self, id: doomed.id)
            try context.save()
        }
        try model.reload(from: whole.context)

        // Then every read agreed (checked after each step), and still does
        try compare.reads(model, &probe, after: "deleting a board")
        try compare.wholeTables(model, after: "deleting a board")
    }

    /// Writes a compacted store of two or three boards, their lists, and `projects` projects,
    /// without an undo step (which would delete them all).
    static func writeStore(at url: URL, projects: ClosedRange<Int>, random: inout SeededGenerator) throws -> Model {
        var model = Model()
        let context = try ObjectContext(schema: .projectManager, store: JournalStore(url: url), undoLimit: 0)
        for _ in 0..<Int.random(in: 2...3, using: &random) {
            let (board, lists) = model.makeBoard(&random)
            try context.insert(board)
            for list in lists { try context.insert(list) }
        }
        for _ in 0..<Int.random(in: projects, using: &random) {
            let project = model.makeProject(&random)
            try context.insert(project)
            model.put(project)
        }
        try context.save()
        try context.compactStore()
        context.close()
        return model
    }

    /// A compacted store of 3,000 projects (more than a mapped file's 1 MiB) with one byte
    /// flipped in the title of the project 40% through them, about 40% into the file.
    struct DamagedStore {
        let url: URL
        let projects: [Project]
        let victim: Project
        /// The file's bytes, damaged.
        let bytes: Data

        init(in directory: TemporaryDirectory) throws {
            url = directory.file("damaged.pmstore")
            projects = try InPlaceStoreTests.writeLargeStore(at: url, count: 3_000)
            var bytes = try Data(contentsOf: url)
            try #require(bytes.count > POSIXFileSystem.mappingThreshold)
            victim = projects[projects.count * 2 / 5]
            let title = Data(victim.title.utf8)
            let found = try #require(bytes.firstRange(of: title))
            try #require((0.3...0.5).contains(Double(found.lowerBound) / Double(bytes.count)), "about 40% in")
            try #require(bytes[found.upperBound...].firstRange(of: title) == nil, "the title is unique")
            bytes[found.lowerBound + 2] ^= 0x20
            try bytes.write(to: url)
            self.bytes = bytes
        }

        /// The number of projects in the file decoded whole, which checks every byte.
        /// - Throws: ``StoreError`` while the file holds the damage.
        func projectCountDecodedWhole() throws(StoreError) -> Int {
            try JournalStore(url: url, access: .readOnly, inPlaceThreshold: .max)
                .load(schema: .projectManager, undoLimit: 0).graph.count(of: Project.self)
        }
    }

    /// Records an issue unless `compacting` was refused for the store's damage.
    static func expectRefused(
        _ compacting: Result<Void, ContextError>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .failure(.store(.damaged)) = compacting else {
            Issue.record("expected the store's damage, got \(compacting)", sourceLocation: sourceLocation)
            return
        }
    }

    /// Writes a compacted store of `count` projects in the default board's To Do, each with a
    /// body of about 400 bytes and a title of its own.
    static func writeLargeStore(at url: URL, count: Int) throws -> [Project] {
        let context = try ObjectContext(schema: .projectManager, store: JournalStore(url: url), undoLimit: 0)
        try context.insert(Board(id: .default, title: Board.defaultTitle, createdAt: TestClock.defaultStart))
        let ids = SequentialIDs()
        let body = String(repeating: "Read in place, checked in blocks. ", count: 12)
        let ranks = Rank.sequence(after: nil, count: count)
        let projects = ranks.enumerated().map { number, rank in
            Project(
                id: Project.ID(rawValue: ids.make()), boardID: .default, title: "Card \(100_000 + number)",
                body: body, rank: rank, createdAt: TestClock.defaultStart)
        }
        for project in projects { try context.insert(project) }
        try context.save()
        try context.compactStore()
        context.close()
        return projects
    }
}

// MARK: - The model

extension InPlaceStoreTests {
    /// What the stores should hold, kept by the test to choose changes and to check the answers
    /// of the store decoded whole.
    struct Model {
        var boards: [Board] = []
        var lists: [BoardList] = []
        var projects: [Project.ID: Project] = [:]
        /// The last value of each project deleted and not made again.
        var deleted: [Project.ID: Project] = [:]
        /// Every project id made, in order: a dictionary's order differs from run to run.
        var made: [Project.ID] = []
        /// Every group a project stood in, in the order first seen.
        var columns: [ProjectColumn] = []
        private var nextNumber = 0
        private var nextEdit = 0

        var liveIDs: [Project.ID] { made.filter { projects[$0] != nil } }
        var deletedIDs: [Project.ID] { made.filter { deleted[$0] != nil } }

        /// The projects of `column` in the order the ordered index keeps: by rank, then by id bytes.
        func ordered(_ column: ProjectColumn) -> [Project] {
            projects.values.filter { Self.column(of: $0) == column }.sorted(by: Self.precedes)
        }

        static func column(of project: Project) -> ProjectColumn {
            ProjectColumn(project.listID, archived: project.isArchived)
        }

        static func precedes(_ left: Project, _ right: Project) -> Bool {
            if left.rank != right.rank { return left.rank < right.rank }
            return withUnsafeBytes(of: left.id.rawValue.uuid) { left in
                withUnsafeBytes(of: right.id.rawValue.uuid) { right in left.lexicographicallyPrecedes(right) }
            }
        }

        mutating func put(_ project: Project) {
            projects[project.id] = project
            deleted[project.id] = nil
            let column = Self.column(of: project)
            if !columns.contains(column) { columns.append(column) }
        }

        mutating func apply(_ change: Change) {
            switch change {
            case .insert(let project), .update(let project), .replace(let project): put(project)
            case .delete(let id): deleted[id] = projects.removeValue(forKey: id)
            }
        }

        /// Takes what the store decoded whole holds, after an undo or a redo.
        mutating func reload(from context: ObjectContext) throws {
            var current: [Project.ID: Project] = [:]
            for project in try context.fetch(FetchRequest<Project>()) { current[project.id] = project }
            for id in made {
                if let project = current[id] {
                    put(project)
                } else if let project = projects.removeValue(forKey: id) {
                    deleted[id] = project
                }
            }
            boards = try context.fetch(FetchRequest<Board>()).sorted { $0.createdAt < $1.createdAt }
            lists = try context.fetch(FetchRequest<BoardList>()).sorted { $0.id.description < $1.id.description }
        }

        // MARK: Making objects

        static func uuid(_ random: inout SeededGenerator) -> UUID {
            withUnsafeBytes(of: (random.next(), random.next())) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        }

        private mutating func tick() -> Date {
            nextNumber += 1
            return TestClock.defaultStart.addingTimeInterval(Double(nextNumber))
        }

        /// A board with its standard lists and up to two more.
        mutating func makeBoard(_ random: inout SeededGenerator) -> (Board, [BoardList]) {
            let date = tick()
            let board = Board(id: Board.ID(rawValue: Self.uuid(&random)), title: "Board \(nextNumber)", createdAt: date)
            var lists = BoardList.standard(on: board.id)
            for index in 0..<Int.random(in: 0...2, using: &random) {
                let stage = [ProjectState.todo, .doing, .done].randomElement(using: &random) ?? .todo
                lists.append(
                    BoardList(
                        id: BoardList.ID(rawValue: Self.uuid(&random)), boardID: board.id, title: "List \(index)",
                        stage: stage, rank: Rank(ordinal: 10 + index)))
            }
            boards.append(board)
            self.lists += lists
            return (board, lists)
        }

        /// A new project in a random list of a random board, at a random place.
        mutating func makeProject(_ random: inout SeededGenerator) -> Project {
            guard let board = boards.randomElement(using: &random),
                let list = lists.filter({ $0.boardID == board.id }).randomElement(using: &random)
            else { preconditionFailure("the test deletes a board only after its last change") }
            let archived = Int.random(in: 0..<10, using: &random) == 0
            var project = makeProject(in: list, archived: archived, rank: .initial, &random)
            project.rank = rank(in: Self.column(of: project), excluding: project.id, &random)
            return project
        }

        /// A new project in `list` (or its archive) at `rank`.
        mutating func makeProject(
            in list: BoardList, archived: Bool, rank: Rank, _ random: inout SeededGenerator
        ) -> Project {
            let date = tick()
            var project = Project(
                id: Project.ID(rawValue: Self.uuid(&random)), boardID: list.boardID, title: "Card \(nextNumber)",
                body: String(repeating: "body ", count: Int.random(in: 0...6, using: &random)),
                rank: rank, createdAt: date, isArchived: archived)
            project.move(to: list)
            made.append(project.id)
            return project
        }

        /// A rank in `column`: first, last, between two neighbours, or equal to another's (a tie
        /// the ids break).
        func rank(in column: ProjectColumn, excluding id: Project.ID, _ random: inout SeededGenerator) -> Rank {
            let ranks = ordered(column).filter { $0.id != id }.map(\.rank)
            guard let first = ranks.first, let last = ranks.last else { return .initial }
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return .before(first)
            case 1: return .after(last)
            case 2: return ranks.randomElement(using: &random) ?? first
            default:
                let gap = Int.random(in: 0...ranks.count, using: &random)
                return .between(gap > 0 ? ranks[gap - 1] : nil, gap < ranks.count ? ranks[gap] : nil)
            }
        }

        // MARK: Choosing changes

        /// A random change to the projects, applied to the model.
        mutating func randomChange(_ random: inout SeededGenerator) -> Change {
            let live = liveIDs
            let roll = Int.random(in: 0..<100, using: &random)
            guard roll >= 25, let id = live.randomElement(using: &random), var project = projects[id] else {
                return applied(.insert(makeProject(&random)))
            }
            switch roll {
            case 25..<40:
                project.rank = rank(in: Self.column(of: project), excluding: id, &random)
                return applied(.update(project))
            case 40..<52:
                guard let list = lists.randomElement(using: &random) else { return applied(.delete(id)) }
                project.move(to: list)
                project.rank = rank(in: Self.column(of: project), excluding: id, &random)
                return applied(.update(project))
            case 52..<67:
                nextEdit += 1
                let name = project.title.split(separator: " / ").first.map(String.init) ?? project.title
                project.title = "\(name) / \(nextEdit)"
                project.body += "edited "
                return applied(.update(project))
            case 67..<75:
                project.isArchived.toggle()
                return applied(.update(project))
            case 75..<87:
                return applied(.delete(id))
            case 87..<93:
                if Bool.random(using: &random) {
                    project.rank = rank(in: Self.column(of: project), excluding: id, &random)
                }
                return applied(.replace(project))
            default:
                guard let gone = deletedIDs.randomElement(using: &random), var again = deleted[gone] else {
                    return applied(.insert(makeProject(&random)))
                }
                again.rank = rank(in: Self.column(of: again), excluding: gone, &random)
                return applied(.insert(again))
            }
        }

        private mutating func applied(_ change: Change) -> Change {
            apply(change)
            return change
        }

        /// A random step: a few changes saved, or rolled back; an undo or a redo; a new board.
        mutating func randomStep(_ random: inout SeededGenerator) -> Step {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<6: return .undo
            case 6..<9: return .redo
            case 9..<14:
                var scratch = self
                let changes = (0..<Int.random(in: 1...3, using: &random)).map { _ in scratch.randomChange(&random) }
                return .rollBack(changes)
            case 14..<16:
                let (board, lists) = makeBoard(&random)
                return .addBoard(board, lists)
            case 16..<24:
                return .saveThroughChild((0..<Int.random(in: 1...4, using: &random)).map { _ in randomChange(&random) })
            default:
                return .save((0..<Int.random(in: 1...4, using: &random)).map { _ in randomChange(&random) })
            }
        }
    }

    /// One change to the projects, made to both stores.
    enum Change: CustomStringConvertible {
        case insert(Project)
        case update(Project)
        case delete(Project.ID)
        /// Deletes the project, then inserts this value of it, in the same save.
        case replace(Project)

        func apply(to context: ObjectContext) throws {
            switch self {
            case .insert(let project): try context.insert(project)
            case .update(let project): try context.update(project)
            case .delete(let id): try context.delete(Project.self, id: id)
            case .replace(let project):
                try context.delete(Project.self, id: project.id)
                try context.insert(project)
            }
        }

        /// The project changed.
        var project: Project.ID {
            switch self {
            case .insert(let project), .update(let project), .replace(let project): project.id
            case .delete(let id): id
            }
        }

        var description: String {
            switch self {
            case .insert(let project): "insert \(Comparison.describe(project))"
            case .update(let project): "update to \(Comparison.describe(project))"
            case .delete(let id): "delete \(id)"
            case .replace(let project): "delete and insert \(Comparison.describe(project))"
            }
        }
    }

    /// One step of the test, made to both stores.
    enum Step: CustomStringConvertible {
        case save([Change])
        /// Changes made in a child context, saved into the store's context, then saved.
        case saveThroughChild([Change])
        case rollBack([Change])
        case undo
        case redo
        case addBoard(Board, [BoardList])

        /// What happened: "done", or the error.
        func perform(on context: ObjectContext) -> String {
            do {
                switch self {
                case .save(let changes):
                    for change in changes { try change.apply(to: context) }
                    try context.save()
                case .saveThroughChild(let changes):
                    let child = context.newChildContext()
                    for change in changes { try change.apply(to: child) }
                    try child.save()
                    try context.save()
                case .rollBack(let changes):
                    for change in changes { try change.apply(to: context) }
                    context.rollback()
                case .undo: try context.undo()
                case .redo: try context.redo()
                case .addBoard(let board, let lists):
                    try context.insert(board)
                    for list in lists { try context.insert(list) }
                    try context.save()
                }
                return "done"
            } catch {
                return "\(error)"
            }
        }

        /// The projects the step changes; `nil` when not known beforehand (an undo or a redo).
        var changedProjects: [Project.ID]? {
            switch self {
            case .save(let changes), .saveThroughChild(let changes), .rollBack(let changes): changes.map(\.project)
            case .addBoard: []
            case .undo, .redo: nil
            }
        }

        var description: String {
            switch self {
            case .save(let changes): "save \(changes)"
            case .saveThroughChild(let changes): "save through a child \(changes)"
            case .rollBack(let changes): "roll back \(changes)"
            case .undo: "undo"
            case .redo: "redo"
            case .addBoard(let board, let lists): "add \(board.title) with \(lists.count) lists"
            }
        }
    }
}

// MARK: - Comparing reads

extension InPlaceStoreTests {
    /// The two contexts, read the same ways and compared.
    struct Comparison {
        let seed: UInt64
        var inPlace: ObjectContext
        let whole: ObjectContext

        /// Makes a random step on both stores, then compares their reads.
        func step(
            _ number: Int, _ model: inout Model, _ random: inout SeededGenerator, _ probe: inout SeededGenerator
        ) throws {
            let before = model
            let step = model.randomStep(&random)
            let inPlaceOutcome = step.perform(on: inPlace)
            let wholeOutcome = step.perform(on: whole)
            let what = "step \(number) (\(step))"
            try #require(inPlaceOutcome == wholeOutcome, "seed \(seed), \(what): in place \(inPlaceOutcome)")
            switch step {
            case .save, .saveThroughChild, .addBoard:
                try #require(wholeOutcome == "done", "seed \(seed), \(what): \(wholeOutcome)")
            case .rollBack, .undo, .redo: break
            }
            if case .undo = step { try model.reload(from: whole) }
            if case .redo = step { try model.reload(from: whole) }
            // Every column every fifth step; else the columns the step changed, and two others.
            var columns: Set<ProjectColumn>?
            if number % 5 != 0, let ids = step.changedProjects {
                let values = ids.compactMap { before.projects[$0] } + ids.compactMap { model.projects[$0] }
                columns = Set(values.map(Model.column(of:)))
                for _ in 0..<2 { model.columns.randomElement(using: &probe).map { _ = columns?.insert($0) } }
            }
            try reads(model, &probe, after: what, columns: columns)
        }

        /// Compares the reads that stay in place: counts, windows, neighbours from the end, the
        /// last of each group, positions and reads by id; and checks the whole store's against the model.
        /// - Parameter columns: The columns to read; every one when `nil`.
        func reads(
            _ model: Model, _ probe: inout SeededGenerator, after what: String, columns: Set<ProjectColumn>? = nil
        ) throws {
            var differences = Differences()
            let total = try whole.count(FetchRequest<Project>())
            differences.expect("the number of projects", try inPlace.count(FetchRequest<Project>()), total)
            differences.expect("the number of projects, against the model", total, model.projects.count)
            let groups = Dictionary(grouping: model.projects.values, by: Model.column(of:))
            for (index, column) in model.columns.enumerated() where columns?.contains(column) ?? true {
                let expected = (groups[column] ?? []).sorted(by: Model.precedes)
                compare(column, named: "column \(index)", expected: expected, &differences, &probe)
            }
            let ordering = ProjectColumn.ordering
            differences.expect(
                "the last of each column", inPlace.lastObjects(Project.self, ordering: ordering).sorted(by: Self.byID),
                whole.lastObjects(Project.self, ordering: ordering).sorted(by: Self.byID))
            for _ in 0..<30 {
                guard let id = model.made.randomElement(using: &probe) else { break }
                let project = model.projects[id]
                differences.expect("the project \(id)", inPlace.object(Project.self, id: id), project)
                differences.expect("the project \(id), whole", whole.object(Project.self, id: id), project)
                if let value = project ?? model.deleted[id] {
                    differences.expect(
                        "the position of \(value.title)", inPlace.position(of: value, ordering: ordering),
                        whole.position(of: value, ordering: ordering))
                }
            }
            try #require(differences.found.isEmpty, "seed \(seed), after \(what): \(differences)")
        }

        /// Compares one column's count, windows, neighbours from the end and positions; and checks
        /// the whole store's column against `expected`.
        private func compare(
            _ column: ProjectColumn, named name: String, expected: [Project], _ differences: inout Differences,
            _ probe: inout SeededGenerator
        ) {
            let ordering = ProjectColumn.ordering
            func window(_ context: ObjectContext, from offset: Int, limit: Int?) -> [Project] {
                context.objects(Project.self, ordering: ordering, group: column, offset: offset, limit: limit)
            }
            func fromEnd(_ context: ObjectContext, _ offset: Int) -> Project? {
                context.object(Project.self, ordering: ordering, group: column, fromEnd: offset)
            }
            let count = whole.count(Project.self, ordering: ordering, group: column)
            differences.expect("\(name) against the model", window(whole, from: 0, limit: nil), expected)
            differences.expect("\(name)'s count", inPlace.count(Project.self, ordering: ordering, group: column), count)
            let middle = Int.random(in: 0...count, using: &probe)
            for offset in Set([-1, 0, 1, middle, count / 2, count - 2, count - 1, count, count + 3]).sorted() {
                for limit in [1, 7, nil] as [Int?] {
                    differences.expect(
                        "\(name) from \(offset), at most \(limit.map(String.init) ?? "all")",
                        window(inPlace, from: offset, limit: limit), window(whole, from: offset, limit: limit))
                }
            }
            for offset in Set([-1, 0, 1, count / 2, count - 1, count]).sorted() {
                differences.expect(
                    "\(name), \(offset) from the end", fromEnd(inPlace, offset), fromEnd(whole, offset))
            }
            let places = Set([0, count - 1, Int.random(in: 0..<max(count, 1), using: &probe)])
            for place in places.sorted() where place >= 0 && place < expected.count {
                differences.expect(
                    "the position of \(expected[place].title) in \(name)",
                    inPlace.position(of: expected[place], ordering: ordering), place)
            }
        }

        /// Compares the reads that need the whole table: fetches with a predicate, a fold over
        /// every project, and each board's projects through their relationship.
        func wholeTables(_ model: Model, after what: String) throws {
            var differences = Differences()
            let doing = ProjectState.doing
            let predicates: [(String, Predicate<Project>)] = [
                ("with a 7 in the title", #Predicate<Project> { $0.title.contains("7") }),
                ("in Doing", #Predicate<Project> { $0.state == doing }),
            ]
            let byID = Self.byID
            for (name, predicate) in predicates {
                let request = FetchRequest(predicate: predicate)
                differences.expect(
                    "the projects \(name)", try inPlace.fetch(request).sorted(by: byID),
                    try whole.fetch(request).sorted(by: byID))
            }
            differences.expect(
                "every project", inPlace.reduce(Project.self, into: []) { $0.append($1) }.sorted(by: byID),
                model.projects.values.sorted(by: byID))
            for board in model.boards {
                differences.expect(
                    "the projects of \(board.title)",
                    inPlace.objects(Project.self, where: \.boardID, is: board.id).sorted(by: byID),
                    whole.objects(Project.self, where: \.boardID, is: board.id).sorted(by: byID))
            }
            try #require(differences.found.isEmpty, "seed \(seed), after \(what): \(differences)")
        }

        static func byID(_ left: Project, _ right: Project) -> Bool { left.id.description < right.id.description }

        static func describe(_ project: Project) -> String {
            "\(project.title) [\(project.id)] in \(project.listID)\(project.isArchived ? " (archived)" : "") at \(project.rank)"
        }
    }

    /// The reads that did not agree.
    struct Differences: CustomStringConvertible {
        private(set) var found: [String] = []

        mutating func expect(_ what: String, _ actual: [Project], _ expected: [Project]) {
            guard actual != expected else { return }
            func titles(_ projects: [Project]) -> String { projects.map(Comparison.describe).joined(separator: ", ") }
            found.append("\(what): [\(titles(actual))], expected [\(titles(expected))]")
        }

        mutating func expect(_ what: String, _ actual: Project?, _ expected: Project?) {
            expect(what, actual.map { [$0] } ?? [], expected.map { [$0] } ?? [])
        }

        mutating func expect(_ what: String, _ actual: Int?, _ expected: Int?) {
            guard actual != expected else { return }
            found.append("\(what): \(actual.map(String.init) ?? "nil"), expected \(expected.map(String.init) ?? "nil")")
        }

        var description: String { found.prefix(5).joined(separator: "\n") + (found.count > 5 ? "\n…" : "") }
    }
}
