import Foundation
import ProjectManager

/// `pm demo`: the main story, told on a temporary store that is removed at the end.
///
/// Three projects are added (one due yesterday, so overdue; one due today, which is not), one moves
/// to Doing, one is edited, one is marked Done; the history is listed, and the last change undone
/// and redone. Then a list of one's own (Review) is added, a label (Urgent) put on a card, a card
/// archived, and the report given a checklist, half ticked, and a comment. Each step goes through
/// the app's screens, as the commands do, and shows the equivalent `pm` commands, then the board
/// (or the history, or the card). Last, when git is installed, two more stores sync through a
/// bare repository (see ``tellSync(in:step:)``). The user's own store is never touched.
struct Demo: Sendable {
    let tool: CommandLineTool

    /// Where the temporary store goes: `$TMPDIR` from the tool's environment, else the system's
    /// temporary directory.
    private var temporaryRoot: URL {
        if let path = tool.processEnvironment["TMPDIR"], !path.isEmpty {
            return URL(filePath: path, directoryHint: .isDirectory)
        }
        return FileManager.default.temporaryDirectory
    }

    @MainActor
    func run() async throws(CommandLineError) {
        let directory =
            temporaryRoot
            .appending(path: "pm-demo-\(UUID().uuidString)", directoryHint: .isDirectory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .runtime(
                "cannot make a temporary folder for the demo at \(directory.path): \(error.localizedDescription)")
        }
        let outcome: Result<Void, CommandLineError>
        do throws(CommandLineError) {
            try await tell(store: directory.appending(path: "projects.pmstore", directoryHint: .notDirectory))
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            tool.errors.write(
                "pm: warning: could not remove the demo's temporary folder \(directory.path): \(CommandLineTool.oneLine(error.localizedDescription))\n"
            )
        }
        try outcome.get()
    }

    // MARK: - The story

    @MainActor
    private func tell(store: URL) async throws(CommandLineError) {
        let environment = tool.engineEnvironment
        let today = environment.today()
        guard let yesterday = today.adding(days: -1, in: environment.calendar) else {
            throw .runtime("cannot tell which day came before \(today)")
        }
        tool.print("pm demo: the main story on a temporary store, removed at the end.")
        tool.print("Today is \(today). Each step shows the command that does it, then the board.")

        // Who is signed in (no one, on a new store) is read once for the whole story.
        let session = SessionSnapshot(tool.accountsBeside(store, environment, tool.accounts))
        // The store admits one engine at a time: this one closes at the end of the block.
        do {
            let screens = try Screens.open(at: store, environment: environment, session: session)

            let report = try await create(
                ProjectDraft(title: "Write the quarterly report", deadline: yesterday), screens: screens,
                step: 1, caption: "Add a project that was due yesterday: it is overdue, marked '!'.",
                command: "pm add \"Write the quarterly report\" \(AddCommand.due.name) \(yesterday)")
            let offsite = try await create(
                ProjectDraft(title: "Book the team offsite", deadline: today), screens: screens,
                step: 2, caption: "Add a project due today: it is not overdue until tomorrow.",
                command: "pm add \"Book the team offsite\" \(AddCommand.due.name) \(today)")
            let passport = try await create(
                ProjectDraft(title: "Renew passport", body: "Photos first, then the form."), screens: screens,
                step: 3, caption: "Add a project with a note and no deadline.",
                command: "pm add \"Renew passport\" \(AddCommand.body.name) \"Photos first, then the form.\"")

            _ = try await screens.changeState(of: offsite.id, to: .doing)
            try await showStep(
                4, "Start on the offsite: move it to Doing.", command: { "pm move \($0(offsite.id)) doing" },
                screens: screens)

            _ = try await screens.update(report.id, with: ProjectEdit(title: "Send the quarterly report"))
            try await showStep(
                5, "Edit the report's title; it is still overdue.",
                command: { "pm edit \($0(report.id)) \(EditCommand.title.name) \"Send the quarterly report\"" },
                screens: screens)

            _ = try await screens.changeState(of: passport.id, to: .done)
            try await showStep(
                6, "The passport is renewed: mark it Done.", command: { "pm move \($0(passport.id)) done" },
                screens: screens)

            let context = CommandContext(tool: tool, screens: screens)
            caption(
                7, "Look back: the history lists every change, newest first.",
                command: "pm history \(HistoryCommand.limit.name) 3")
            try await HistoryCommand(limit: 3).run(in: context)

            caption(8, "Undo the last change (later runs can too): the passport is back in To Do.", command: "pm undo")
            try await UndoCommand().run(in: context)
            try await BoardCommand().run(in: context)

            caption(9, "Redo it: the passport is Done again.", command: "pm redo")
            try await RedoCommand().run(in: context)
            try await BoardCommand().run(in: context)

            let review = try await screens.addList("Review", stage: .doing, at: nil, limit: 2)
            try await showStep(
                10, "Add a list of your own: Review, for a second look, at most 2 cards.",
                command: { _ in
                    "pm list add Review \(ListCommand.stage.name) \(ProjectState.doing.stageWord) \(ListCommand.limit.name) 2"
                }, screens: screens)

            let urgent = try await screens.createLabel("Urgent", colour: .red)
            _ = try await screens.label(report.id, with: urgent.id, on: true)
            try await showStep(
                11, "Label the report Urgent, in red: the card shows its labels.",
                command: { "pm label add Urgent \(LabelCommand.color.name) red && pm label \($0(report.id)) Urgent" },
                screens: screens)

            let notes = try await screens.create(ProjectDraft(title: "Old meeting notes"), inList: review.id)
            let shortIDs = ShortIDs(try await screens.overview().projects)
            _ = try await screens.archive(notes.id, archived: true)
            caption(
                12, "Archive a card rather than delete it: pm restore brings it back.",
                command:
                    "pm add \"Old meeting notes\" \(AddCommand.list.name) Review && pm archive \(shortIDs(notes.id))")
            tool.print("   $ pm archived")
            try await ArchivedCommand().run(in: context)

            let gather = try await screens.addChecklistItem("Gather the numbers", to: report.id, at: nil)
            _ = try await screens.addChecklistItem("Write the summary", to: report.id, at: nil)
            _ = try await screens.editChecklistItem(gather.id, .done(true))
            try await showStep(
                13, "Give the report a checklist and tick its first item: the card shows 1 of 2.",
                command: { ids in
                    """
                    pm check add \(ids(report.id)) "Gather the numbers"
                    pm check add \(ids(report.id)) "Write the summary"
                    pm check done \(ids(report.id)) 1
                    """
                }, screens: screens)

            _ = try await screens.postComment("The numbers are in; the summary is next.", on: report.id)
            let reportID = shortIDs(report.id)
            caption(
                14, "Comment on the report: pm show prints its checklist and its comments.",
                command: """
                    pm comment \(reportID) "The numbers are in; the summary is next."
                    pm show \(reportID)
                    """)
            try await ShowCommand(id: try ProjectIDPrefix(parsing: reportID)).run(in: context)
        }

        let reopened = try Screens.open(at: store, environment: environment, session: session)
        let columns = try await reopened.overview().columns
        let archived = try await reopened.archivedProjects()
        tool.print()
        tool.print(
            "Reopened from disk: "
                + columns.map { "\($0.count) in \(TerminalText.sanitized($0.list.title))" }.joined(separator: ", ")
                + ", \(archived.count) archived.")
        tool.print("Every step was saved.")
        try await tellSync(in: store.deletingLastPathComponent(), step: 15)
        tool.print()
        tool.print("The temporary stores are now removed. Try your own board:")
        tool.print("   $ pm add \"My first project\"")
        tool.print("   $ pm board")
        tool.print("   $ pm undo")
    }

    @MainActor
    private func create(
        _ draft: ProjectDraft, screens: Screens, step: Int, caption: String, command: String
    ) async throws(CommandLineError) -> Project {
        let project = try await screens.create(draft)
        try await showStep(step, caption, command: { _ in command }, screens: screens)
        return project
    }

    /// Prints a step's caption and command, then the board.
    @MainActor
    private func showStep(
        _ step: Int, _ caption: String, command: (ShortIDs) -> String, screens: Screens
    ) async throws(CommandLineError) {
        let renderer = try await CommandContext(tool: tool, screens: screens).boardRenderer(on: screens)
        self.caption(step, caption, command: command(renderer.shortIDs))
        tool.print(renderer.lines())
    }

    /// Prints a step's caption and its command, or its commands, one a line.
    func caption(_ step: Int, _ caption: String, command: String) {
        tool.print()
        tool.print(tool.style.apply(.heading, to: "\(step). \(caption)"))
        tool.print(command.split(separator: "\n").map { "   $ " + $0 })
    }
}
