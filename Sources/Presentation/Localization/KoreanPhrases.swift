import ProjectManagerDomain

/// The Korean table: every phrase, in Korean.
///
/// Particles that depend on the last syllable (으로/로) are written out per state, and a project's
/// title is followed by "항목", so no particle depends on text the user typed.
enum KoreanPhrases {
    static func text(for phrase: Phrase) -> String {
        switch phrase {
        case .boardTitle: "프로젝트 관리"
        case .newProjectTitle: "새 프로젝트"
        case .projectTitle: "프로젝트"
        case .historyTitle: "기록"

        case .add: "추가"
        case .done: "완료"
        case .cancel: "취소"
        case .edit: "편집"
        case .delete: "삭제"
        case .undo: "실행 취소"
        case .redo: "다시 실행"
        case .history: "기록"

        case .state(let state): name(of: state)
        case .overdue: "기한 지남"

        case .field(.title): "제목"
        case .field(.body): "내용"
        case .field(.deadline): "마감일"
        case .field(.repeatRule): "반복"
        case .field(.record): "기록"
        case .validation(let failure): message(for: failure)
        case .recurrence(let rule): KoreanRecurrence.summary(rule)
        case .recurrenceUntil(let day): KoreanRecurrence.until(day)

        case .moveTo(let state): "\(towards(state)) 이동"

        case .activity(let kind, let title): activity(kind, title: title)
        case .noActivity: "아직 기록이 없습니다."

        case .account(let phrase): text(for: phrase)
        case .gitHub(let phrase): text(for: phrase)
        case .search(let phrase): text(for: phrase)
        case .today(let phrase): text(for: phrase)
        case .favourites(let phrase): text(for: phrase)
        case .boardList(let phrase): text(for: phrase)
        case .card(let phrase): text(for: phrase)

        case .failure(let error): failure(error)
        case .error(let phrase): text(for: phrase)
        }
    }

    /// "체크리스트 항목", "댓글", "목록", "라벨".
    private static func words(for subject: LostEditSubject) -> String {
        switch subject {
        case .checklistItem: "체크리스트 항목"
        case .comment: "댓글"
        case .list: "목록"
        case .label: "라벨"
        }
    }

    private static func name(of state: ProjectState) -> String {
        switch state {
        case .todo: "할 일"
        case .doing: "진행 중"
        case .done: "완료"
        }
    }

    /// The state's name with the particle of direction.
    private static func towards(_ state: ProjectState) -> String {
        switch state {
        case .todo: "할 일로"
        case .doing: "진행 중으로"
        case .done: "완료로"
        }
    }

    static func message(for failure: ValidationFailure) -> String {
        switch failure {
        case .titleEmpty: "프로젝트 제목을 입력하세요."
        case .titleHasLineBreak: "제목은 한 줄로 입력하세요."
        case .titleHasInvisibleControls(let characters):
            "제목에서 보이지 않는 제어 문자를 지우세요(\(ValidationFailure.codePoints(characters)))."
        case .titleTooLong(let limit): "제목을 \(limit)자 이하로 줄이세요."
        case .bodyTooLong(let limit): "내용을 \(limit)자 이하로 줄이세요."
        case .deadlineNotADay(let day): "달력에 없는 날짜입니다(\(day)). 다른 마감일을 고르세요."
        case .repeatRuleInvalid(let error): KoreanRecurrence.problem(error)
        case .repeatHasNoDayLeft(_, let day): "\(day)부터는 반복할 날이 없습니다. COUNT나 UNTIL을 바꾸세요."
        case .repeatNeverOccurs: "이 규칙에 맞는 날이 달력에 없습니다. 월과 날짜를 확인하세요."
        case .noOccurrenceToSkip: "이 프로젝트에는 건너뛸 반복 일정이 없습니다."
        case .brokenRule: "저장소의 규칙에 맞지 않아 저장하지 못했습니다."
        case .listNameTaken(let name): "보드에 '\(name)' 목록이 이미 있습니다. 다른 이름을 고르세요."
        case .listLimitInvalid: "목록의 한도는 1 이상의 카드 수입니다."
        case .lastOpenList: "보드에는 목록이 하나 이상 있어야 합니다. 이것이 마지막 목록입니다."
        case .dueTimeWithoutDay: "시각과 함께 마감 날짜를 입력하세요."
        case .labelNameTaken(let name): "보드에 '\(name)' 라벨이 이미 있습니다. 다른 이름을 고르세요."
        case .onlyTheOwner: "보드의 주인만 할 수 있습니다."
        case .notAMember: "카드는 보드의 주인이나 멤버에게만 맡길 수 있습니다."
        case .commentEmpty: "댓글 내용을 입력하세요."
        case .commentTooLong(let limit): "댓글을 \(limit)자 이하로 줄이세요."
        case .notYourComment: "댓글은 쓴 사람만 바꿀 수 있습니다."
        case .notInBackup: "백업의 이 보드에 없는 목록이나 라벨을 가리킵니다."
        case .twiceInBackup: "백업에 같은 항목이 두 번 있습니다."
        }
    }

    private static func activity(_ kind: Activity.Kind, title: String) -> String {
        switch kind {
        case .added(let state): "'\(title)' 항목을 \(name(of: state))에 추가함"
        case .moved(let from, let to): "'\(title)' 항목을 \(name(of: from))에서 \(towards(to)) 옮김"
        case .reordered(let state): "\(name(of: state))에서 '\(title)' 항목의 순서를 바꿈"
        case .edited: "'\(title)' 항목을 수정함"
        case .deleted(let state): "\(name(of: state))에서 '\(title)' 항목을 삭제함"
        case .imported(let count, let state): "\(name(of: state))에 항목 \(count)개를 가져옴"
        case .keptGitHubText(let localTitle, let localBody):
            "'\(title)' 항목은 GitHub의 내용을 유지함. 내 내용: '\(localTitle)'\(localBody.isEmpty ? "" : ": \(localBody)")"
        case .editLostToDelete(let lostTitle, let lostBody):
            "다른 기기에서 삭제한 항목의 수정 내용을 남김: '\(lostTitle)'" + (lostBody.isEmpty ? "" : ": \(lostBody)")
        case .editLostToDeleteOf(let subject, let text):
            "다른 기기에서 삭제한 \(Self.words(for: subject))의 수정 내용을 남김: '\(text)'"
        case .occurrenceCompleted(let day, let next): "'\(title)' 항목의 \(day) 일정을 완료함. 다음은 \(next)"
        case .occurrenceSkipped(let day, let next):
            "'\(title)' 항목의 \(day) 일정을 건너뜀. " + (next.map { "다음은 \($0)" } ?? "남은 일정 없음")
        case .boardCreated: "'\(title)' 보드를 만듦"
        case .boardRenamed(let old): "'\(old)' 보드의 이름을 '\(title)'(으)로 바꿈"
        case .boardDeleted: "'\(title)' 보드를 삭제함"
        case .starred(.project): "'\(title)' 항목을 즐겨찾기에 추가함"
        case .starred(.board): "'\(title)' 보드를 즐겨찾기에 추가함"
        case .unstarred(.project): "'\(title)' 항목을 즐겨찾기에서 뺌"
        case .unstarred(.board): "'\(title)' 보드를 즐겨찾기에서 뺌"
        case .movedToBoard(_, let board, let from, let to) where from == to:
            "'\(title)' 항목을 '\(board)' 보드의 \(towards(to)) 옮김"
        case .movedToBoard(_, let board, let from, let to):
            "'\(title)' 항목을 \(name(of: from))에서 '\(board)' 보드의 \(towards(to)) 옮김"
        case .movedFromBoard(_, let board, let from, let to) where from == to:
            "'\(title)' 항목을 '\(board)' 보드에서 이 보드의 \(towards(to)) 옮겨 옴"
        case .movedFromBoard(_, let board, let from, let to):
            "'\(title)' 항목을 '\(board)' 보드의 \(name(of: from))에서 이 보드의 \(towards(to)) 옮겨 옴"
        case .movedBetweenLists(let from, let to): "'\(title)' 항목을 '\(from)' 목록에서 '\(to)' 목록으로 옮김"
        case .addedToList(let list): "'\(title)' 항목을 '\(list)' 목록에 추가함"
        case .listAdded(let list): "'\(list)' 목록을 추가함"
        case .listRenamed(let from, let to): "'\(from)' 목록의 이름을 '\(to)'(으)로 바꿈"
        case .listMoved(let list): "'\(list)' 목록의 위치를 바꿈"
        case .listChanged(let list): "'\(list)' 목록을 바꿈"
        case .listArchived(let list): "'\(list)' 목록을 보관함"
        case .listRestored(let list): "'\(list)' 목록을 보관에서 되살림"
        case .labelled(let label): "'\(title)' 항목에 '\(label)' 라벨을 붙임"
        case .unlabelled(let label): "'\(title)' 항목에서 '\(label)' 라벨을 뗌"
        case .labelCreated(let label): "'\(label)' 라벨을 만듦"
        case .labelChanged(let label): "'\(label)' 라벨을 바꿈"
        case .labelDeleted(let label): "'\(label)' 라벨을 삭제함"
        case .importedFromTrello(let cards): "트렐로에서 '\(title)' 보드를 카드 \(cards)개와 함께 가져옴"
        case .memberAdded: "'\(title)' 보드에 멤버를 추가함"
        case .memberRemoved: "'\(title)' 보드에서 멤버를 뺌"
        case .assigned: "'\(title)' 항목을 맡김"
        case .unassigned: "'\(title)' 항목의 담당을 뺌"
        case .archived: "'\(title)' 항목을 보관함"
        case .restored: "'\(title)' 항목을 보관에서 되살림"
        case .checklistItemAdded(let item): "'\(title)' 항목의 체크리스트에 '\(item)'을(를) 추가함"
        case .checklistItemDone(let item): "'\(title)' 항목의 체크리스트에서 '\(item)'을(를) 완료함"
        case .checklistItemUndone(let item): "'\(title)' 항목의 체크리스트에서 '\(item)'의 완료를 취소함"
        case .checklistItemEdited(let from, let to):
            "'\(title)' 항목의 체크리스트에서 '\(from)'을(를) '\(to)'(으)로 바꿈"
        case .checklistItemMoved(let item): "'\(title)' 항목의 체크리스트에서 '\(item)'의 순서를 바꿈"
        case .checklistItemDeleted(let item): "'\(title)' 항목의 체크리스트에서 '\(item)'을(를) 삭제함"
        case .commented: "'\(title)' 항목에 댓글을 남김"
        case .commentEdited: "'\(title)' 항목의 댓글을 수정함"
        case .commentDeleted: "'\(title)' 항목의 댓글을 삭제함"
        }
    }

    private static func failure(_ error: RepositoryError) -> String {
        switch error {
        case .notFound(.project): "이 프로젝트는 더 이상 없습니다."
        case .notFound(.board): "이 보드는 더 이상 없습니다."
        case .notFound(.list): "이 목록은 더 이상 없습니다."
        case .notFound(.label): "이 라벨은 더 이상 없습니다."
        case .notFound(.checklistItem): "이 체크리스트 항목은 더 이상 없습니다."
        case .notFound(.comment): "이 댓글은 더 이상 없습니다."
        case .invalid: "저장하지 못했습니다. 표시된 항목을 고치세요."
        case .defaultBoardIsPermanent: "기본 보드는 삭제할 수 없습니다."
        case .lastBoardIsPermanent: "마지막 보드는 삭제할 수 없습니다. 먼저 다른 보드를 만드세요."
        case .storage(let error): "프로젝트를 읽거나 저장하지 못했습니다: \(message(for: error))"
        case .undoConflict: "여기서 되돌릴 수 없습니다. 다른 보드에서 그 뒤에 바뀌었습니다."
        case .accounts(let error): "로그인한 계정을 확인하지 못했습니다: \(failure(error))"
        }
    }
}
