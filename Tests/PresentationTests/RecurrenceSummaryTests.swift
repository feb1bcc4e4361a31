import Foundation
import ProjectManager
import ProjectManagerPresentation
import Testing

@Suite("Repeat rules in words")
struct RecurrenceSummaryTests {
    static func localizer(_ identifier: String) -> Localizer {
        Localizer(
            locale: Locale(identifier: identifier), calendar: Calendar(identifier: .gregorian),
            timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
    }

    @Test("reads as a person says it, in English and in Korean", arguments: [
        ("FREQ=MONTHLY;BYDAY=2SU,4SU", "every 2nd and 4th Sunday", "매월 둘째, 넷째 일요일"),
        ("FREQ=MONTHLY;BYDAY=2MO,4MO", "every 2nd and 4th Monday", "매월 둘째, 넷째 월요일"),
        ("FREQ=MONTHLY;BYDAY=2WE,4WE", "every 2nd and 4th Wednesday", "매월 둘째, 넷째 수요일"),
        ("FREQ=MONTHLY;BYMONTHDAY=10,25", "every month on the 10th and 25th", "매월 10일, 25일"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "every last Friday", "매월 마지막 금요일"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day", "매월 마지막 날"),
        ("FREQ=MONTHLY;BYDAY=1TU,-1TH", "every month on the 1st Tuesday and the last Thursday",
         "매월 첫째 화요일, 마지막 목요일"),
        ("FREQ=MONTHLY;INTERVAL=2;BYDAY=2SU,4SU", "every 2 months on the 2nd and 4th Sunday",
         "2개월마다 둘째, 넷째 일요일"),
        ("FREQ=DAILY", "every day", "매일"),
        ("FREQ=DAILY;INTERVAL=3;COUNT=5", "every 3 days, 5 times", "3일마다 (5회)"),
        ("FREQ=WEEKLY;BYDAY=TU,TH", "every week on Tuesday and Thursday", "매주 화요일, 목요일"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR", "every 2 weeks on Monday, Wednesday and Friday",
         "2주마다 월요일, 수요일, 금요일"),
        ("FREQ=YEARLY;BYMONTH=6,7;BYMONTHDAY=10", "every year in June and July on the 10th", "매년 6월, 7월 10일"),
        ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "every year in November on the 4th Thursday", "매년 11월 넷째 목요일"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
         "every month on the last of Monday, Tuesday, Wednesday, Thursday and Friday",
         "매월 월요일, 화요일, 수요일, 목요일, 금요일 중 마지막 날"),
        ("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR", "every month on the 13th that is a Friday", "매월 13일 중 금요일"),
    ])
    func summaries(text: String, english: String, korean: String) throws {
        let rule = try RecurrenceRule(parsing: text)

        #expect(Self.localizer("en_US").summary(of: rule) == english)
        #expect(Self.localizer("ko_KR").summary(of: rule) == korean)
    }

    @Test("an UNTIL rule ends with its last day, written as the locale writes dates")
    func until() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2SU,4SU;UNTIL=20271231")

        #expect(Self.localizer("en_US").summary(of: rule) == "every 2nd and 4th Sunday, until Dec 31, 2027")
        #expect(Self.localizer("ko_KR").summary(of: rule) == "매월 둘째, 넷째 일요일 (2027년 12월 31일까지)")
    }
}
