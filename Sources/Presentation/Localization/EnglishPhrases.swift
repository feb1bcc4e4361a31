import ProjectManagerDomain

/// The English table: every phrase, in English.
enum EnglishPhrases {
    static func text(for phrase: Phrase) -> String {
        switch phrase {
        case .boardTitle: "Project Manager"
        case .newProjectTitle: "New Project"
        case .projectTitle: "Project"
        case .historyTitle: "History"

        case .add: "Add"
        case .done: "Done"
        case .cancel: "Cancel"
        case .edit: "Edit"
        case .delete: "Delete"
        case .undo: "Undo"
        case .redo: "Redo"
        case .history: "History"

        case .state(let state): name(of: state)
        case .overdue: "Overdue"

        case .field(.title): "Title"
        case .field(.body): "Description"
        case .field(.deadline): "Deadline"
        case .field(.repeatRule): "Repeat"
        case .field(.record): "Record"
        case .validation(let failure): message(for: failure)
        case .recurrence(let rule): EnglishRecurrence.summary(rule)
        case .recurrenceUntil(let day): EnglishRecurrence.until(day)

        case .moveTo(let state): "Move to \(name(of: state))"

        case .activity(let kind, let title): activity(kind, title: title)
        case .noActivity: "Nothing has happened yet."

        case .account(let phrase): text(for: phrase)
        case .gitHub(let phrase): text(for: phrase)
        case .search(let phrase): text(for: phrase)
        case .today(let phrase): text(for: phrase)
        case .favourites(let phrase): text(for: phrase)
        case .boardList(let phrase): text(for: phrase)
        case .card(let phrase): text(for: phrase)

        case .failure(let error): failure(error)
        case .error(let phrase): text(for: phrase)
        }
    }

    /// "checklist item", "comment", "list", "label".
    private static func words(for subject: LostEditSubject) -> String {
        switch subject {
        case .checklistItem: "checklist item"
        case .comment: "comment"
        case .list: "list"
        case .label: "label"
        }
    }

    private static func name(of state: ProjectState) -> String {
        switch state {
        case .todo: "To Do"
        case .doing: "Doing"
        case .done: "Done"
        }
    }

    private static func message(for failure: ValidationFailure) -> String {
        switch failure {
        case .titleEmpty: "Give the project a title."
        case .titleHasLineBreak: "Keep the title to one line."
        case .titleHasInvisibleControls(let characters):
            "Remove the invisible control characters from the title (\(ValidationFailure.codePoints(characters)))."
        case .titleTooLong(let limit): "Shorten the title to \(limit) characters or fewer."
        case .bodyTooLong(let limit): "Shorten the description to \(limit) characters or fewer."
        case .deadlineNotADay(let day): "\(day) is not a day of the calendar: pick another deadline."
        case .repeatRuleInvalid(let error): EnglishRecurrence.problem(error)
        case .repeatHasNoDayLeft(_, let day): "This rule has no day left from \(day) on: change its COUNT or UNTIL."
        case .repeatNeverOccurs: "This rule falls on no day of the calendar: check its months and days."
        case .noOccurrenceToSkip: "This project has no occurrence to skip."
        case .brokenRule(let reason): "Not saved: \(reason)."
        case .listNameTaken(let name): "The board has a list named '\(name)' already: pick another name."
        case .listLimitInvalid: "A list's limit is a number of cards from 1 on."
        case .lastOpenList: "A board keeps at least one list: this is its last one."
        case .dueTimeWithoutDay: "Give the day the time is due on."
        case .labelNameTaken(let name): "The board has a label named '\(name)' already: pick another name."
        case .onlyTheOwner: "Only the board's owner may do this."
        case .notAMember: "Assign the card to the board's owner or one of its members."
        case .commentEmpty: "Write something in the comment."
        case .commentTooLong(let limit): "Shorten the comment to \(limit) characters or fewer."
        case .notYourComment: "Only the comment's author can change it."
        case .notInBackup(let reference): "The backup does not hold \(reference) on this board."
        case .twiceInBackup(let reference): "The backup holds \(reference) twice."
        }
    }

    private static func activity(_ kind: Activity.Kind, title: String) -> String {
        switch kind {
        case .added(let state): "Added '\(title)' to \(name(of: state))"
        case .moved(let from, let to): "Moved '\(title)' from \(name(of: from)) to \(name(of: to))"
        case .reordered(let state): "Reordered '\(title)' in \(name(of: state))"
        case .edited: "Edited '\(title)'"
        case .deleted(let state): "Deleted '\(title)' from \(name(of: state))"
        case .imported(let count, let state):
            "Imported \(count) \(count == 1 ? "project" : "projects") into \(name(of: state))"
        case .keptGitHubText(let localTitle, let localBody):
            "Kept GitHub's text for '\(title)'; yours was '\(localTitle)'\(localBody.isEmpty ? "" : ": \(localBody)")"
        case .editLostToDelete(let lostTitle, let lostBody):
            "Kept an edit of a card another device deleted: '\(lostTitle)'" + (lostBody.isEmpty ? "" : ": \(lostBody)")
        case .editLostToDeleteOf(let subject, let text):
            "Kept an edit of a \(Self.words(for: subject)) another device deleted: '\(text)'"
        case .occurrenceCompleted(let day, let next): "Completed '\(title)' of \(day); next on \(next)"
        case .occurrenceSkipped(let day, let next):
            "Skipped '\(title)' on \(day)" + (next.map { "; next on \($0)" } ?? "; no occurrence left")
        case .boardCreated: "Created the board '\(title)'"
        case .boardRenamed(let old): "Renamed the board '\(old)' to '\(title)'"
        case .boardDeleted: "Deleted the board '\(title)'"
        case .starred(.project): "Starred '\(title)'"
        case .starred(.board): "Starred the board '\(title)'"
        case .unstarred(.project): "Unstarred '\(title)'"
        case .unstarred(.board): "Unstarred the board '\(title)'"
        case .movedToBoard(_, let board, let from, let to) where from == to:
            "Moved '\(title)' to the board '\(board)', in \(name(of: to))"
        case .movedToBoard(_, let board, let from, let to):
            "Moved '\(title)' from \(name(of: from)) to the board '\(board)', in \(name(of: to))"
        case .movedFromBoard(_, let board, let from, let to) where from == to:
            "Moved '\(title)' here from the board '\(board)', in \(name(of: to))"
        case .movedFromBoard(_, let board, let from, let to):
            "Moved '\(title)' here from \(name(of: from)) of the board '\(board)', in \(name(of: to))"
        case .movedBetweenLists(let from, let to): "Moved '\(title)' from '\(from)' to '\(to)'"
        case .addedToList(let list): "Added '\(title)' to '\(list)'"
        case .listAdded(let list): "Added the list '\(list)'"
        case .listRenamed(let from, let to): "Renamed the list '\(from)' to '\(to)'"
        case .listMoved(let list): "Moved the list '\(list)'"
        case .listChanged(let list): "Changed the list '\(list)'"
        case .listArchived(let list): "Archived the list '\(list)'"
        case .listRestored(let list): "Restored the list '\(list)'"
        case .labelled(let label): "Labelled '\(title)' '\(label)'"
        case .unlabelled(let label): "Took the label '\(label)' off '\(title)'"
        case .labelCreated(let label): "Made the label '\(label)'"
        case .labelChanged(let label): "Changed the label '\(label)'"
        case .labelDeleted(let label): "Deleted the label '\(label)'"
        case .importedFromTrello(let cards):
            "Imported the board '\(title)' from Trello with \(cards) \(cards == 1 ? "card" : "cards")"
        case .memberAdded: "Added a member to the board '\(title)'"
        case .memberRemoved: "Removed a member from the board '\(title)'"
        case .assigned: "Assigned '\(title)'"
        case .unassigned: "Took an assignment off '\(title)'"
        case .archived: "Archived '\(title)'"
        case .restored: "Restored '\(title)'"
        case .checklistItemAdded(let item): "Added '\(item)' to the checklist of '\(title)'"
        case .checklistItemDone(let item): "Ticked '\(item)' in the checklist of '\(title)'"
        case .checklistItemUndone(let item): "Unticked '\(item)' in the checklist of '\(title)'"
        case .checklistItemEdited(let from, let to): "Changed '\(from)' to '\(to)' in the checklist of '\(title)'"
        case .checklistItemMoved(let item): "Moved '\(item)' in the checklist of '\(title)'"
        case .checklistItemDeleted(let item): "Deleted '\(item)' from the checklist of '\(title)'"
        case .commented: "Commented on '\(title)'"
        case .commentEdited: "Edited a comment on '\(title)'"
        case .commentDeleted: "Deleted a comment on '\(title)'"
        }
    }

    private static func failure(_ error: RepositoryError) -> String {
        switch error {
        case .notFound(.project): "This project no longer exists."
        case .notFound(.board): "This board no longer exists."
        case .notFound(.list): "This list no longer exists."
        case .notFound(.label): "This label no longer exists."
        case .notFound(.checklistItem): "This checklist item no longer exists."
        case .notFound(.comment): "This comment no longer exists."
        case .invalid: "Not saved: fix the fields marked below."
        case .defaultBoardIsPermanent: "The default board cannot be deleted."
        case .lastBoardIsPermanent: "Your last board cannot be deleted: make another one first."
        case .storage(let error): "Could not read or save the projects: \(message(for: error))"
        case .undoConflict: "Cannot undo this here: it was changed since on another board."
        case .accounts(let error): "Could not tell who is signed in: \(error.description)"
        }
    }
}
