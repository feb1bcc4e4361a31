/// The colour of a label: Trello's ten colours, or none.
///
/// Newer exports add a light and a dark shade of each colour (`"green_light"`, `"red_dark"`);
/// each reads as its base colour.
///
/// ```swift
/// LabelColour(trelloName: "sky_dark")    // .sky
/// LabelColour(trelloName: nil)           // .none
/// ```
public enum LabelColour: String, Hashable, Sendable, CaseIterable, Codable {
    /// `green`.
    case green
    /// `yellow`.
    case yellow
    /// `orange`.
    case orange
    /// `red`.
    case red
    /// `purple`.
    case purple
    /// `blue`.
    case blue
    /// `sky`: light blue.
    case sky
    /// `lime`: light green.
    case lime
    /// `pink`.
    case pink
    /// `black`.
    case black
    /// No colour: Trello's `null`.
    case none

    /// The colour Trello names `trelloName` (`"green"`, `"green_light"`, `"green_dark"`), `none`
    /// for `nil`, or `nil` for a name that is not one of Trello's colours.
    public init?(trelloName: String?) {
        guard let trelloName else {
            self = .none
            return
        }
        var base = Substring(trelloName)
        for suffix in ["_light", "_dark"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
        }
        guard let colour = LabelColour(rawValue: String(base)), colour != .none else { return nil }
        self = colour
    }
}
