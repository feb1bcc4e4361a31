import Foundation
import ProjectManager
import ProjectManagerTestSupport
import Testing

@testable import ProjectManagerCLI

/// The lines `pm` prints for errors and warnings: the Localizer's English, then `pm`'s own hint.
/// Each expected line is the one `pm` printed when the errors' descriptions carried the hints.
@Suite("pm's error lines")
struct ErrorLineTests {
    static let file = "/tmp/a.pmstore"
    static let reason = "it ends inside its header (3 of 24 bytes)"
    static let project = ErrorSamples.projectID
    static let board = ErrorSamples.boardID

    static let storeLines: [(StoreError, String)] = [
        (
            .unreadable(file: file, reason: reason),
            "cannot read the store \(file): \(reason); it was left untouched: move it aside or pass another --store"
        ),
        (
            .damaged(file: file, offset: 40, reason: reason),
            "the store \(file) is damaged at byte 40: \(reason); it was left untouched for inspection"
        ),
        (
            .newerFormat(file: file, found: 3, supported: 2),
            "the store \(file) has format 3, newer than this engine's 2: upgrade the engine"
        ),
        (.locked(file: file), "the store \(file) is in use by another process: close it there and try again"),
        (
            .ioFailure(file: file, operation: "sync", reason: "Input/output error"),
            "could not sync \(file): Input/output error; what was saved before is intact"
        ),
        (.closed(file: file), "the store \(file) is closed (by its owner, or after a failed write): open it again"),
        (
            .lockFileIsLink(file: file + ".lock"),
            "the lock file \(file).lock is a symbolic link, which is never followed: remove the link and try again"
        ),
        (.readOnly(file: file), "the store \(file) was opened for reading only: open it for writing to change it"),
        (
            .changedSinceOpened(file: file),
            "the store \(file) was created by another process after it was opened here: open it again"
        ),
        (
            .saveNotConfirmed(file: file, reason: reason),
            "could not confirm the save in \(file): \(reason); it may or may not have been kept: "
                + "open the store again and look before saving it again"
        ),
    ]

    static let warningLines: [(StoreWarning, String)] = [
        (
            .droppedTornTail(offset: 120, bytes: 9),
            "the last save in the store (9 bytes at byte 120) is cut short or damaged and is left out; "
                + "the next save keeps its bytes beside the store"
        ),
        (
            .keptDroppedBytes(file: file + ".dropped-1"),
            "a cut-short or damaged save was dropped from the store; its bytes are kept in \(file).dropped-1: "
                + "look at them, then acknowledge this warning (pm doctor --ack)"
        ),
        (
            .compactionFailed(reason: "could not sync \(file): Input/output error"),
            "the store could not be compacted (could not sync \(file): Input/output error); every save is kept, "
                + "and the next save tries again"
        ),
    ]

    static let repositoryLines: [(RepositoryError, String)] = [
        (.notFound(.project(project)), "project \(project) does not exist"),
        (.notFound(.board(board)), "board \(board) does not exist"),
        (
            .invalid(ValidationError([.titleEmpty, .bodyTooLong(limit: 10)])),
            "not saved: the title is empty: give it a title; the body is longer than 10 characters: shorten it"
        ),
        (.defaultBoardIsPermanent, "the default board cannot be deleted; delete its projects instead"),
        (
            .lastBoardIsPermanent,
            "an account's last board cannot be deleted; make another board first, or delete its projects"
        ),
        (
            .storage(.unreadable(file: file, reason: reason)),
            "cannot read the store \(file): \(reason); it was left untouched: move it aside or pass another --store"
        ),
        (.storage(.locked(file: file)), "the store \(file) is in use by another process: close it there and try again"),
        (
            .undoConflict(.project(project)),
            "cannot undo this here: project \(project) changed since on another board; undo that change first"
        ),
        (
            .accounts(.storage(reason: "could not read \(file): Permission denied")),
            "could not read who is signed in from the accounts: could not read \(file): Permission denied; "
                + "what was saved before is intact"
        ),
    ]

    static let gitHubLines: [(GitHubError, String)] = [
        (.transport(URLError(.timedOut)), "GitHub did not answer in time; check the connection and try again"),
        (
            .transport(URLError(.cannotConnectToHost)),
            "could not reach GitHub (connection refused); check the connection and try again"
        ),
        (
            .transport(URLError(.badServerResponse)),
            "could not reach GitHub (URL error -1011); check the connection and try again"
        ),
        (
            .unauthorized(message: "Bad credentials"),
            "GitHub refused the token: \"Bad credentials\"; sign in again with 'pm github login'"
        ),
        (.unauthorized(message: nil), "GitHub refused the token; sign in again with 'pm github login'"),
        (
            .notFound(message: "Not Found"),
            "GitHub found no such repository or issue: \"Not Found\"; check the name and that the token can see it"
        ),
        (
            .rateLimited(until: ErrorSamples.rateLimitReset),
            "GitHub's rate limit is reached until 2026-03-15T13:00:00Z; try again after that"
        ),
        (
            .server(status: 502, message: "Server Error"),
            "GitHub failed with status 502: \"Server Error\"; try again later"
        ),
        (.status(418, message: "I'm a teapot"), "GitHub answered with status 418: \"I'm a teapot\""),
        (.decoding(field: "[3].title", reason: "missing"), "GitHub's answer could not be read at '[3].title': missing"),
        (.notSignedIn, "not signed in to GitHub; sign in with 'pm github login --with-token'"),
        (
            .foreignLink(host: "example.invalid"),
            "GitHub's next page points at another host (example.invalid); nothing was sent there"
        ),
        (.deviceCodeExpired, "the sign-in code expired before it was approved; sign in again"),
        (.accessDenied, "the sign-in was declined on GitHub; sign in again to approve it"),
        (
            .stateMismatch,
            "the sign-in answer did not come from this sign-in (state mismatch); nothing was exchanged, sign in again"
        ),
        (
            .oauth(code: "bad_verification_code", description: "The code passed is incorrect or expired."),
            "GitHub refused the sign-in (bad_verification_code: The code passed is incorrect or expired.); sign in again"
        ),
        (
            .credentialStorage(reason: "could not remove /tmp/github.json: Permission denied"),
            "could not remove /tmp/github.json: Permission denied"
        ),
        (
            .unreadableCredential(file: "/tmp/github.json"),
            "the GitHub sign-in in /tmp/github.json is unreadable; sign in again with 'pm github login --with-token'"
        ),
    ]

    static let syncLines: [(GitHubSyncError, String)] = [
        (.notLinked(board), "the board is not linked to a repository; link it with 'pm github link OWNER/REPO'"),
        (.gitHub(.notSignedIn), "not signed in to GitHub; sign in with 'pm github login --with-token'"),
        (
            .repository(.storage(.unreadable(file: file, reason: reason))),
            "cannot read the store \(file): \(reason); it was left untouched: move it aside or pass another --store"
        ),
    ]

    @Test("a store error is the Localizer's English, then pm's hint", arguments: storeLines)
    func store(error: StoreError, line: String) {
        #expect(error.commandLineMessage == line)
    }

    @Test("a store warning is the Localizer's English, then pm's hint", arguments: warningLines)
    func warning(warning: StoreWarning, line: String) {
        #expect(warning.commandLineMessage == line)
    }

    @Test("a repository error is the Localizer's English, then pm's hint", arguments: repositoryLines)
    func repository(error: RepositoryError, line: String) {
        #expect(error.commandLineMessage == line)
    }

    @Test("a GitHub error is the Localizer's English, then pm's hint", arguments: gitHubLines)
    func gitHub(error: GitHubError, line: String) {
        #expect(error.commandLineMessage == line)
    }

    @Test("a sync error is the Localizer's English, then pm's hint", arguments: syncLines)
    func sync(error: GitHubSyncError, line: String) {
        #expect(error.commandLineMessage == line)
    }

    @Test("every error and warning pm prints is one line that starts with the Localizer's English")
    func everyCase() {
        let english = Localizer.commandLine
        let pairs: [(String, String)] =
            ErrorSamples.storeErrors.map { ($0.commandLineMessage, english.message(for: $0)) }
            + ErrorSamples.storeWarnings.map { ($0.commandLineMessage, english.message(for: $0)) }
            + ErrorSamples.repositoryErrors.map { ($0.commandLineMessage, english.message(for: $0)) }
            + ErrorSamples.gitHubErrors.map { ($0.commandLineMessage, english.message(for: $0)) }
            + ErrorSamples.gitHubSyncErrors.map { ($0.commandLineMessage, english.message(for: $0)) }
            + ErrorSamples.syncErrors.map { ($0.commandLineMessage, english.message(for: $0)) }
        for (line, message) in pairs {
            #expect(line.hasPrefix(message) && !line.contains("\n"), "\(line)")
        }
    }
}
