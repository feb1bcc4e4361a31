import ProjectManager
import ProjectManagerPresentation
import ProjectManagerTestSupport
import Testing

@MainActor
@Suite("The project form's repeat field", .timeLimit(.minutes(10)))
struct RepeatFieldTests {
    /// Text that is not a rule, and what the field says in English and in Korean.
    nonisolated static let invalidRules: [(text: String, english: String, korean: String)] = [
        ("FREQ=MONTHLY;BYDAY=5XX", "BYDAY=5XX is not a valid value.", "BYDAY=5XX은(는) 올바른 값이 아닙니다."),
        ("FREQ=DAILY;COUNT=3;UNTIL=20261231", "Give COUNT or UNTIL, not both.", "COUNT와 UNTIL 중 하나만 쓰세요."),
        (
            "FREQ=WEEKLY;BYDAY=2MO", "BYDAY=2MO: only monthly and yearly rules can number weekdays.",
            "BYDAY=2MO: 몇째 요일은 매월, 매년 규칙에만 쓸 수 있습니다."
        ),
        (
            "BYDAY=SU", "Start the rule with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY.",
            "규칙을 FREQ=DAILY, WEEKLY, MONTHLY, YEARLY 중 하나로 시작하세요."
        ),
        ("FREQ=HOURLY", "FREQ=HOURLY is not a valid value.", "FREQ=HOURLY은(는) 올바른 값이 아닙니다."),
        (
            "FREQ=DAILY;BYHOUR=9", "BYHOUR is not supported: repeat rules are over whole days.",
            "BYHOUR은(는) 지원하지 않습니다. 반복 규칙은 날짜 단위입니다."
        ),
        ("FREQ=DAILY;COLOR=RED", "COLOR is not a repeat rule part.", "COLOR은(는) 반복 규칙에 없는 부분입니다."),
        ("FREQ=DAILY;FREQ=WEEKLY", "FREQ is given twice: give it once.", "FREQ이(가) 두 번 있습니다. 한 번만 쓰세요."),
        (
            "FREQ=WEEKLY;BYMONTHDAY=1", "A weekly rule cannot have BYMONTHDAY: use BYDAY, or FREQ=MONTHLY.",
            "매주 규칙에는 BYMONTHDAY를 쓸 수 없습니다. BYDAY나 FREQ=MONTHLY를 쓰세요."
        ),
        (
            "FREQ=MONTHLY;BYSETPOS=1", "BYSETPOS needs another BY part to choose from.",
            "BYSETPOS에는 고를 대상이 되는 다른 BY 부분이 필요합니다."
        ),
        (
            "FREQ", "'FREQ' is not a rule part: write NAME=VALUE parts separated by ';'.",
            "'FREQ'은(는) 규칙의 부분이 아닙니다. 이름=값을 ';'로 나누어 쓰세요."
        ),
    ]

    /// Opens the create form in `locale`, sends `events`, and closes it.
    static func fill(_ events: [CreateProjectViewModel.Event], locale: String = "en_US") async
        -> (app: TestApp, canSave: [Bool], messages: ValidationMessages?, summaries: [String?], saved: [Project])
    {
        let app = TestApp(locale: locale)
        let input = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject().transform(.init(events: input.stream))
        for event in events { input.send(event) }
        input.end()
        return (
            app, await Probe(output.canSave).rest(), await Probe(output.validationMessages).rest().last,
            await Probe(output.repeatSummary).rest(), await Probe(output.saveCompleted).rest()
        )
    }

    @Test(
        "text that is not a rule keeps the form from saving, with a message naming the part, in English and Korean",
        arguments: invalidRules)
    func invalidText(text: String, english: String, korean: String) async throws {
        for (locale, message) in [("en_US", english), ("ko_KR", korean)] {
            let form = await Self.fill([.title("Mart closed"), .repeatRule(text), .save], locale: locale)

            #expect(form.canSave.last == false)
            #expect(form.messages?[.repeatRule] == [message])
            #expect(form.summaries.last == .some(nil))
            #expect(form.saved.isEmpty)
            #expect(try await form.app.engine.fetchBoard().projects.isEmpty)
        }
    }

    @Test(
        "a rule shows its summary under the field and saves a repeating project due on its first occurrence from today")
    func validRule() async throws {
        // The test clock reads 2026-03-15 (a Sunday, the third of the month).
        let form = await Self.fill([.title("이마트 휴무"), .repeatRule(" freq=monthly;byday=2su,4su "), .save])

        #expect(form.summaries == [nil, "every 2nd and 4th Sunday"])
        let project = try #require(form.saved.first)
        #expect(
            project.recurrence
                == Recurrence(start: Day("2026-03-15"), rule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU"))
                .owing(from: Day("2026-03-15")))
        #expect(project.deadline == Day("2026-03-22"))
    }

    @Test(
        "the summary follows the locale, and fixing the text clears its message",
        arguments: [
            ("en_US", "every 2nd and 4th Sunday"), ("ko_KR", "매월 둘째, 넷째 일요일"),
        ])
    func summaryFollowsTheText(locale: String, summary: String) async throws {
        let form = await Self.fill(
            [.title("Mart"), .repeatRule("FREQ=MONTHLY;BYDAY=2SU,4"), .repeatRule("FREQ=MONTHLY;BYDAY=2SU,4SU")],
            locale: locale)

        #expect(form.canSave == [false, true, false, true])
        #expect(form.summaries == [nil, summary])
        #expect(form.messages?[.repeatRule] == [])
    }

    @Test("blank or none is a project done once", arguments: ["", "  ", "none", "NONE"])
    func noRepeat(text: String) async throws {
        let form = await Self.fill([.title("Once"), .repeatRule("FREQ=DAILY"), .repeatRule(text), .save])

        #expect(form.summaries == [nil, "every day", nil])
        #expect(try #require(form.saved.first).recurrence == nil)
    }

    @Test("a rule with no day left is refused on save: the message is under the repeat field until it changes")
    func refusedOnSave() async throws {
        let app = TestApp()
        let input = Events<CreateProjectViewModel.Event>()
        let output = app.screens.makeCreateProject().transform(.init(events: input.stream))
        let messages = Probe(output.validationMessages)

        input.send(.title("Too late"), .repeatRule("FREQ=WEEKLY;UNTIL=20260301"), .save)
        input.send(.title("Still too late"))
        input.send(.repeatRule("FREQ=WEEKLY;UNTIL=20261231"), .save)
        input.end()

        let shown = await messages.rest()
        let refused = "This rule has no day left from 2026-03-15 on: change its COUNT or UNTIL."
        #expect(shown.contains { $0[.repeatRule] == [refused] })
        #expect(shown.last?[.repeatRule] == [])
        #expect(await Probe(output.errors).rest() == ["Not saved: fix the fields marked below."])
        #expect(try await app.engine.fetchBoard().projects.map(\.title) == ["Still too late"])
    }

    @Test("the update form shows the project's rule and can take it away")
    func updateForm() async throws {
        let app = TestApp(locale: "ko_KR")
        let mart = try await app.engine.createProject(
            ProjectDraft(title: "Mart", repeatRule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU")))
        let input = Events<UpdateProjectViewModel.Event>()
        let output = app.screens.makeUpdateProject(mart.id).transform(.init(events: input.stream))

        input.send(.repeatRule("none"), .beginEditing, .repeatRule("none"), .save)
        input.end()

        #expect(output.repeatLabel == "반복")
        #expect(await Probe(output.content).rest().first?.repeatRule == RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU"))
        #expect(await Probe(output.repeatSummary).rest() == ["매월 둘째, 넷째 일요일", nil])
        let saved = try #require(await Probe(output.saveCompleted).rest().first)
        #expect(saved.recurrence == nil)
        #expect(saved.deadline == Day("2026-03-22"))
    }

    @Test("a board row of a repeating project says how it repeats, and its deadline is the next occurrence")
    func boardRow() async throws {
        let app = TestApp()
        _ = try await app.engine.createProject(
            ProjectDraft(title: "Mart", repeatRule: RecurrenceRule("FREQ=MONTHLY;BYDAY=2SU,4SU")))
        _ = try await app.add("Once", deadline: Day("2026-03-20"))
        let input = Events<BoardViewModel.Event>()
        let output = app.screens.makeBoard().transform(.init(events: input.stream))

        input.send(.appear)
        input.end()

        let rows = try #require(await Probe(output.snapshots).rest().last).sections[0].rows
        #expect(rows.map(\.repeatSummary) == ["every 2nd and 4th Sunday", nil])
        #expect(rows.map(\.deadline) == ["Mar 22, 2026", "Mar 20, 2026"])
    }
}
