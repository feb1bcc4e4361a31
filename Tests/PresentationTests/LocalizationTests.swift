import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

@MainActor
@Suite("English and Korean texts", .timeLimit(.minutes(10)))
struct LocalizationTests {
    static func localizer(_ identifier: String) -> Localizer {
        Localizer(
            locale: Locale(identifier: identifier), calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "UTC") ?? .gmt)
    }

    @Test(
        "the locale chooses the language; English is the fallback",
        arguments: [
            ("en_US", Language.english), ("ko_KR", .korean), ("ko", .korean), ("fr_FR", .english),
        ])
    func languageForLocale(identifier: String, language: Language) {
        #expect(Language(locale: Locale(identifier: identifier)) == language)
    }

    @Test(
        "each phrase reads right in both languages",
        arguments: [
            (Phrase.state(.todo), "To Do", "할 일"),
            (.state(.doing), "Doing", "진행 중"),
            (.state(.done), "Done", "완료"),
            (.moveTo(.todo), "Move to To Do", "할 일로 이동"),
            (.moveTo(.doing), "Move to Doing", "진행 중으로 이동"),
            (.moveTo(.done), "Move to Done", "완료로 이동"),
            (.edit, "Edit", "편집"),
            (.undo, "Undo", "실행 취소"),
            (.validation(.titleEmpty), "Give the project a title.", "프로젝트 제목을 입력하세요."),
            (
                .validation(.bodyTooLong(limit: 1_000)), "Shorten the description to 1000 characters or fewer.",
                "내용을 1000자 이하로 줄이세요."
            ),
            (
                .activity(.moved(from: .todo, to: .doing), projectTitle: "Write report"),
                "Moved 'Write report' from To Do to Doing", "'Write report' 항목을 할 일에서 진행 중으로 옮김"
            ),
            (.activity(.deleted(.done), projectTitle: "Ship"), "Deleted 'Ship' from Done", "완료에서 'Ship' 항목을 삭제함"),
            (
                .failure(.notFound(.project(Project.ID(rawValue: UUID())))), "This project no longer exists.",
                "이 프로젝트는 더 이상 없습니다."
            ),
        ])
    func phrases(phrase: Phrase, english: String, korean: String) {
        #expect(Self.localizer("en_US")(phrase) == english)
        #expect(Self.localizer("ko_KR")(phrase) == korean)
    }

    @Test(
        "each checklist and comment entry of a history reads in both languages, the user's text quoted",
        arguments: [
            (
                Activity.Kind.checklistItemAdded("예약"), "Added '예약' to the checklist of '워크숍'",
                "'워크숍' 항목의 체크리스트에 '예약'을(를) 추가함"
            ),
            (
                .checklistItemDone("예약"), "Ticked '예약' in the checklist of '워크숍'",
                "'워크숍' 항목의 체크리스트에서 '예약'을(를) 완료함"
            ),
            (
                .checklistItemUndone("예약"), "Unticked '예약' in the checklist of '워크숍'",
                "'워크숍' 항목의 체크리스트에서 '예약'의 완료를 취소함"
            ),
            (
                .checklistItemEdited(from: "예약", to: "확정"), "Changed '예약' to '확정' in the checklist of '워크숍'",
                "'워크숍' 항목의 체크리스트에서 '예약'을(를) '확정'(으)로 바꿈"
            ),
            (
                .checklistItemMoved("예약"), "Moved '예약' in the checklist of '워크숍'",
                "'워크숍' 항목의 체크리스트에서 '예약'의 순서를 바꿈"
            ),
            (
                .checklistItemDeleted("예약"), "Deleted '예약' from the checklist of '워크숍'",
                "'워크숍' 항목의 체크리스트에서 '예약'을(를) 삭제함"
            ),
            (.commented, "Commented on '워크숍'", "'워크숍' 항목에 댓글을 남김"),
            (.commentEdited, "Edited a comment on '워크숍'", "'워크숍' 항목의 댓글을 수정함"),
            (.commentDeleted, "Deleted a comment on '워크숍'", "'워크숍' 항목의 댓글을 삭제함"),
        ])
    func cardDetailActivities(kind: Activity.Kind, english: String, korean: String) {
        let phrase = Phrase.activity(kind, projectTitle: "워크숍")
        #expect(Self.localizer("en_US")(phrase) == english)
        #expect(Self.localizer("ko_KR")(phrase) == korean)
        #expect(!Self.localizer("ko_KR")(phrase).contains { $0.isASCII && $0.isLetter }, "no English word")
    }

    @Test("deadlines are written for the locale")
    func deadlines() {
        let day = Day(year: 2026, month: 3, day: 20)
        #expect(Self.localizer("en_US").deadline(day) == "Mar 20, 2026")
        #expect(Self.localizer("ko_KR").deadline(day) == "2026년 3월 20일")
    }

    @Test(
        "the numeric style writes days and times in numbers, largest first, in any language",
        arguments: [("en_US", "Doing"), ("ko_KR", "진행 중")])
    func numericDates(identifier: String, doing: String) {
        // Given: 13:30 UTC is 22:30 in Seoul
        let localizer = Localizer(
            locale: Locale(identifier: identifier), calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt, dateStyle: .numeric)
        let halfPastOne = Date(timeIntervalSince1970: 1_773_576_000 + 90 * 60)

        // Then
        #expect(localizer.deadline(Day(year: 2026, month: 3, day: 20)) == "2026-03-20")
        #expect(localizer.deadline(Day(year: 2026, month: 2, day: 30)) == "2026-02-30")
        #expect(localizer.time(halfPastOne) == "2026-03-15 22:30")
        #expect(localizer.time(halfPastOne.addingTimeInterval(-13 * 3_600)) == "2026-03-15 09:30")
        #expect(localizer(.state(.doing)) == doing, "phrases keep the locale's language")
    }

    @Test("a deadline is the same day in any time zone")
    func deadlineTimeZone() {
        let seoul = Localizer(
            locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
        let honolulu = Localizer(
            locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "Pacific/Honolulu") ?? .gmt)
        let day = Day(year: 2026, month: 12, day: 24)
        #expect(seoul.deadline(day) == "Dec 24, 2026")
        #expect(honolulu.deadline(day) == "Dec 24, 2026")
    }

    @Test("a Korean board, form, menu and history speak Korean")
    func koreanScreens() async throws {
        // Given
        let app = TestApp(locale: "ko_KR")
        let project = try await app.add("보고서 작성", deadline: Day(year: 2026, month: 3, day: 20))

        // Board
        let boardEvents = Events<BoardViewModel.Event>()
        let board = app.screens.makeBoard().transform(.init(events: boardEvents.stream))
        boardEvents.send(.appear)
        let snapshot = try #require(await Probe(board.snapshots).next())
        #expect(board.title == "프로젝트 관리")
        #expect(snapshot.sections.map(\.title) == ["할 일", "진행 중", "완료"])
        #expect(snapshot.section(.todo)?.rows.first?.deadline == "2026년 3월 20일")
        boardEvents.end()

        // Create form
        let formEvents = Events<CreateProjectViewModel.Event>()
        let form = app.screens.makeCreateProject().transform(.init(events: formEvents.stream))
        formEvents.send(.title(""), .cancel)
        formEvents.end()
        #expect(form.title == "새 프로젝트")
        #expect([form.saveTitle, form.cancelTitle, form.beginEditingTitle] == ["완료", "취소", "편집"])
        #expect(await Probe(form.validationMessages).rest().last?[.title] == ["프로젝트 제목을 입력하세요."])

        // State menu
        let menuEvents = Events<ChangeStateViewModel.Event>()
        let menu = app.screens.makeChangeState(of: project.id).transform(.init(events: menuEvents.stream))
        #expect(await Probe(menu.options).next()?.map(\.title) == ["진행 중으로 이동", "완료로 이동"])
        menuEvents.end()

        // History
        let historyEvents = Events<HistoryViewModel.Event>()
        let history = app.screens.makeHistory().transform(.init(events: historyEvents.stream))
        let entry = try #require(await Probe(history.entries).next()?.first)
        #expect(history.title == "기록")
        #expect([history.undoTitle, history.redoTitle] == ["실행 취소", "다시 실행"])
        #expect(entry.text == "'보고서 작성' 항목을 할 일에 추가함")
        #expect(entry.time.hasPrefix("2026년 3월 15일"))
        historyEvents.end()
    }
}
