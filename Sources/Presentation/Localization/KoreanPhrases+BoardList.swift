import ProjectManagerDomain

extension KoreanPhrases {
    static func text(for phrase: BoardListPhrase) -> String {
        switch phrase {
        case .title: "보드"
        case .create: "새 보드"
        case .rename: "이름 바꾸기"
        case .nameField: "보드 이름"
        case .empty: "보드가 아직 없습니다."
        case .projectCount(let count): "프로젝트 \(count)개"
        case .columnCounts(let todo, let doing, let done):
            "\(text(for: .state(.todo))) \(todo) · \(text(for: .state(.doing))) \(doing) · \(text(for: .state(.done))) \(done)"
        case .confirmDelete(let board, let projects):
            projects == 0
                ? "'\(board)' 보드를 삭제할까요?"
                : "'\(board)' 보드와 프로젝트 \(projects)개를 삭제할까요?"
        case .invalidName(let failure): invalidName(failure)
        }
    }

    private static func invalidName(_ failure: ValidationFailure) -> String {
        switch failure {
        case .titleEmpty: "보드 이름을 입력하세요."
        case .titleHasLineBreak: "보드 이름은 한 줄로 입력하세요."
        case .titleTooLong(let limit): "보드 이름을 \(limit)자 이하로 줄이세요."
        default: text(for: .validation(failure))
        }
    }
}
