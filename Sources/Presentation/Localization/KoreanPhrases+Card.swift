import ProjectManagerDomain

extension KoreanPhrases {
    static func text(for phrase: CardPhrase) -> String {
        switch phrase {
        case .checklistTitle: "체크리스트"
        case .commentsTitle: "댓글"
        case .progress(let progress): "\(progress.total)개 중 \(progress.done)개 완료"
        case .byYou: "나"
        case .byNobody: "로그인하지 않은 사용자"
        case .byMember: "보드 멤버"
        case .edited: "수정됨"
        case .overLimit(let limit): "한도 \(limit)개 초과"
        case .countOfLimit(let count, let limit): "\(limit)개 중 \(count)개"
        case .noComments: "아직 댓글이 없습니다."
        }
    }
}
