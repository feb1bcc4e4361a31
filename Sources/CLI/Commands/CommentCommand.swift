import ProjectManager

/// `pm comment`: posts a comment on a project, and edits or deletes one's own.
///
/// ```
/// pm comment 3f2a "Booked for Friday."
/// echo "Room 4, second floor" | pm comment 3f2a -
/// pm comment edit 3f2a 1 "Booked for Friday, room 5."
/// pm comment delete 3f2a 1
/// ```
/// A comment is by the account signed in, or by nobody when no one is; only its author edits or
/// deletes it. `N` counts the comments from 1, newest first, as `pm comments` and `pm show` number
/// them. Each change is one undo step.
struct CommentCommand: Command {
    static let board = Option.board()

    static let configuration = CommandConfiguration(
        name: "comment", abstract: "comment on a project; edit or delete a comment of yours",
        discussion: """
            pm comment ID TEXT posts TEXT (line breaks kept) on the project, by the account signed in, \
            or by nobody when no one is; a TEXT of - reads it from standard input (its last line break \
            left out): echo "Room 4" | pm comment ID -. edit ID N TEXT gives the comment N new text, \
            delete ID N deletes it; only its author may. N counts from 1, newest first, as pm comments \
            numbers them. Each is one undo step.
            """,
        arguments: [
            CommandArgument(
                valueName: (Action.names + ["ID"]).joined(separator: "|"), noun: "a project id, or edit or delete",
                help: "the project to comment on, or what to do with a comment",
                completion: .words(Action.names)),
            CommandArgument(
                valueName: "TEXT|ID", noun: "the comment's text",
                help: "the comment, - for standard input; for edit and delete, the project",
                completion: .projectIDs),
            CommandArgument(
                valueName: "N", noun: "a comment's number", help: "edit, delete: the comment, by its number from 1",
                isOptional: true),
            CommandArgument(
                valueName: "TEXT", noun: "the new text", help: "edit: the comment's new text, - for standard input",
                isOptional: true),
        ],
        options: [board],
        extraArgumentHint: "quote a text that has spaces")

    /// What `pm comment` does.
    enum Action: Hashable, Sendable {
        /// Posts this text, `-` for standard input.
        case post(String)
        /// Gives the comment of this number new text, `-` for standard input.
        case edit(Int, to: String)
        /// Deletes the comment of this number.
        case delete(Int)

        /// The words that name the actions besides posting.
        static let names = ["edit", "delete"]
    }

    /// What to do.
    var action: Action
    /// The project the comment is on.
    var id: ProjectIDPrefix
    /// The board to find it on, by name; the current board when `nil`.
    var board: String?

    init(_ action: Action, on id: ProjectIDPrefix, board: String? = nil) {
        (self.action, self.id, self.board) = (action, id, board)
    }

    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        board = arguments[Self.board]
        let word = arguments.positionals[0]
        guard Action.names.contains(word) else {
            do {
                id = try ProjectIDPrefix(parsing: word)
            } catch {
                throw .usage(
                    "'\(word)' is neither \(Action.names.joined(separator: " nor ")) nor a project id"
                        + " (pm comment ID TEXT posts a comment)")
            }
            if let extra = arguments.positional(2) {
                throw .usage("unexpected argument '\(extra)' for 'pm comment ID' (quote a text that has spaces)")
            }
            action = .post(arguments.positionals[1])
            return
        }
        let command = "pm comment \(word)"
        id = try ProjectIDPrefix(parsing: arguments.positionals[1])
        guard let numberText = arguments.positional(2) else {
            throw .usage("'\(command) \(arguments.positionals[1])' needs a comment's number (pm comments lists them)")
        }
        let number = try Self.number(parsing: numberText)
        let text = arguments.positional(3)
        if word == "edit" {
            guard let text else {
                throw .usage("'\(command) \(arguments.positionals[1]) \(number)' needs the new text")
            }
            action = .edit(number, to: text)
        } else {
            if let text {
                throw .usage("unexpected argument '\(text)' for '\(command)' (quote a text that has spaces)")
            }
            action = .delete(number)
        }
    }

    func run(in context: CommandContext) async throws(CommandLineError) {
        var action = action
        switch action {
        case .post("-"): action = .post(StandardInputField.read(in: context))
        case .edit(let number, "-"): action = .edit(number, to: StandardInputField.read(in: context))
        default: break
        }
        let screens = try await context.screens(onBoard: board)
        let lookup = try await context.lookupWithArchived(on: screens)
        let project = try lookup.project(id)
        let card = lookup.describe(project)
        if case .post(let text) = action {
            let comment = try await screens.postComment(text, on: project.id)
            let names = try await AccountNames(of: [comment.author], on: screens)
            let by = TerminalText.sanitized(names.author(of: comment))
            context.print("commented on \(card), as \(comment.author == nil ? "nobody (signed out)" : by)")
            return
        }
        let number: Int
        switch action {
        case .post: return
        case .edit(let item, _), .delete(let item): number = item
        }
        let comments = try await screens.comments(of: project.id)
        guard number <= comments.count else {
            let count = comments.count == 1 ? "1 comment" : "\(comments.count) comments"
            throw .runtime(
                comments.isEmpty
                    ? "\(card) has no comments"
                    : "\(card) has no comment \(number): it has \(count) (pm comments \(lookup.shortIDs(project.id)) lists them)"
            )
        }
        let comment = comments[number - 1]
        let viewer = try await screens.session()?.account.id
        guard comment.isEditable(by: viewer) else {
            let names = try await AccountNames(of: [comment.author], on: screens)
            throw .runtime(
                "only its author changes comment \(number) on \(card): it is by "
                    + TerminalText.sanitized(names.author(of: comment)))
        }
        switch action {
        case .post:
            return
        case .edit(_, let text):
            let saved = try await screens.editComment(comment.id, to: text)
            guard saved != comment else {
                context.print("nothing changed: comment \(number) on \(card) already says so")
                return
            }
            context.print("edited comment \(number) on \(card)")
        case .delete:
            try await screens.deleteComment(comment.id)
            context.print("deleted comment \(number) on \(card) (pm undo puts it back)")
        }
    }

    /// A comment's number: a whole number from 1.
    static func number(parsing text: String) throws(CommandLineError) -> Int {
        guard text.allSatisfy(\.isASCII), let number = Int(text), number >= 1 else {
            throw .usage("bad comment number '\(text)': give a whole number from 1, the newest comment")
        }
        return number
    }
}
