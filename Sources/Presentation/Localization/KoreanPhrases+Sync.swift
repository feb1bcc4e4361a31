import ProjectManagerDomain

extension KoreanPhrases {
    /// The facts (a remote's name or address, a board, a count) and what to do; the English
    /// `reason` the lower layers give is left out.
    static func message(for error: SyncError) -> String {
        switch error {
        case .unreachable(let remote, _):
            "\(remote)와(과) 동기화할 수 없습니다. 주소와 연결을 확인하고 다시 동기화하세요."
        case .pushRefused(let remote, let attempts):
            "다른 복제본이 먼저 보내서 \(remote)이(가) \(attempts)번 보내기를 거부했습니다. 다시 동기화하세요."
        case .gitMissing:
            "git 명령이 설치되어 있지 않습니다. git을 설치하거나 공유 폴더를 쓰세요."
        case .unknownRemote(let name):
            "\(name)(이)라는 원격 저장소가 없습니다. 이름을 확인하세요."
        case .remoteExists(let name):
            "\(name)(이)라는 원격 저장소가 이미 있습니다. 다른 이름을 고르세요."
        case .badAddress(let address, _):
            "\(address)은(는) 원격 저장소 주소로 쓸 수 없습니다."
        case .notShared(let board):
            "보드 \(board)은(는) 공유되어 있지 않습니다. 먼저 공유하세요."
        case .boardNotOnRemote(let board?):
            "원격 저장소에 보드 \(board)이(가) 없습니다. 보드의 ID를 확인하세요."
        case .boardNotOnRemote(nil):
            "원격 저장소에 공유된 보드가 없습니다. 먼저 그곳에 보드를 공유하세요."
        case .alreadyShared(let board, let remote):
            "보드 \(board)은(는) 이미 \(remote)에 공유되어 있어 그곳과 동기화됩니다."
        case .sharedByAnotherStore(let board, let remote):
            "다른 저장소가 \(remote)에 보드 \(board)을(를) 이미 공유했습니다. 그 보드에 참여하거나 새 보드를 공유하세요."
        case .localState:
            "동기화 상태를 저장하거나 읽을 수 없습니다."
        }
    }
}
