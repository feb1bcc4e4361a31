import ProjectManagerDomain

extension EnglishPhrases {
    static func text(for phrase: BoardListPhrase) -> String {
        switch phrase {
        case .title: "Boards"
        case .create: "New Board"
        case .rename: "Rename"
        case .nameField: "Board name"
        case .empty: "No boards yet."
        case .projectCount(let count): count == 1 ? "1 project" : "\(count) projects"
        case .columnCounts(let todo, let doing, let done):
            "\(text(for: .state(.todo))) \(todo) · \(text(for: .state(.doing))) \(doing) · \(text(for: .state(.done))) \(done)"
        case .confirmDelete(let board, let projects):
            projects == 0
                ? "Delete the board '\(board)'?"
                : "Delete the board '\(board)' and its \(text(for: .projectCount(projects)))?"
        case .invalidName(let failure): invalidName(failure)
        }
    }

    private static func invalidName(_ failure: ValidationFailure) -> String {
        switch failure {
        case .titleEmpty: "Give the board a name."
        case .titleHasLineBreak: "Keep the board's name to one line."
        case .titleTooLong(let limit): "Shorten the board's name to \(limit) characters or fewer."
        default: text(for: .validation(failure))
        }
    }
}
