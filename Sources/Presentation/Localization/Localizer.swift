import Foundation
import ProjectManagerDomain

/// Writes every user-facing text of the screens: phrases in the locale's language, and dates and
/// times for the locale in the injected calendar and time zone.
///
/// Inject a fixed one in tests so that nothing depends on the machine's settings:
/// ```swift
/// let localizer = Localizer(
///     locale: Locale(identifier: "ko_KR"),
///     calendar: Calendar(identifier: .gregorian),
///     timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
/// localizer(.state(.doing))                              // "진행 중"
/// localizer.deadline(Day(year: 2026, month: 3, day: 20)) // "2026년 3월 20일"
/// ```
///
/// A front end that lines dates up in columns, such as a terminal, asks for ``DateStyle/numeric``
/// dates: the phrases stay in the locale's language, the dates read `2026-03-20`.
public struct Localizer: Sendable {
    /// The locale dates and times are formatted for.
    public let locale: Locale
    /// The language of the phrases, chosen by ``locale``.
    public let language: Language
    /// The calendar, with ``timeZone`` set on it.
    public let calendar: Calendar
    /// How deadlines and times are written.
    public let dateStyle: DateStyle

    /// A localizer for `locale`, reading days and times in `calendar` at `timeZone`.
    /// - Parameter dateStyle: How deadlines and times are written; the locale's way unless told.
    public init(locale: Locale, calendar: Calendar, timeZone: TimeZone, dateStyle: DateStyle = .locale) {
        var calendar = calendar
        calendar.timeZone = timeZone
        calendar.locale = locale
        self.locale = locale
        self.language = Language(locale: locale)
        self.calendar = calendar
        self.dateStyle = dateStyle
    }

    /// The time zone days and times are read in.
    public var timeZone: TimeZone { calendar.timeZone }

    /// The text of `phrase` in ``language``.
    public func callAsFunction(_ phrase: Phrase) -> String {
        language.text(for: phrase)
    }

    /// A deadline as the locale writes a date: "Mar 20, 2026", "2026년 3월 20일"; in the
    /// ``DateStyle/numeric`` style, "2026-03-20".
    ///
    /// A day that does not exist is written `YYYY-MM-DD`.
    public func deadline(_ day: Day) -> String {
        guard dateStyle == .locale, let start = day.start(in: calendar) else { return day.description }
        return Date.FormatStyle(
            date: .abbreviated, time: .omitted, locale: locale, calendar: calendar, timeZone: timeZone
        ).format(start)
    }

    /// An instant as the locale writes a date and a time: "Mar 15, 2026 at 12:00 PM"; in the
    /// ``DateStyle/numeric`` style, "2026-03-15 12:00".
    public func time(_ date: Date) -> String {
        guard dateStyle == .locale else { return numericTime(date) }
        return Date.FormatStyle(
            date: .abbreviated, time: .shortened, locale: locale, calendar: calendar, timeZone: timeZone
        ).format(date)
    }

    /// `YYYY-MM-DD HH:MM`, on a 24-hour clock, in ``timeZone``.
    private func numericTime(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let clock = [parts.hour ?? 0, parts.minute ?? 0].map { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(Day(containing: date, in: calendar)) \(clock.joined(separator: ":"))"
    }
}
