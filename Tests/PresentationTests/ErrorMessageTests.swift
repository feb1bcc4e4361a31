import Foundation
import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

/// Every error and warning a front end shows, walked case by case in English and Korean.
@Suite("Error messages in English and Korean")
struct ErrorMessageTests {
    static let english = localizer("en_US")
    static let korean = localizer("ko_KR")

    /// Every phrase that puts an error in words: the full messages, and the short lines the
    /// screens show.
    static let phrases: [Phrase] =
        ErrorSamples.storeErrors.map { .error(.store($0)) }
        + ErrorSamples.storeWarnings.map { .error(.storeWarning($0)) }
        + ErrorSamples.repositoryErrors.map { .error(.repository($0)) }
        + ErrorSamples.gitHubErrors.map { .error(.gitHub($0)) }
        + ErrorSamples.gitHubSyncErrors.map { .error(.gitHubSync($0)) }
        + ErrorSamples.repositoryErrors.map { .failure($0) }
        + ErrorSamples.gitHubErrors.map { .gitHub(.failure($0)) }
        + ErrorSamples.authenticationErrors.map { .account(.failure($0)) }
        + ErrorSamples.validationFailures.map { .validation($0) }
        + ErrorSamples.gitHubSetAside.map { .gitHub(.setAside($0)) }

    @Test("the samples hold every case of every error, each where its case says")
    func samplesAreWhole() {
        for kind in StoreError.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { StoreError.Case($0) == kind })
        }
        for kind in StoreWarning.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { StoreWarning.Case($0) == kind })
        }
        for kind in RepositoryError.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { RepositoryError.Case($0) == kind })
        }
        for kind in GitHubError.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { GitHubError.Case($0) == kind })
        }
        for kind in GitHubSyncError.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { GitHubSyncError.Case($0) == kind })
        }
        for kind in SyncError.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { SyncError.Case($0) == kind })
        }
        for kind in AuthenticationError.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { AuthenticationError.Case($0) == kind })
        }
        for kind in ValidationFailure.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { ValidationFailure.Case($0) == kind })
        }
        for kind in RecurrenceRuleError.Case.allCases {
            #expect(
                !ErrorSamples.samples(of: kind).isEmpty
                    && ErrorSamples.samples(of: kind).allSatisfy { RecurrenceRuleError.Case($0) == kind })
        }
    }

    @Test("every error reads as Korean in Korean, and names no command or flag in either language", arguments: phrases)
    func everyCase(phrase: Phrase) {
        // When
        let english = Self.english(phrase)
        let korean = Self.korean(phrase)

        // Then
        for text in [english, korean] {
            #expect(!text.isEmpty && !text.contains("\n"))
            #expect(Self.commands(in: text).isEmpty, "\(text)")
        }
        #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
        #expect(Self.englishWords(in: korean).isEmpty, "\(korean)")
    }

    @Test("every sync error reads as Korean in Korean, and names no command or flag in either language")
    func everySyncError() {
        for error in ErrorSamples.syncErrors {
            let english = Self.english.message(for: error)
            let korean = Self.korean.message(for: error)
            for text in [english, korean] {
                #expect(!text.isEmpty && !text.contains("\n"))
                #expect(Self.commands(in: text).isEmpty, "\(text)")
            }
            #expect(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(korean)")
            #expect(Self.englishWords(in: korean).isEmpty, "\(korean)")
        }
    }

    @Test("a Korean message keeps the facts: the file, the byte, the status, the host")
    func koreanFacts() {
        let file = ErrorSamples.file
        #expect(
            Self.korean.message(for: StoreError.damaged(file: file, offset: 40, reason: ErrorSamples.reason))
                == "저장소 파일 \(file)의 40바이트 위치가 손상되었습니다. 살펴볼 수 있도록 파일은 건드리지 않았습니다.")
        #expect(
            Self.korean.message(for: StoreError.locked(file: file))
                == "다른 프로세스가 저장소 파일 \(file)을(를) 쓰고 있습니다. 그쪽에서 닫고 다시 시도하세요.")
        #expect(
            Self.korean.message(for: StoreWarning.keptDroppedBytes(file: ErrorSamples.keptFile)).contains(
                ErrorSamples.keptFile))
        #expect(
            Self.korean.message(for: GitHubError.server(status: 502, message: "Server Error"))
                == "GitHub에서 오류가 발생했습니다(상태 502). 잠시 후 다시 시도하세요.")
        #expect(Self.korean.message(for: GitHubError.foreignLink(host: ErrorSamples.host)).contains(ErrorSamples.host))
        #expect(
            Self.korean.message(for: RepositoryError.storage(.readOnly(file: file)))
                == Self.korean.message(for: StoreError.readOnly(file: file)))
        #expect(
            Self.korean.message(for: GitHubSyncError.notLinked(ErrorSamples.boardID))
                == "이 보드는 저장소에 연결되어 있지 않습니다. 먼저 연결하세요.")
    }

    @Test("an English message holds the facts, the details and what to do, and leaves the command to the front end")
    func englishMessages() {
        let file = ErrorSamples.file
        #expect(
            Self.english.message(for: StoreError.unreadable(file: file, reason: "it is empty"))
                == "cannot read the store \(file): it is empty; it was left untouched: move it aside")
        #expect(
            Self.english.message(for: StoreWarning.keptDroppedBytes(file: ErrorSamples.keptFile))
                == "a cut-short or damaged save was dropped from the store; its bytes are kept in \(ErrorSamples.keptFile): "
                + "look at them, then acknowledge this warning")
        #expect(Self.english.message(for: GitHubError.notSignedIn) == "not signed in to GitHub; sign in")
        #expect(
            Self.english.message(for: RepositoryError.defaultBoardIsPermanent)
                == "the default board cannot be deleted; delete its projects instead")
        #expect(
            Self.english.message(for: GitHubSyncError.gitHub(.unauthorized(message: nil)))
                == "GitHub refused the token; sign in again")
    }

    @Test("an error's description is English facts for logs: no advice about commands")
    func descriptions() {
        let descriptions =
            ErrorSamples.storeErrors.map(\.description) + ErrorSamples.storeWarnings.map(\.description)
            + ErrorSamples.repositoryErrors.map(\.description) + ErrorSamples.gitHubErrors.map(\.description)
            + ErrorSamples.gitHubSyncErrors.map(\.description) + ErrorSamples.syncErrors.map(\.description)
        for description in descriptions {
            #expect(Self.commands(in: description).isEmpty, "\(description)")
        }
        #expect(
            StoreError.locked(file: ErrorSamples.file).description
                == "the store \(ErrorSamples.file) is in use by another process")
    }

    // MARK: - Helpers

    static func localizer(_ identifier: String) -> Localizer {
        Localizer(locale: Locale(identifier: identifier), calendar: Calendar(identifier: .gregorian), timeZone: .gmt)
    }

    /// Words that are not facts but names of things every language writes the same way.
    static let names = ["GitHub", "git", "name@example.com", "example.com"]

    /// The runs of Latin letters with a lowercase letter in `text`, once the samples' facts (a file,
    /// a host) and ``names`` are taken out: English words, where Korean is expected. Upper-case
    /// runs (`FREQ`, `UNTIL`, `URL`) are the names of rule parts and protocols, and stay.
    static func englishWords(in text: String) -> [String] {
        var rest = text
        for fact in (ErrorSamples.facts + names).sorted(by: { $0.count > $1.count }) {
            rest = rest.replacingOccurrences(of: fact, with: " ")
        }
        return rest.matches(of: /[A-Za-z]+/).map { String($0.output) }.filter { $0.contains(where: \.isLowercase) }
    }

    /// The `pm` commands and the flags `text` names.
    static func commands(in text: String) -> [String] {
        text.matches(of: /(\bpm [a-z]+|--[a-z][a-z-]*)/).map { String($0.output.0) }
    }
}
