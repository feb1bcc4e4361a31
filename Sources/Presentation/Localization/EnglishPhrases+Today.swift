extension EnglishPhrases {
    static func text(for phrase: TodayPhrase) -> String {
        switch phrase {
        case .title: "Today"
        case .overdue: "Overdue"
        case .dueToday: "Due Today"
        case .upcoming(let days): "Favourites, Next \(days) Days"
        case .nothingOverdue: "Nothing is overdue."
        case .nothingDueToday: "Nothing is due today."
        case .nothingUpcoming(let days):
            "No favourite is due in the next \(days) days. Star a project or a board to see its deadlines here."
        case .boardCounts(let overdue, let dueToday, let upcoming, let days):
            "\(overdue) overdue · \(dueToday) due today · \(upcoming) in the next \(days) days"
        }
    }
}
