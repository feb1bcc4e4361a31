import Foundation
import ProjectManager

extension Demo {
    /// The demo's last part: two stores kept in step through a bare git repository in `folder`.
    /// One shares its board, the other joins it, each moves a card, both sync, and both show the
    /// same board. Without git, one line says the part is skipped.
    @MainActor
    func tellSync(in folder: URL, step: Int) async throws(CommandLineError) {
        let hub = folder.appending(path: "hub.git", directoryHint: .isDirectory)
        guard Self.makeBareRepository(at: hub) else {
            tool.print()
            tool.print("\(step). (Skipped: git is not installed, so two stores syncing is not shown.)")
            return
        }
        let environment = tool.engineEnvironment
        let stores = ["a.pmstore", "b.pmstore"].map { folder.appending(path: $0, directoryHint: .notDirectory) }
        let (first, second) = (
            try Screens.open(
                at: stores[0], environment: environment,
                session: SessionSnapshot(tool.accountsBeside(stores[0], environment, tool.accounts))),
            try Screens.open(
                at: stores[1], environment: environment,
                session: SessionSnapshot(tool.accountsBeside(stores[1], environment, tool.accounts)))
        )
        defer {
            first.close()
            second.close()
        }

        let agenda = try await first.create(ProjectDraft(title: "Draft the agenda"))
        let room = try await first.create(ProjectDraft(title: "Book a room"))
        try await first.addRemote(named: "hub", address: hub.path(percentEncoded: false))
        let shared = try await first.share(.default, on: "hub")
        try await second.addRemote(named: "hub", address: hub.path(percentEncoded: false))
        let joined = try await second.join("hub", board: nil)
        let ids = ShortIDs([agenda, room])
        caption(
            step, "Two stores in step through git: one shares its board, the other joins it.",
            command: """
                git init --bare ~/hub.git
                pm remote add hub ~/hub.git && pm share hub
                pm remote add hub ~/hub.git --store b.pmstore
                pm join hub --store b.pmstore
                """)
        for report in [shared, joined] {
            if let failure = report.failure { throw .runtime(failure.commandLineMessage) }
        }
        let boards = try await SharedBoards(
            context: CommandContext(tool: tool, screens: first), screens: first, shared: shared.boards)
        tool.print([
            "shared \(boards.name(.default)) on " + SyncLines.summary(of: shared, boards: boards),
            "joined " + SyncLines.summary(of: joined, boards: boards),
        ])

        _ = try await first.changeState(of: agenda.id, to: .doing)
        _ = try await second.changeState(of: room.id, to: .done)
        for screens in [first, second, first, second] {
            if let failure = await screens.sync().remotes.compactMap(\.failure).first {
                throw .runtime(failure.commandLineMessage)
            }
        }
        let views = [
            try await CommandContext(tool: tool, screens: first).boardRenderer(on: first).lines(),
            try await CommandContext(tool: tool, screens: second).boardRenderer(on: second).lines(),
        ]
        caption(
            step + 1, "Each store moves a card, then both sync, twice round: one board in both.",
            command: """
                pm move \(ids(agenda.id)) doing
                pm move \(ids(room.id)) done --store b.pmstore
                pm sync && pm sync --store b.pmstore
                """)
        tool.print(views[0])
        tool.print(views[0] == views[1] ? "Both stores show this board." : "The second store shows:")
        if views[0] != views[1] { tool.print(views[1]) }
    }

    /// Runs `git init --bare` at `url`; `false` when git is not installed or fails.
    private static func makeBareRepository(at url: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["git", "init", "--quiet", "--bare", url.path(percentEncoded: false)]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
