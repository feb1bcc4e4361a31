import Foundation
import ProjectManagerDomain

/// A sample of every case of the errors a front end puts in words, nested reasons included, for
/// tests that walk them all (the Localizer's English and Korean, `pm`'s lines).
///
/// Each error type has a `Case` enum listing its cases. Two switches keep the lists whole, neither
/// with a `default`: `Case(error)` does not compile once the error gains a case, and
/// ``samples(of:)-(StoreError.Case)`` does not compile until that new case has a sample.
///
/// The facts in the samples (files, hosts, fields, codes) are listed in ``facts``, so a test can
/// take them out of a text before looking for words. Free-form English details (a `reason`, an
/// `operation`, GitHub's `message`) are not facts: a Korean text must leave them out.
public enum ErrorSamples {
    // MARK: - Facts

    public static let file = "/tmp/장부.pmstore"
    public static let lockFile = "/tmp/장부.pmstore.lock"
    public static let keptFile = "/tmp/장부.pmstore.dropped-1"
    public static let credentialFile = "/tmp/github.json"
    public static let host = "example.invalid"
    public static let field = "[3].title"
    public static let oauthCode = "bad_verification_code"
    public static let scope = "repo"
    public static let grantedScope = "read:org"
    public static let projectID = Project.ID(rawValue: uuid("00000000-0000-4000-8000-000000000007"))
    public static let boardID = Board.ID(rawValue: uuid("00000000-0000-4000-8000-000000000008"))
    public static let rateLimitReset = Date(timeIntervalSince1970: 1_773_579_600)
    public static let remoteName = "team"
    public static let remoteAddress = "https://example.invalid/boards.git"

    /// Every fact the samples carry: text a message may show as it is, in any language.
    public static let facts: [String] = [
        file, lockFile, keptFile, credentialFile, host, field, oauthCode, scope, grantedScope, projectID.description,
        boardID.description, remoteName, remoteAddress,
    ]

    /// An English sentence standing for a lower layer's detail: no Korean text may show it.
    public static let reason = "the header checksum does not match"

    // MARK: - Every sample

    public static var storeErrors: [StoreError] { StoreError.Case.allCases.flatMap(samples(of:)) }
    public static var storeWarnings: [StoreWarning] { StoreWarning.Case.allCases.flatMap(samples(of:)) }
    public static var repositoryErrors: [RepositoryError] { RepositoryError.Case.allCases.flatMap(samples(of:)) }
    public static var gitHubErrors: [GitHubError] { GitHubError.Case.allCases.flatMap(samples(of:)) }
    public static var gitHubSyncErrors: [GitHubSyncError] { GitHubSyncError.Case.allCases.flatMap(samples(of:)) }
    public static var syncErrors: [SyncError] { SyncError.Case.allCases.flatMap(samples(of:)) }
    public static var authenticationErrors: [AuthenticationError] {
        AuthenticationError.Case.allCases.flatMap(samples(of:))
    }
    public static var validationFailures: [ValidationFailure] {
        ValidationFailure.Case.allCases.flatMap(samples(of:))
    }
    public static var recurrenceRuleErrors: [RecurrenceRuleError] {
        RecurrenceRuleError.Case.allCases.flatMap(samples(of:))
    }

    /// What a sync sets aside: each GitHub and repository error, both ways, and a wait.
    public static var gitHubSetAside: [GitHubSyncReport.SetAside] {
        gitHubErrors.map { .init(direction: .toGitHub, issue: 1347, project: projectID, reason: .gitHub($0)) }
            + repositoryErrors.map { .init(direction: .fromGitHub, issue: 1347, project: nil, reason: .repository($0)) }
            + [
                .init(
                    direction: .toGitHub, issue: nil, project: projectID,
                    reason: .waiting(until: rateLimitReset, attempts: 2)),
                .init(direction: .fromGitHub, issue: nil, project: nil, reason: .gitHub(.notSignedIn)),
            ]
    }

    // MARK: - The store

    public static func samples(of kind: StoreError.Case) -> [StoreError] {
        switch kind {
        case .unreadable: [.unreadable(file: file, reason: reason)]
        case .damaged: [.damaged(file: file, offset: 40, reason: reason)]
        case .newerFormat: [.newerFormat(file: file, found: 3, supported: 2)]
        case .newerSchema: [.newerSchema(file: file, found: 5, supported: 4)]
        case .locked: [.locked(file: file)]
        case .ioFailure: [.ioFailure(file: file, operation: "sync", reason: "Input/output error")]
        case .closed: [.closed(file: file)]
        case .lockFileIsLink: [.lockFileIsLink(file: lockFile)]
        case .readOnly: [.readOnly(file: file)]
        case .notARegularFile: [.notARegularFile(file: file)]
        case .changedSinceOpened: [.changedSinceOpened(file: file)]
        case .saveNotConfirmed: [.saveNotConfirmed(file: file, reason: reason)]
        }
    }

    public static func samples(of kind: StoreWarning.Case) -> [StoreWarning] {
        switch kind {
        case .droppedTornTail: [.droppedTornTail(offset: 120, bytes: 9)]
        case .keptDroppedBytes: [.keptDroppedBytes(file: keptFile)]
        case .compactionFailed: [.compactionFailed(reason: reason)]
        case .damagedObjects: [.damagedObjects(file: file, reason: "bytes 4096..<5120 do not match their checksum")]
        }
    }

    /// A version 4 UUID whose text has digits alone (`00000000-0000-4000-8000-0000000000` then
    /// `last` in hexadecimal, kept to digits by the caller): no Latin letter in a Korean text.
    static func digitsOnlyID(_ last: UInt8) -> UUID {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, last))
    }

    public static func samples(of kind: RepositoryError.Case) -> [RepositoryError] {
        switch kind {
        case .notFound:
            [
                .notFound(.project(projectID)), .notFound(.board(boardID)),
                .notFound(.list(BoardList.ID(rawValue: digitsOnlyID(0x09)))),
                .notFound(.label(Label.ID(rawValue: digitsOnlyID(0x08)))),
                .notFound(.list(BoardList.ID(rawValue: digitsOnlyID(0x09)))),
                .notFound(.checklistItem(ChecklistItem.ID(rawValue: digitsOnlyID(0x10)))),
                .notFound(.comment(Comment.ID(rawValue: digitsOnlyID(0x11)))),
            ]
        case .invalid:
            validationFailures.map { .invalid(ValidationError([$0])) } + [.invalid(ValidationError(validationFailures))]
                + [
                    .invalid(
                        ValidationError([.listLimitInvalid(0)], at: .list(BoardList.ID(rawValue: digitsOnlyID(0x13)))))
                ]
        case .defaultBoardIsPermanent: [.defaultBoardIsPermanent]
        case .lastBoardIsPermanent: [.lastBoardIsPermanent]
        case .storage: storeErrors.map { .storage($0) }
        case .undoConflict: [.undoConflict(.project(projectID)), .undoConflict(.board(boardID))]
        case .accounts: authenticationErrors.map { .accounts($0) }
        }
    }

    // MARK: - GitHub

    public static func samples(of kind: GitHubError.Case) -> [GitHubError] {
        switch kind {
        case .transport:
            [
                URLError.Code.timedOut, .cannotConnectToHost, .cannotFindHost, .notConnectedToInternet,
                .networkConnectionLost,
                .secureConnectionFailed, .badServerResponse,
            ].map { .transport(URLError($0)) }
        case .unauthorized: [.unauthorized(message: nil), .unauthorized(message: "Bad credentials")]
        case .notFound: [.notFound(message: nil), .notFound(message: "Not Found")]
        case .rateLimited: [.rateLimited(until: rateLimitReset)]
        case .server: [.server(status: 502, message: "Server Error"), .server(status: 500, message: nil)]
        case .status: [.status(418, message: "I'm a teapot"), .status(422, message: nil)]
        case .decoding: [.decoding(field: field, reason: "missing")]
        case .notSignedIn: [.notSignedIn]
        case .foreignLink: [.foreignLink(host: host)]
        case .redirectRefused: [.redirectRefused(host: host)]
        case .tooManyRedirects: [.tooManyRedirects(limit: 3)]
        case .insecureAddress: [.insecureAddress(host: host)]
        case .changeNotApplied: ["state", "title", "body"].map { .changeNotApplied(issue: 1347, field: $0) }
        case .missingScopes:
            [.missingScopes(needed: [scope], granted: [grantedScope]), .missingScopes(needed: [scope], granted: [])]
        case .deviceFlowDisabled: [.deviceFlowDisabled]
        case .deviceCodeExpired: [.deviceCodeExpired]
        case .accessDenied: [.accessDenied]
        case .stateMismatch: [.stateMismatch]
        case .oauth:
            [
                .oauth(code: oauthCode, description: "The code passed is incorrect or expired."),
                .oauth(code: oauthCode, description: nil),
            ]
        case .credentialStorage: [.credentialStorage(reason: "could not remove \(credentialFile): Permission denied")]
        case .unreadableCredential: [.unreadableCredential(file: credentialFile)]
        }
    }

    public static func samples(of kind: GitHubSyncError.Case) -> [GitHubSyncError] {
        switch kind {
        case .notLinked: [.notLinked(boardID)]
        case .gitHub: gitHubErrors.map { .gitHub($0) }
        case .repository: repositoryErrors.map { .repository($0) }
        }
    }

    public static func samples(of kind: SyncError.Case) -> [SyncError] {
        switch kind {
        case .unreachable: [.unreachable(remote: remoteAddress, reason: reason)]
        case .pushRefused: [.pushRefused(remote: remoteAddress, attempts: 5)]
        case .gitMissing: [.gitMissing]
        case .unknownRemote: [.unknownRemote(remoteName)]
        case .remoteExists: [.remoteExists(remoteName)]
        case .badAddress: [.badAddress(remoteAddress, reason: reason)]
        case .notShared: [.notShared(boardID)]
        case .boardNotOnRemote: [.boardNotOnRemote(boardID), .boardNotOnRemote(nil)]
        case .alreadyShared: [.alreadyShared(boardID, remote: remoteName)]
        case .sharedByAnotherStore: [.sharedByAnotherStore(boardID, remote: remoteName)]
        case .localState: [.localState(reason: reason)]
        }
    }

    // MARK: - Nested reasons

    public static func samples(of kind: AuthenticationError.Case) -> [AuthenticationError] {
        switch kind {
        case .emailExists: [.emailExists]
        case .invalidEmail:
            [
                EmailFailure.empty, .spaceOrControlCharacter, .tooLong(limit: 254), .missingAt, .moreThanOneAt,
                .missingLocalPart,
                .invalidDomain, .taken,
            ].map { .invalidEmail($0) }
        case .weakPassword:
            [PasswordFailure.empty, .tooShort(minimum: 8), .tooLong(maximum: 256), .sameAsEmail, .common].map {
                .weakPassword($0)
            }
        case .invalidLoginCredentials: [.invalidLoginCredentials]
        case .tooManyAttemptsTryLater: [.tooManyAttemptsTryLater(retryAt: rateLimitReset)]
        case .storage: [.storage(reason: "could not read \(file): \(reason)")]
        }
    }

    public static func samples(of kind: ValidationFailure.Case) -> [ValidationFailure] {
        let day = Day(year: 2026, month: 3, day: 15)
        switch kind {
        case .titleEmpty: return [.titleEmpty]
        case .titleHasLineBreak: return [.titleHasLineBreak]
        case .titleHasInvisibleControls: return [.titleHasInvisibleControls(characters: ["\u{7}", "\u{202E}"])]
        case .titleTooLong: return [.titleTooLong(limit: 200)]
        case .bodyTooLong: return [.bodyTooLong(limit: 10_000)]
        case .deadlineNotADay: return [.deadlineNotADay(Day(year: 2026, month: 2, day: 30))]
        case .repeatRuleInvalid: return recurrenceRuleErrors.map { .repeatRuleInvalid($0) }
        case .repeatHasNoDayLeft: return [.repeatHasNoDayLeft(rule(.afterCount(3)), from: day)]
        case .repeatNeverOccurs: return [.repeatNeverOccurs(rule(.never))]
        case .noOccurrenceToSkip: return [.noOccurrenceToSkip]
        case .brokenRule: return [.brokenRule("Project 1 refers to Board 2, which does not exist")]
        case .listNameTaken: return [.listNameTaken("검토")]
        case .listLimitInvalid: return [.listLimitInvalid(0)]
        case .lastOpenList: return [.lastOpenList]
        case .dueTimeWithoutDay: return [.dueTimeWithoutDay]
        case .labelNameTaken: return [.labelNameTaken("급함")]
        case .onlyTheOwner: return [.onlyTheOwner]
        case .notAMember: return [.notAMember]
        case .commentEmpty: return [.commentEmpty]
        case .commentTooLong: return [.commentTooLong(limit: 1_000)]
        case .notYourComment: return [.notYourComment]
        case .notInBackup: return [.notInBackup(.list(BoardList.ID(rawValue: digitsOnlyID(0x12))))]
        case .twiceInBackup: return [.twiceInBackup(.project(projectID))]
        }
    }

    public static func samples(of kind: RecurrenceRuleError.Case) -> [RecurrenceRuleError] {
        switch kind {
        case .empty: [.empty]
        case .malformedPart: [.malformedPart("FREQ")]
        case .unknownPart: [.unknownPart("BYWHEN")]
        case .unsupportedPart: [.unsupportedPart("BYHOUR")]
        case .duplicatePart: [.duplicatePart("FREQ")]
        case .missingFrequency: [.missingFrequency]
        case .invalidValue: [.invalidValue("BYDAY=5XX"), .invalidValue("INTERVAL=0"), .invalidValue("X=1")]
        case .countWithUntil: [.countWithUntil]
        case .ordinalOutsideMonthlyOrYearly: [.ordinalOutsideMonthlyOrYearly("BYDAY=2MO")]
        case .monthDayInWeeklyRule: [.monthDayInWeeklyRule]
        case .setPositionWithoutOtherParts: [.setPositionWithoutOtherParts]
        }
    }

    // MARK: - Helpers

    private static func uuid(_ text: String) -> UUID {
        guard let id = UUID(uuidString: text) else { preconditionFailure("\(text) is not a UUID") }
        return id
    }

    private static func rule(_ end: RecurrenceRule.End) -> RecurrenceRule {
        do {
            return try RecurrenceRule(frequency: .monthly, end: end, byDay: [.init(.sunday, ordinal: 2)])
        } catch {
            preconditionFailure("the sample rule is not valid: \(error)")
        }
    }
}
