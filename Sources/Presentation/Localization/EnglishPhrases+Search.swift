extension EnglishPhrases {
    static func text(for phrase: SearchPhrase) -> String {
        switch phrase {
        case .title: "Search"
        case .placeholder: "Search titles and descriptions"
        case .prompt: "Find a project by a word of its title or description, on every board."
        case .noResults(let query): "No projects match “\(query)”."
        case .resultCount(let count): count == 1 ? "1 result" : "\(count) results"
        case .showing(let shown, let total): "Showing the best \(shown) of \(total)"
        }
    }
}
