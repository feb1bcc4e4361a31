import ProjectManagerDomain

extension Localizer {
    /// What went wrong with the store, in ``language``: the file, what happened, and what to do.
    ///
    /// ```swift
    /// english.message(for: .locked(file: "/tmp/a.pmstore"))
    /// // "the store /tmp/a.pmstore is in use by another process: close it there and try again"
    /// korean.message(for: .locked(file: "/tmp/a.pmstore"))
    /// // "다른 프로세스가 저장소 파일 /tmp/a.pmstore을(를) 쓰고 있습니다. 그쪽에서 닫고 다시 시도하세요."
    /// ```
    public func message(for error: StoreError) -> String {
        self(.error(.store(error)))
    }

    /// What the store worked around, in ``language``, and what to do about it. The words name no
    /// command: a front end says how it acknowledges a warning.
    public func message(for warning: StoreWarning) -> String {
        self(.error(.storeWarning(warning)))
    }

    /// Why a repository or a use case could not do what it was asked, in ``language``, with the
    /// facts the error carries (``Phrase/failure(_:)`` is the shorter line a screen shows).
    public func message(for error: RepositoryError) -> String {
        self(.error(.repository(error)))
    }

    /// Why a request to GitHub failed, in ``language``, and what to do.
    public func message(for error: GitHubError) -> String {
        self(.error(.gitHub(error)))
    }

    /// Why a sync with GitHub stopped, in ``language``, and what to do.
    public func message(for error: GitHubSyncError) -> String {
        self(.error(.gitHubSync(error)))
    }

    /// Why a sync with a remote (a git repository, a shared folder) failed, in ``language``, and
    /// what to do. An address in it never holds a credential: the error carries it redacted.
    ///
    /// ```swift
    /// english.message(for: .unknownRemote("team"))
    /// // "no remote named team: check the name"
    /// ```
    public func message(for error: SyncError) -> String {
        // Not a phrase of its own (``ErrorPhrase`` stays as 2.0.0 had it): each language's table directly.
        switch language {
        case .english: EnglishPhrases.message(for: error)
        case .korean: KoreanPhrases.message(for: error)
        }
    }
}
