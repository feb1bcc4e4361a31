import Foundation
import ProjectManagerDomain

extension KoreanPhrases {
    static func text(for phrase: GitHubPhrase) -> String {
        switch phrase {
        case .issuesTitle(let repository): "이슈 · \(repository)"
        case .stateFilter(.open), .issueState(.open): "열림"
        case .stateFilter(.closed), .issueState(.closed): "닫힘"
        case .stateFilter(.all): "전체"
        case .assignedToMe: "나에게 할당됨"
        case .loadMore: "더 보기"
        case .loading: "불러오는 중…"
        case .noIssues: "이 필터에 맞는 이슈가 없습니다."
        case .noDescription: "설명이 없습니다."
        case .opened(let number, let author?): "#\(number) · \(author) 님이 작성"
        case .opened(let number, nil): "#\(number) · 삭제된 계정이 작성"
        case .failure(let error): message(for: error)
        case .setAside(let item): setAside(item)
        case .keptGitHubText(let cards):
            "카드 \(cards)개에서 GitHub의 글을 남겼습니다. 카드의 글은 기록에 있습니다."
        case .notLinked: "이 보드는 저장소에 연결되어 있지 않습니다. 먼저 연결하세요."
        }
    }

    static func message(for error: GitHubError) -> String {
        switch error {
        case .transport(let underlying) where underlying.code == .timedOut:
            "GitHub가 제때 응답하지 않았습니다. 연결을 확인하고 다시 시도하세요."
        case .transport(let underlying):
            "GitHub에 연결할 수 없습니다(\(reason(underlying.code))). 연결을 확인하고 다시 시도하세요."
        case .unauthorized:
            "GitHub가 토큰을 거부했습니다. 다시 로그인하세요."
        case .notFound:
            "저장소나 이슈를 찾을 수 없습니다. 이름과 토큰의 권한을 확인하세요."
        case .rateLimited(let until):
            "GitHub 요청 한도에 도달했습니다. \(until.formatted(.iso8601)) 이후에 다시 시도하세요."
        case .server(let status, _):
            "GitHub에서 오류가 발생했습니다(상태 \(status)). 잠시 후 다시 시도하세요."
        case .status(let status, _):
            "GitHub가 상태 \(status)(으)로 응답했습니다."
        case .decoding(let field, _):
            "GitHub의 응답을 읽을 수 없습니다('\(field)')."
        case .notSignedIn:
            "GitHub에 로그인되어 있지 않습니다. 먼저 로그인하세요."
        case .foreignLink(let host):
            "다음 페이지가 다른 호스트(\(host))를 가리켜 요청하지 않았습니다."
        case .redirectRefused(let host):
            "GitHub의 응답이 다른 호스트(\(GitHubText.shown(host)))로 가라고 했지만 따르지 않았고, 그곳에는 아무것도 보내지 않았습니다."
        case .tooManyRedirects(let limit):
            "GitHub가 연속으로 \(limit)번 넘게 다른 주소로 보냈습니다. 잠시 후 다시 시도하세요."
        case .insecureAddress(let host):
            "\(GitHubText.shown(host)) 주소는 암호화되지 않았고 이 컴퓨터도 아니어서 아무것도 보내지 않았습니다. 암호화된 주소를 쓰세요."
        case .changeNotApplied(let issue, let field):
            "GitHub가 이슈 #\(issue) 변경에 성공했다고 답했지만 \(fieldName(field))이(가) 보낸 대로 바뀌지 않았습니다."
        case .missingScopes(let needed, let granted):
            "토큰에 필요한 권한(\(needed.joined(separator: ", ")))이 없습니다(가진 권한: \(granted.isEmpty ? "없음" : granted.joined(separator: ", "))). "
                + "그 권한이 있는 토큰을 만드세요."
        case .deviceFlowDisabled:
            "이 앱은 기기 코드 로그인을 허용하지 않습니다. 토큰으로 로그인하세요."
        case .deviceCodeExpired:
            "로그인 코드가 승인되기 전에 만료되었습니다. 다시 로그인하세요."
        case .accessDenied:
            "GitHub에서 로그인이 거부되었습니다. 다시 로그인해 승인하세요."
        case .stateMismatch:
            "이 로그인에서 온 응답이 아닙니다(확인 값 불일치). 아무것도 교환하지 않았습니다. 다시 로그인하세요."
        case .oauth(let code, _):
            "GitHub가 로그인을 거부했습니다(\(GitHubText.shown(code))). 다시 로그인하세요."
        case .credentialStorage:
            "GitHub 로그인 정보를 읽거나 저장하지 못했습니다."
        case .unreadableCredential(let file):
            "\(file)의 GitHub 로그인 정보를 읽을 수 없습니다. 다시 로그인하세요."
        }
    }

    private static func setAside(_ item: GitHubSyncReport.SetAside) -> String {
        let what =
            switch (item.issue, item.direction) {
            case (let number?, .toGitHub): "#\(number)을(를) GitHub로 보내는 변경"
            case (let number?, .fromGitHub): "GitHub에서 받은 #\(number)"
            case (nil, .toGitHub): "새 카드를 GitHub로 보내는 변경"
            case (nil, .fromGitHub): "GitHub에서 받은 이슈"
            }
        let why =
            switch item.reason {
            case .gitHub(let error): message(for: error)
            case .repository(let error): message(for: error)
            case .waiting(let until, let attempts):
                "연속 \(attempts)번 실패해 \(until.formatted(.iso8601)) 이후에 다시 시도합니다."
            }
        return "\(what)은(는) 보류했습니다: \(why)"
    }

    private static func fieldName(_ field: String) -> String {
        switch field {
        case "state": "상태"
        case "title": "제목"
        case "body": "본문"
        default: "내용"
        }
    }

    private static func reason(_ code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "연결 거부"
        case .cannotFindHost, .dnsLookupFailed: "알 수 없는 호스트"
        case .notConnectedToInternet: "오프라인"
        case .networkConnectionLost: "연결 끊김"
        case .secureConnectionFailed, .serverCertificateUntrusted: "보안 연결 실패"
        default: "URL 오류 \(code.rawValue)"
        }
    }
}
