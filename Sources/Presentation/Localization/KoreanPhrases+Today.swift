extension KoreanPhrases {
    static func text(for phrase: TodayPhrase) -> String {
        switch phrase {
        case .title: "오늘"
        case .overdue: "기한 지남"
        case .dueToday: "오늘 마감"
        case .upcoming(let days): "즐겨찾기, 앞으로 \(days)일"
        case .nothingOverdue: "기한이 지난 항목이 없습니다."
        case .nothingDueToday: "오늘 마감인 항목이 없습니다."
        case .nothingUpcoming(let days): "앞으로 \(days)일 안에 마감인 즐겨찾기가 없습니다. 프로젝트나 보드를 즐겨찾기에 추가하면 마감일이 여기에 보입니다."
        case .boardCounts(let overdue, let dueToday, let upcoming, let days):
            "기한 지남 \(overdue) · 오늘 마감 \(dueToday) · 앞으로 \(days)일 \(upcoming)"
        }
    }
}
