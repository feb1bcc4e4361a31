import Foundation
import ProjectManagerDomain

extension KoreanPhrases {
    static func text(for phrase: AccountPhrase) -> String {
        switch phrase {
        case .signUp: "회원가입"
        case .signIn: "로그인"
        case .signOut: "로그아웃"
        case .field(.email): "이메일"
        case .field(.password): "비밀번호"
        case .field(.confirmation): "비밀번호 확인"
        case .email(.required): "이메일을 입력하세요."
        case .email(.invalid(.taken)): "이미 가입된 이메일입니다. 로그인하세요."
        case .email(.invalid(let failure)): "이메일 형식이 올바르지 않습니다: \(rule(failure))"
        case .email(.valid): "사용할 수 있는 이메일입니다."
        case .password(.required), .passwordRequired: "비밀번호를 입력하세요."
        case .password(.invalid(let failure)): "비밀번호 형식이 올바르지 않습니다: \(rule(failure))"
        case .password(.valid): "사용할 수 있는 비밀번호입니다."
        case .confirmation(.required): "비밀번호를 한 번 더 입력하세요."
        case .confirmation(.matches): "비밀번호가 일치합니다."
        case .confirmation(.doesNotMatch): "비밀번호가 일치하지 않습니다."
        case .signedIn(let email): "\(email) 계정으로 로그인됨"
        case .signedOut: "로그인되어 있지 않습니다."
        case .failure(let error): failure(error)
        }
    }

    private static func rule(_ failure: EmailFailure) -> String {
        switch failure {
        case .empty: "이메일 주소를 입력하세요."
        case .spaceOrControlCharacter: "공백을 지우세요."
        case .tooLong(let limit): "\(limit)자 이하로 입력하세요."
        case .missingAt: "name@example.com처럼 @가 있어야 합니다."
        case .moreThanOneAt: "@는 하나만 입력하세요."
        case .missingLocalPart: "@ 앞에 이름을 입력하세요."
        case .invalidDomain: "@ 뒤에는 example.com처럼 점이 있어야 합니다."
        case .taken: "이미 가입된 이메일입니다."
        }
    }

    private static func rule(_ failure: PasswordFailure) -> String {
        switch failure {
        case .empty: "비밀번호를 입력하세요."
        case .tooShort(let minimum): "\(minimum)자 이상 입력하세요."
        case .tooLong(let maximum): "\(maximum)자 이하로 입력하세요."
        case .sameAsEmail: "이메일과 다른 비밀번호를 쓰세요."
        case .common: "너무 흔한 비밀번호입니다. 다른 비밀번호를 고르세요."
        }
    }

    static func failure(_ error: AuthenticationError) -> String {
        switch error {
        case .emailExists: "이미 가입된 이메일입니다. 로그인하세요."
        case .invalidEmail(let failure): "이메일 형식이 올바르지 않습니다: \(rule(failure))"
        case .weakPassword(let failure): "비밀번호 형식이 올바르지 않습니다: \(rule(failure))"
        case .invalidLoginCredentials: "이메일 또는 비밀번호가 올바르지 않습니다."
        case .tooManyAttemptsTryLater(let retryAt):
            "로그인 실패가 너무 많습니다. \(retryAt.formatted(.iso8601)) 이후에 다시 시도하세요."
        case .storage: "계정을 읽거나 저장하지 못했습니다."
        }
    }
}
