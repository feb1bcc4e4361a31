import Foundation
import ProjectManagerCrashWorkload
import ProjectManagerData
import ProjectManagerTestSupport
import Testing

/// Two processes open one store: the second is refused as locked, and the first's store and
/// saves are unharmed. The other process is `pm-store-crash-child hold`.
@Suite("Reliability: two processes, one store")
struct TwoProcessTests {
    @Test("while another process holds the store, opening it here is refused as locked at once, and its saves go on")
    func otherProcessHoldsStore() throws {
        // Given a store with three saves, held by a child
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("shared.pmstore")
        try Self.makeSaves(1...3, in: url)
        let child = try CrashChildProcess(.hold, store: url)
        try #require(try child.nextLine() == "ready 3")

        // When this process opens the store
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: ContextError.store(.locked(file: url.path(percentEncoded: false)))) {
            try CrashWorkload.openStore(at: url)
        }
        let waited = clock.now - start

        // Then it is refused after polling the lock for half a second, not waiting for it, and the child still saves
        #expect(waited < .seconds(2), "the refused open took \(waited)")
        try child.send("save")
        #expect(try child.nextLine() == "4")
        child.closeInput()
        #expect(child.waitForExit() == .exited(status: 0))
        #expect(try child.standardError() == "")

        // And once the child exited, the store opens here with every save it made
        let context = try CrashWorkload.openStore(at: url)
        #expect(try CrashWorkload.state(in: context) == CrashWorkload.expectedState(afterSaves: 4))
        try CrashWorkload.makeSave(5, in: context)
    }

    @Test("while this process holds the store, another process's open fails with one line saying it is in use")
    func thisProcessHoldsStore() throws {
        // Given a store with two saves, open here
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("shared.pmstore")
        try Self.makeSaves(1...2, in: url)
        let context = try CrashWorkload.openStore(at: url)

        // When a child opens it (were it let in, it would exit as its input is closed)
        let child = try CrashChildProcess(.hold, store: url)
        child.closeInput()
        let termination = child.waitForExit()

        // Then it fails, saying why on one line, and never got to hold the store
        #expect(termination == .exited(status: 1))
        let message = try child.standardError()
        #expect(message.hasSuffix("\n") && message.dropLast().allSatisfy { !$0.isNewline }, "not one line: \(message)")
        #expect(message.contains("in use by another process"), "the child said: \(message)")
        #expect(try child.remainingLines() == [])

        // And this process's store is unharmed and still takes saves
        try CrashWorkload.makeSave(3, in: context)
        #expect(try CrashWorkload.state(in: context) == CrashWorkload.expectedState(afterSaves: 3))
    }

    @Test("after this process closes the store, another process opens it and sees every save")
    func handOver() throws {
        // Given a store that was open here, with two saves, and is closed again
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("shared.pmstore")
        try Self.makeSaves(1...2, in: url)

        // When a child opens it and saves
        let child = try CrashChildProcess(.hold, store: url)
        let ready = try child.nextLine()
        try child.send("save")
        let saved = try child.nextLine()
        child.closeInput()

        // Then it saw both saves, made the third, and exited cleanly
        #expect(ready == "ready 2")
        #expect(saved == "3")
        #expect(child.waitForExit() == .exited(status: 0))
        let context = try CrashWorkload.openStore(at: url)
        #expect(try CrashWorkload.state(in: context) == CrashWorkload.expectedState(afterSaves: 3))
    }

    /// Opens the store at `url`, makes the workload's saves `numbers`, and closes it.
    private static func makeSaves(_ numbers: ClosedRange<Int>, in url: URL) throws {
        let context = try CrashWorkload.openStore(at: url)
        for number in numbers { try CrashWorkload.makeSave(number, in: context) }
    }
}
