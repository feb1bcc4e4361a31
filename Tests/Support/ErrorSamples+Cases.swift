import ProjectManagerDomain

// The cases of each error type, without their values, so that tests can walk them all. Each
// `init` switches over the error with no `default`: a new case stops the build here until it is
// named, and then in `ErrorSamples.samples(of:)` until it has a sample.

extension StoreError {
    public enum Case: CaseIterable, Sendable {
        case unreadable, damaged, newerFormat, locked, ioFailure, closed, lockFileIsLink, readOnly, changedSinceOpened
        case saveNotConfirmed, notARegularFile, newerSchema

        public init(_ error: StoreError) {
            switch error {
            case .unreadable: self = .unreadable
            case .damaged: self = .damaged
            case .newerFormat: self = .newerFormat
            case .newerSchema: self = .newerSchema
            case .locked: self = .locked
            case .ioFailure: self = .ioFailure
            case .closed: self = .closed
            case .lockFileIsLink: self = .lockFileIsLink
            case .readOnly: self = .readOnly
            case .changedSinceOpened: self = .changedSinceOpened
            case .saveNotConfirmed: self = .saveNotConfirmed
            case .notARegularFile: self = .notARegularFile
            }
        }
    }
}

extension StoreWarning {
    public enum Case: CaseIterable, Sendable {
        case droppedTornTail, keptDroppedBytes, compactionFailed, damagedObjects

        public init(_ warning: StoreWarning) {
            switch warning {
            case .droppedTornTail: self = .droppedTornTail
            case .keptDroppedBytes: self = .keptDroppedBytes
            case .compactionFailed: self = .compactionFailed
            case .damagedObjects: self = .damagedObjects
            }
        }
    }
}

extension RepositoryError {
    public enum Case: CaseIterable, Sendable {
        case notFound, invalid, defaultBoardIsPermanent, lastBoardIsPermanent, storage, undoConflict, accounts

        public init(_ error: RepositoryError) {
            switch error {
            case .notFound: self = .notFound
            case .invalid: self = .invalid
            case .defaultBoardIsPermanent: self = .defaultBoardIsPermanent
            case .lastBoardIsPermanent: self = .lastBoardIsPermanent
            case .storage: self = .storage
            case .undoConflict: self = .undoConflict
            case .accounts: self = .accounts
            }
        }
    }
}

extension GitHubError {
    public enum Case: CaseIterable, Sendable {
        case transport, unauthorized, notFound, rateLimited, server, status, decoding, notSignedIn, foreignLink
        case redirectRefused, tooManyRedirects, insecureAddress, changeNotApplied, missingScopes, deviceFlowDisabled
        case deviceCodeExpired, accessDenied, stateMismatch, oauth, credentialStorage, unreadableCredential

        public init(_ error: GitHubError) {
            switch error {
            case .transport: self = .transport
            case .unauthorized: self = .unauthorized
            case .notFound: self = .notFound
            case .rateLimited: self = .rateLimited
            case .server: self = .server
            case .status: self = .status
            case .decoding: self = .decoding
            case .notSignedIn: self = .notSignedIn
            case .foreignLink: self = .foreignLink
            case .redirectRefused: self = .redirectRefused
            case .tooManyRedirects: self = .tooManyRedirects
            case .insecureAddress: self = .insecureAddress
            case .changeNotApplied: self = .changeNotApplied
            case .missingScopes: self = .missingScopes
            case .deviceFlowDisabled: self = .deviceFlowDisabled
            case .deviceCodeExpired: self = .deviceCodeExpired
            case .accessDenied: self = .accessDenied
            case .stateMismatch: self = .stateMismatch
            case .oauth: self = .oauth
            case .credentialStorage: self = .credentialStorage
            case .unreadableCredential: self = .unreadableCredential
            }
        }
    }
}

extension GitHubSyncError {
    public enum Case: CaseIterable, Sendable {
        case notLinked, gitHub, repository

        public init(_ error: GitHubSyncError) {
            switch error {
            case .notLinked: self = .notLinked
            case .gitHub: self = .gitHub
            case .repository: self = .repository
            }
        }
    }
}

extension SyncError {
    public enum Case: CaseIterable, Sendable {
        case unreachable, pushRefused, gitMissing, unknownRemote, remoteExists, badAddress, notShared
        case boardNotOnRemote, alreadyShared, sharedByAnotherStore, localState

        public init(_ error: SyncError) {
            switch error {
            case .unreachable: self = .unreachable
            case .pushRefused: self = .pushRefused
            case .gitMissing: self = .gitMissing
            case .unknownRemote: self = .unknownRemote
            case .remoteExists: self = .remoteExists
            case .badAddress: self = .badAddress
            case .notShared: self = .notShared
            case .boardNotOnRemote: self = .boardNotOnRemote
            case .alreadyShared: self = .alreadyShared
            case .sharedByAnotherStore: self = .sharedByAnotherStore
            case .localState: self = .localState
            }
        }
    }
}

extension AuthenticationError {
    public enum Case: CaseIterable, Sendable {
        case emailExists, invalidEmail, weakPassword, invalidLoginCredentials, tooManyAttemptsTryLater, storage

        public init(_ error: AuthenticationError) {
            switch error {
            case .emailExists: self = .emailExists
            case .invalidEmail: self = .invalidEmail
            case .weakPassword: self = .weakPassword
            case .invalidLoginCredentials: self = .invalidLoginCredentials
            case .tooManyAttemptsTryLater: self = .tooManyAttemptsTryLater
            case .storage: self = .storage
            }
        }
    }
}

extension ValidationFailure {
    public enum Case: CaseIterable, Sendable {
        case titleEmpty, titleHasLineBreak, titleHasInvisibleControls, titleTooLong, bodyTooLong, deadlineNotADay
        case repeatRuleInvalid, repeatHasNoDayLeft, repeatNeverOccurs, noOccurrenceToSkip, brokenRule
        case listNameTaken, listLimitInvalid, lastOpenList, dueTimeWithoutDay, labelNameTaken, onlyTheOwner, notAMember
        case commentEmpty, commentTooLong, notYourComment, notInBackup, twiceInBackup

        public init(_ failure: ValidationFailure) {
            switch failure {
            case .titleEmpty: self = .titleEmpty
            case .titleHasLineBreak: self = .titleHasLineBreak
            case .titleHasInvisibleControls: self = .titleHasInvisibleControls
            case .titleTooLong: self = .titleTooLong
            case .bodyTooLong: self = .bodyTooLong
            case .deadlineNotADay: self = .deadlineNotADay
            case .repeatRuleInvalid: self = .repeatRuleInvalid
            case .repeatHasNoDayLeft: self = .repeatHasNoDayLeft
            case .repeatNeverOccurs: self = .repeatNeverOccurs
            case .noOccurrenceToSkip: self = .noOccurrenceToSkip
            case .brokenRule: self = .brokenRule
            case .listNameTaken: self = .listNameTaken
            case .listLimitInvalid: self = .listLimitInvalid
            case .lastOpenList: self = .lastOpenList
            case .dueTimeWithoutDay: self = .dueTimeWithoutDay
            case .labelNameTaken: self = .labelNameTaken
            case .onlyTheOwner: self = .onlyTheOwner
            case .notAMember: self = .notAMember
            case .commentEmpty: self = .commentEmpty
            case .commentTooLong: self = .commentTooLong
            case .notYourComment: self = .notYourComment
            case .notInBackup: self = .notInBackup
            case .twiceInBackup: self = .twiceInBackup
            }
        }
    }
}

extension RecurrenceRuleError {
    public enum Case: CaseIterable, Sendable {
        case empty, malformedPart, unknownPart, unsupportedPart, duplicatePart, missingFrequency, invalidValue
        case countWithUntil, ordinalOutsideMonthlyOrYearly, monthDayInWeeklyRule, setPositionWithoutOtherParts

        public init(_ error: RecurrenceRuleError) {
            switch error {
            case .empty: self = .empty
            case .malformedPart: self = .malformedPart
            case .unknownPart: self = .unknownPart
            case .unsupportedPart: self = .unsupportedPart
            case .duplicatePart: self = .duplicatePart
            case .missingFrequency: self = .missingFrequency
            case .invalidValue: self = .invalidValue
            case .countWithUntil: self = .countWithUntil
            case .ordinalOutsideMonthlyOrYearly: self = .ordinalOutsideMonthlyOrYearly
            case .monthDayInWeeklyRule: self = .monthDayInWeeklyRule
            case .setPositionWithoutOtherParts: self = .setPositionWithoutOtherParts
            }
        }
    }
}
