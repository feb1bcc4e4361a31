/// What a use case reads while it decides a change: the store as one unit of work sees it, with
/// nothing else written meanwhile (``ChangeRecording/write(_:)``).
///
/// The calls are synchronous: they run inside the unit of work, on the store's own isolation, so a
/// reader is never kept, stored or sent elsewhere.
public protocol StoreReading {
    /// Who the change is made by: the account signed in, or `nil` when nobody is (a board made
    /// now is theirs).
    var author: Account.ID? { get }

    /// The project with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func project(id: Project.ID) throws(RepositoryError) -> Project

    /// The board with this id.
    /// - Throws: ``RepositoryError/notFound(_:)``.
    func board(id: Board.ID) throws(RepositoryError) -> Board

    /// Every board the author may see, oldest first.
    /// - Throws: ``RepositoryError/storage(_:)``.
    /// - Complexity: O(*b* log *b*) for *b* boards.
    func boards() throws(RepositoryError) -> [Board]

    /// The gap at `index` of a column, counted without the project `moving` (last when `nil`):
    /// as ``ProjectRepository/gap(at:in:onBoard:moving:)``.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the board does not exist.
    /// - Complexity: O(log *n*) for a column of *n* projects, through an ordered index.
    func gap(
        at index: Int?, in state: ProjectState, onBoard board: Board.ID, moving: Project.ID?
    ) throws(RepositoryError) -> ColumnGap

    /// The star on `target`, or `nil`.
    /// - Throws: ``RepositoryError/notFound(_:)`` when the project or the board does not exist.
    func favourite(for target: Favourite.Target) throws(RepositoryError) -> Favourite?
}
