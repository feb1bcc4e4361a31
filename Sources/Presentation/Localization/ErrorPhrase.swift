import ProjectManagerDomain

/// An error, or a warning a store gives, as a key with the facts it carries: the full message a
/// front end shows for it. Get the text with ``Localizer/message(for:)-(StoreError)`` and its
/// overloads.
///
/// Unlike ``Phrase/failure(_:)``, the short line a screen shows above a form, a message names what
/// the error concerns (the file, the status, the host) and says what to do, in words that name no
/// command. A front end adds what only it can say:
/// ```swift
/// localizer.message(for: warning) + " (pm doctor --ack)"
/// ```
///
/// The English and Korean tables cover every case; details the Domain and Data layers keep in
/// English (a `reason`, an `operation`, GitHub's own `message`) appear in the English text only.
public enum ErrorPhrase: Hashable, Sendable {
    /// Why a store could not open, read or write its file.
    case store(StoreError)
    /// What a store noticed and worked around.
    case storeWarning(StoreWarning)
    /// Why a repository or a use case could not do what it was asked.
    case repository(RepositoryError)
    /// Why a request to GitHub failed.
    case gitHub(GitHubError)
    /// Why a sync with GitHub stopped.
    case gitHubSync(GitHubSyncError)
}
