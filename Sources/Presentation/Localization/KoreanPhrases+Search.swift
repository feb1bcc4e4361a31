extension KoreanPhrases {
    /// The query is quoted and followed by 에, which does not depend on its last syllable.
    static func text(for phrase: SearchPhrase) -> String {
        switch phrase {
        case .title: "검색"
        case .placeholder: "제목과 내용 검색"
        case .prompt: "모든 보드에서 제목이나 내용의 단어로 프로젝트를 찾습니다. 초성(ㅂㄱㅅ)으로도 찾을 수 있습니다."
        case .noResults(let query): "“\(query)”에 맞는 프로젝트가 없습니다."
        case .resultCount(let count): "결과 \(count)개"
        case .showing(let shown, let total): "\(total)개 중 가장 잘 맞는 \(shown)개"
        }
    }
}
