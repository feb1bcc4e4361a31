import ProjectManagerDomain
import Testing

@Suite("Invisible controls: what no title, name or text may hold")
struct InvisibleControlTests {
    @Test("an invisible control is a C0 or C1 control or a bidirectional control, ASCII told without a table")
    func invisibleControls() throws {
        for value in UInt32(0)..<0x80 {
            let scalar = try #require(Unicode.Scalar(value))
            let isControl = scalar.properties.generalCategory == Unicode.GeneralCategory.control
            #expect(ProjectRules.isInvisibleControl(scalar) == isControl)
        }
        let invisible: [Unicode.Scalar] = ["\u{85}", "\u{9F}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"]
        let visible: [Unicode.Scalar] = ["\u{A0}", "é", "한", "\u{1F600}", "\u{2028}"]
        #expect(invisible.allSatisfy(ProjectRules.isInvisibleControl))
        #expect(!visible.contains(where: ProjectRules.isInvisibleControl))
    }
}
