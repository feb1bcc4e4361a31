import ProjectManagerDomain

/// Errors and warnings in full, in Korean: the facts each carries (a file, a byte offset, a count)
/// and what to do. Details the lower layers keep in English (a `reason`, an `operation`) are left
/// out, so no English reaches the text.
extension KoreanPhrases {
    static func text(for phrase: ErrorPhrase) -> String {
        switch phrase {
        case .store(let error): message(for: error)
        case .storeWarning(let warning): message(for: warning)
        case .repository(let error): message(for: error)
        case .gitHub(let error): message(for: error)
        case .gitHubSync(let error): message(for: error)
        }
    }

    static func message(for error: StoreError) -> String {
        switch error {
        case .unreadable(let file, _):
            "저장소 파일 \(file)을(를) 읽을 수 없습니다. 파일은 건드리지 않았습니다. 다른 곳으로 옮기세요."
        case .damaged(let file, let offset, _):
            "저장소 파일 \(file)의 \(offset)바이트 위치가 손상되었습니다. 살펴볼 수 있도록 파일은 건드리지 않았습니다."
        case .newerFormat(let file, let found, let supported):
            "저장소 파일 \(file)의 형식 \(found)은(는) 이 엔진의 형식 \(supported)보다 새롭습니다. 엔진을 새 버전으로 바꾸세요."
        case .newerSchema(let file, let found, let supported):
            "저장소 파일 \(file)의 스키마 버전 \(found)은(는) 이 엔진의 스키마 버전 \(supported)보다 새롭습니다. 엔진을 새 버전으로 바꾸세요."
        case .locked(let file):
            "다른 프로세스가 저장소 파일 \(file)을(를) 쓰고 있습니다. 그쪽에서 닫고 다시 시도하세요."
        case .ioFailure(let file, _, _):
            "\(file) 파일을 다루지 못했습니다. 전에 저장한 내용은 그대로입니다."
        case .closed(let file):
            "저장소 파일 \(file)이(가) 닫혔습니다(주인이 닫았거나 쓰기에 실패했습니다). 다시 여세요."
        case .notARegularFile(let file):
            "\(file)은(는) 일반 파일이 아니라서(폴더, 파이프, 장치) 저장소로 읽지 않습니다. 저장소 파일의 경로를 주세요."
        case .lockFileIsLink(let file):
            "잠금 파일 \(file)이(가) 심볼릭 링크입니다. 링크는 따라가지 않습니다. 링크를 지우고 다시 시도하세요."
        case .readOnly(let file):
            "저장소 파일 \(file)을(를) 읽기 전용으로 열었습니다. 바꾸려면 쓰기용으로 여세요."
        case .changedSinceOpened(let file):
            "저장소 파일 \(file)을(를) 여기서 연 뒤에 다른 프로세스가 만들었습니다. 다시 여세요."
        case .saveNotConfirmed(let file, _):
            "\(file)에 저장되었는지 확인하지 못했습니다. 저장되었을 수도, 아닐 수도 있습니다. "
                + "저장소를 다시 열어 확인한 뒤에 저장하세요."
        }
    }

    static func message(for warning: StoreWarning) -> String {
        switch warning {
        case .droppedTornTail(let offset, let bytes):
            "저장소의 마지막 저장(\(offset)바이트 위치의 \(bytes)바이트)이 잘렸거나 손상되어 빼 두었습니다. "
                + "다음에 저장할 때 그 바이트를 저장소 옆에 보관합니다."
        case .keptDroppedBytes(let file):
            "잘렸거나 손상된 저장을 저장소에서 뺐습니다. 그 바이트는 \(file)에 보관되어 있습니다. "
                + "살펴본 뒤 이 경고를 확인 처리하세요."
        case .compactionFailed:
            "저장소를 압축하지 못했습니다. 저장한 내용은 모두 그대로이고, 다음에 저장할 때 다시 압축합니다."
        case .damagedObjects(let file, _):
            "저장소 \(file)이(가) 손상되어 일부 항목을 읽을 수 없습니다. 보이는 내용에는 그 항목이 빠져 있습니다."
        }
    }

    static func message(for error: RepositoryError) -> String {
        switch error {
        case .notFound(let reference): "\(name(of: reference))이(가) 없습니다."
        case .invalid(let error):
            (["저장하지 못했습니다."] + (error.place.map { ["\(name(of: $0)):"] } ?? [])
                + error.failures.map { message(for: $0) }).joined(separator: " ")
        case .defaultBoardIsPermanent: "기본 보드는 삭제할 수 없습니다. 대신 그 프로젝트를 삭제하세요."
        case .lastBoardIsPermanent: "계정의 마지막 보드는 삭제할 수 없습니다. 먼저 다른 보드를 만들거나, 그 프로젝트를 삭제하세요."
        case .storage(let error): message(for: error)
        case .undoConflict(let reference):
            "여기서 되돌릴 수 없습니다. \(name(of: reference))이(가) 그 뒤에 다른 보드에서 바뀌었습니다. 먼저 그 변경을 되돌리세요."
        case .accounts(let error):
            "로그인한 계정을 확인하지 못했습니다: \(failure(error)) 전에 저장한 내용은 그대로입니다."
        }
    }

    static func message(for error: GitHubSyncError) -> String {
        switch error {
        case .notLinked: "이 보드는 저장소에 연결되어 있지 않습니다. 먼저 연결하세요."
        case .gitHub(let error): message(for: error)
        case .repository(let error): message(for: error)
        }
    }

    private static func name(of reference: EntityReference) -> String {
        switch reference {
        case .project(let id): "프로젝트 \(id)"
        case .board(let id): "보드 \(id)"
        case .list(let id): "목록 \(id)"
        case .label(let id): "라벨 \(id)"
        case .checklistItem(let id): "체크리스트 항목 \(id)"
        case .comment(let id): "댓글 \(id)"
        }
    }
}
