/// An entity a repository was asked about, named by kind and id.
public enum EntityReference: Hashable, Sendable, CustomStringConvertible {
    /// A project, by its id.
    case project(Project.ID)
    /// A board, by its id.
    case board(Board.ID)
    /// A list, by its id.
    case list(BoardList.ID)
    /// A label, by its id.
    case label(Label.ID)
    /// An item of a card's checklist, by its id.
    case checklistItem(ChecklistItem.ID)
    /// A comment on a card, by its id.
    case comment(Comment.ID)

    public var description: String {
        switch self {
        case .project(let id): "project \(id)"
        case .board(let id): "board \(id)"
        case .list(let id): "list \(id)"
        case .label(let id): "label \(id)"
        case .checklistItem(let id): "checklist item \(id)"
        case .comment(let id): "comment \(id)"
        }
    }
}

/// Why a repository or a use case could not do what it was asked.
///
/// Match the cases to react; a front end puts the error in words with `Localizer.message(for:)`:
/// ```swift
/// do {
///     try await moveProject(id, to: .doing)
/// } catch .notFound(let reference) {
///     print("\(reference) does not exist")
/// } catch {
///     print(error)
/// }
/// ```
public enum RepositoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No entity has this id.
    case notFound(EntityReference)
    /// The values break these rules; nothing was saved.
    case invalid(ValidationError)
    /// The default board cannot be deleted; it always exists.
    case defaultBoardIsPermanent
    /// An account's last board cannot be deleted: its deletion is recorded, and undone, on
    /// another board of the account. Make another board first.
    case lastBoardIsPermanent
    /// The store could not read or write; the error says what happened. Match its cases
    /// (`.storage(.closed)`, `.storage(.ioFailure)`) to react.
    case storage(StoreError)
    /// Undo or redo on this board would overwrite a later change made elsewhere (a card moved to
    /// another board since): undo that change first.
    case undoConflict(EntityReference)
    /// Who is signed in could not be read from the accounts, so nothing was read or changed; the
    /// error says why.
    case accounts(AuthenticationError)

    /// What happened, in English, for logs: the facts without advice. Front ends put errors in
    /// words with `Localizer.message(for:)`, which says what to do.
    public var description: String {
        switch self {
        case .notFound(let reference): "\(reference) does not exist"
        case .invalid(let error): "not saved: \(error.description)"
        case .defaultBoardIsPermanent: "the default board cannot be deleted"
        case .lastBoardIsPermanent: "an account's last board cannot be deleted"
        case .storage(let error): error.description
        case .undoConflict(let reference): "cannot undo this here: \(reference) changed since on another board"
        case .accounts(let error): "could not read who is signed in from the accounts: \(error.description)"
        }
    }
}
