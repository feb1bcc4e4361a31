import ProjectManagerDomain

/// Errors and warnings in full, in English: the facts each carries and what to do, naming no
/// command. `pm` prints these lines, each followed by its own hint where it has one.
extension EnglishPhrases {
    static func text(for phrase: ErrorPhrase) -> String {
        switch phrase {
        case .store(let error): message(for: error)
        case .storeWarning(let warning): message(for: warning)
        case .repository(let error): message(for: error)
        case .gitHub(let error): message(for: error)
        case .gitHubSync(let error): message(for: error)
        }
    }

    static func message(for error: StoreError) -> String {
        switch error {
        case .unreadable(let file, let reason):
            "cannot read the store \(file): \(reason); it was left untouched: move it aside"
        case .damaged(let file, let offset, let reason):
            "the store \(file) is damaged at byte \(offset): \(reason); it was left untouched for inspection"
        case .newerFormat(let file, let found, let supported):
            "the store \(file) has format \(found), newer than this engine's \(supported): upgrade the engine"
        case .newerSchema(let file, let found, let supported):
            "the store \(file) has schema version \(found), newer than this engine's \(supported): upgrade the engine"
        case .locked(let file):
            "the store \(file) is in use by another process: close it there and try again"
        case .ioFailure(let file, let operation, let reason):
            "could not \(operation) \(file): \(reason); what was saved before is intact"
        case .closed(let file):
            "the store \(file) is closed (by its owner, or after a failed write): open it again"
        case .notARegularFile(let file):
            "\(file) is not a regular file (a folder, a FIFO or a device), so it is not read as a store: give the path of a store file"
        case .lockFileIsLink(let file):
            "the lock file \(file) is a symbolic link, which is never followed: remove the link and try again"
        case .readOnly(let file):
            "the store \(file) was opened for reading only: open it for writing to change it"
        case .changedSinceOpened(let file):
            "the store \(file) was created by another process after it was opened here: open it again"
        case .saveNotConfirmed(let file, let reason):
            "could not confirm the save in \(file): \(reason); it may or may not have been kept: "
                + "open the store again and look before saving it again"
        }
    }

    static func message(for warning: StoreWarning) -> String {
        switch warning {
        case .droppedTornTail(let offset, let bytes):
            "the last save in the store (\(bytes) bytes at byte \(offset)) is cut short or damaged and is left out; "
                + "the next save keeps its bytes beside the store"
        case .keptDroppedBytes(let file):
            "a cut-short or damaged save was dropped from the store; its bytes are kept in \(file): "
                + "look at them, then acknowledge this warning"
        case .compactionFailed(let reason):
            "the store could not be compacted (\(reason)); every save is kept, and the next save tries again"
        case .damagedObjects(let file, let reason):
            "the store \(file) is damaged and some of its objects cannot be read (\(reason)); what is shown lacks them"
        }
    }

    static func message(for error: RepositoryError) -> String {
        switch error {
        case .notFound(let reference): "\(name(of: reference)) does not exist"
        case .invalid(let error): "not saved: \(error.description)"
        case .defaultBoardIsPermanent: "the default board cannot be deleted; delete its projects instead"
        case .lastBoardIsPermanent:
            "an account's last board cannot be deleted; make another board first, or delete its projects"
        case .storage(let error): message(for: error)
        case .undoConflict(let reference):
            "cannot undo this here: \(name(of: reference)) changed since on another board; undo that change first"
        case .accounts(let error):
            "could not read who is signed in from the accounts: \(error.description); what was saved before is intact"
        }
    }

    static func message(for error: GitHubSyncError) -> String {
        switch error {
        case .notLinked: "the board is not linked to a repository; link it"
        case .gitHub(let error): message(for: error)
        case .repository(let error): message(for: error)
        }
    }

    private static func name(of reference: EntityReference) -> String {
        switch reference {
        case .project(let id): "project \(id)"
        case .board(let id): "board \(id)"
        case .list(let id): "list \(id)"
        case .label(let id): "label \(id)"
        case .checklistItem(let id): "checklist item \(id)"
        case .comment(let id): "comment \(id)"
        }
    }
}
