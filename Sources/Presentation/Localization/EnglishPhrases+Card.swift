import ProjectManagerDomain

extension EnglishPhrases {
    static func text(for phrase: CardPhrase) -> String {
        switch phrase {
        case .checklistTitle: "Checklist"
        case .commentsTitle: "Comments"
        case .progress(let progress): "\(progress.done) of \(progress.total) done"
        case .byYou: "You"
        case .byNobody: "Nobody"
        case .byMember: "A member"
        case .edited: "edited"
        case .overLimit(let limit): "over its limit of \(limit)"
        case .countOfLimit(let count, let limit): "\(count) of \(limit)"
        case .noComments: "No comments yet."
        }
    }
}
