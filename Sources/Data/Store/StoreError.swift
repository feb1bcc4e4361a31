import ProjectManagerDomain

/// Why a store could not open, read or write its file: the Domain's ``ProjectManagerDomain/StoreError``,
/// which ``ProjectManagerDomain/RepositoryError/storage(_:)`` carries to the use cases' callers.
public typealias StoreError = ProjectManagerDomain.StoreError
