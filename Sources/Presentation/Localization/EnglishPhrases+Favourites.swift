extension EnglishPhrases {
    static func text(for phrase: FavouritesPhrase) -> String {
        switch phrase {
        case .title: "Favourites"
        case .empty: "Nothing is starred yet. Star a project or a board to find it here."
        case .board: "Board"
        case .unstar: "Unstar"
        }
    }
}
