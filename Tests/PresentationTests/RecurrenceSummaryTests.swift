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

    @Test(
        "reads as a person says it, in English and in Korean",
        arguments: [
            ("FREQ=MONTHLY;BYDAY=2SU,4SU", "every 2nd and 4th Sunday", "매월 둘째, 넷째 일요일"),
            ("FREQ=MONTHLY;BYDAY=2MO,4MO", "every 2nd and 4th Monday", "매월 둘째, 넷째 월요일"),
            ("FREQ=MONTHLY;BYDAY=2WE,4WE", "every 2nd and 4th Wednesday", "매월 둘째, 넷째 수요일"),
            ("FREQ=MONTHLY;BYMONTHDAY=10,25", "every month on the 10th and 25th", "매월 10일, 25일"),
            ("FREQ=MONTHLY;BYDAY=-1FR", "every last Friday", "매월 마지막 금요일"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day", "매월 마지막 날"),
            (
                "FREQ=MONTHLY;BYDAY=1TU,-1TH", "every month on the 1st Tuesday and the last Thursday",
                "매월 첫째 화요일, 마지막 목요일"
            ),
            (
                "FREQ=MONTHLY;INTERVAL=2;BYDAY=2SU,4SU", "every 2 months on the 2nd and 4th Sunday",
                "2개월마다 둘째, 넷째 일요일"
            ),
            ("FREQ=DAILY", "every day", "매일"),
            ("FREQ=DAILY;INTERVAL=3;COUNT=5", "every 3 days, 5 times", "3일마다 (5회)"),
            ("FREQ=WEEKLY;BYDAY=TU,TH", "every week on Tuesday and Thursday", "매주 화요일, 목요일"),
            (
                "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR", "every 2 weeks on Monday, Wednesday and Friday",
                "2주마다 월요일, 수요일, 금요일"
            ),
            ("FREQ=YEARLY;BYMONTH=6,7;BYMONTHDAY=10", "every year in June and July on the 10th", "매년 6월, 7월 10일"),
            ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "every year in November on the 4th Thursday", "매년 11월 넷째 목요일"),
            (
                "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                "every month on the last of Monday, Tuesday, Wednesday, Thursday and Friday",
                "매월 월요일, 화요일, 수요일, 목요일, 금요일 중 마지막 날"
            ),
            ("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR", "every month on the 13th that is a Friday", "매월 13일 중 금요일"),
            // Daily, weekly, monthly and yearly, with and without an interval.
            ("FREQ=DAILY;INTERVAL=2", "every 2 days", "2일마다"),
            ("FREQ=WEEKLY", "every week", "매주"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "every 2 weeks on Tuesday", "2주마다 화요일"),
            ("FREQ=WEEKLY;BYDAY=SA,SU", "every week on Saturday and Sunday", "매주 토요일, 일요일"),
            ("FREQ=MONTHLY", "every month", "매월"),
            ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1", "every 3 months on the 1st", "3개월마다 1일"),
            ("FREQ=MONTHLY;BYMONTHDAY=25", "every month on the 25th", "매월 25일"),
            ("FREQ=MONTHLY;BYMONTHDAY=-2", "every month on the 2nd to last day", "매월 끝에서 2번째 날"),
            ("FREQ=MONTHLY;BYDAY=1MO", "every 1st Monday", "매월 첫째 월요일"),
            ("FREQ=MONTHLY;BYDAY=3WE", "every 3rd Wednesday", "매월 셋째 수요일"),
            (
                "FREQ=MONTHLY;BYDAY=2MO,4WE", "every month on the 2nd Monday and the 4th Wednesday",
                "매월 둘째 월요일, 넷째 수요일"
            ),
            ("FREQ=MONTHLY;BYDAY=-2SU", "every 2nd to last Sunday", "매월 끝에서 둘째 일요일"),
            ("FREQ=MONTHLY;BYDAY=SU", "every month on Sunday", "매월 일요일"),
            ("FREQ=YEARLY", "every year", "매년"),
            ("FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29", "every 4 years in February on the 29th", "4년마다 2월 29일"),
            ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", "every year in January on the 1st", "매년 1월 1일"),
            ("FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO", "every year in May on the last Monday", "매년 5월 마지막 월요일"),
            // Count.
            ("FREQ=MONTHLY;BYDAY=2SU,4SU;COUNT=24", "every 2nd and 4th Sunday, 24 times", "매월 둘째, 넷째 일요일 (24회)"),
            ("FREQ=WEEKLY;BYDAY=MO;COUNT=1", "every week on Monday, once", "매주 월요일 (1회)"),
            ("FREQ=YEARLY;COUNT=10", "every year, 10 times", "매년 (10회)"),
            // An interval and an UNTIL together.
            (
                "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20260630", "every 2 weeks on Tuesday, until Jun 30, 2026",
                "2주마다 화요일 (2026년 6월 30일까지)"
            ),
            ("FREQ=DAILY;UNTIL=20260101", "every day, until Jan 1, 2026", "매일 (2026년 1월 1일까지)"),
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
