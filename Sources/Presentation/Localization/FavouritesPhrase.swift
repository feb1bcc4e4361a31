/// The text of the favourites screen, as a key with its arguments.
public enum FavouritesPhrase: Hashable, Sendable {
    /// The screen's title.
    case title
    /// What the screen says when nothing is starred.
    case empty
    /// What a starred board's row says under its title.
    case board
    /// The control that takes a star off.
    case unstar
}
