import ProjectManagerDomain

/// Every piece of text a screen shows, as a key with its arguments.
///
/// Each ``Language`` has one table that turns every phrase into text; the compiler checks that
/// every table covers every phrase. Get the text through a ``Localizer``:
/// ```swift
/// localizer(.moveTo(.doing)) // "Move to Doing", or "진행 중으로 이동" in Korean
/// ```
public enum Phrase: Hashable, Sendable {
    // MARK: - Screen titles

    /// The board screen's title.
    case boardTitle
    /// The create form's title.
    case newProjectTitle
    /// The update form's title.
    case projectTitle
    /// The history screen's title.
    case historyTitle

    // MARK: - Buttons

    /// The button that opens the create form.
    case add
    /// The right bar button of a form: save, or close a read-only form.
    case done
    /// The left bar button of an editable form: close without saving.
    case cancel
    /// The left bar button of a read-only form: make it editable.
    case edit
    /// The swipe action that deletes a project.
    case delete
    /// The button that reverts the last action.
    case undo
    /// The button that repeats the last undone action.
    case redo
    /// The button that opens the history.
    case history

    // MARK: - Board

    /// A state's name, as a section title: "To Do", "Doing", "Done".
    case state(ProjectState)
    /// The label of a project whose deadline has passed.
    case overdue

    // MARK: - Form

    /// A form field's name.
    case field(ValidationFailure.Field)
    /// What to do about a broken rule.
    case validation(ValidationFailure)

    /// A repeat rule in words, without its last day: "every 2nd and 4th Sunday". Use
    /// ``Localizer/summary(of:)``, which adds the last day of an `UNTIL` rule.
    case recurrence(RecurrenceRule)
    /// The last day of a repeat rule, after its summary: ", until Mar 20, 2026"; the day as written
    /// by ``Localizer/deadline(_:)``.
    case recurrenceUntil(String)

    // MARK: - State menu

    /// A state menu item: "Move to Doing".
    case moveTo(ProjectState)

    // MARK: - History

    /// One history entry: "Moved 'Write report' from To Do to Doing".
    case activity(Activity.Kind, projectTitle: String)
    /// The history screen's text when nothing has happened.
    case noActivity

    // MARK: - Accounts

    /// The sign-up and sign-in screens' text.
    case account(AccountPhrase)
    /// The text of the GitHub screens.
    case gitHub(GitHubPhrase)

    // MARK: - Search

    /// The search screen's text.
    case search(SearchPhrase)
    /// The today screen's text.
    case today(TodayPhrase)
    /// The favourites screen's text.
    case favourites(FavouritesPhrase)
    /// The board list's text.
    case boardList(BoardListPhrase)
    /// A card's detail screen, and the board's lists and rows.
    case card(CardPhrase)

    // MARK: - Errors

    /// Why an action failed, and what to do: the short line a screen shows.
    case failure(RepositoryError)
    /// An error or a store's warning in full, with the facts it carries; see ``ErrorPhrase``.
    case error(ErrorPhrase)
}
