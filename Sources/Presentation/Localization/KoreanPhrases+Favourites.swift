extension KoreanPhrases {
    static func text(for phrase: FavouritesPhrase) -> String {
        switch phrase {
        case .title: "즐겨찾기"
        case .empty: "즐겨찾기가 아직 없습니다. 프로젝트나 보드를 즐겨찾기에 추가하면 여기에서 찾을 수 있습니다."
        case .board: "보드"
        case .unstar: "즐겨찾기 해제"
        }
    }
}
