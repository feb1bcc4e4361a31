import Foundation

/// A language the screens are written in.
public enum Language: String, Hashable, Sendable, CaseIterable {
    /// English, the language for every locale without a table of its own.
    case english = "en"
    /// Korean.
    case korean = "ko"

    /// The language for `locale`: Korean for a Korean locale, English otherwise.
    public init(locale: Locale) {
        self = locale.language.languageCode == .korean ? .korean : .english
    }

    /// The language's text for `phrase`, from the language's one table.
    public func text(for phrase: Phrase) -> String {
        switch self {
        case .english: EnglishPhrases.text(for: phrase)
        case .korean: KoreanPhrases.text(for: phrase)
        }
    }
}
