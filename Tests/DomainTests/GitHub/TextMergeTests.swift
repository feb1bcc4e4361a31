import Foundation
import ProjectManagerDomain
import Testing

@Suite("Three-way merge by lines")
struct TextMergeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var base: String
        var ours: String
        var theirs: String
        var merged: String
        var conflicts: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing changed", base: "a\nb", ours: "a\nb", theirs: "a\nb", merged: "a\nb", conflicts: 0),
        Case(name: "ours only", base: "a\nb", ours: "A\nb", theirs: "a\nb", merged: "A\nb", conflicts: 0),
        Case(name: "theirs only", base: "a\nb", ours: "a\nb", theirs: "a\nB", merged: "a\nB", conflicts: 0),
        Case(
            name: "different lines", base: "a\nb\nc", ours: "A\nb\nc", theirs: "a\nb\nC", merged: "A\nb\nC",
            conflicts: 0),
        Case(name: "the same change", base: "a\nb", ours: "a\nX", theirs: "a\nX", merged: "a\nX", conflicts: 0),
        Case(
            name: "the same line, differently", base: "a\nb\nc", ours: "a\nours\nc", theirs: "a\ntheirs\nc",
            merged: "a\ntheirs\nc", conflicts: 1),
        Case(
            name: "lines added at both ends", base: "m", ours: "top\nm", theirs: "m\nbottom", merged: "top\nm\nbottom",
            conflicts: 0),
        Case(
            name: "a line deleted here, another added there", base: "a\nb\nc", ours: "a\nc", theirs: "a\nb\nc\nd",
            merged: "a\nc\nd", conflicts: 0),
        Case(
            name: "both insert at the same place", base: "a\nz", ours: "a\nours\nz", theirs: "a\ntheirs\nz",
            merged: "a\ntheirs\nz", conflicts: 1),
        Case(name: "an empty base", base: "", ours: "mine", theirs: "", merged: "mine", conflicts: 0),
        Case(
            name: "a body cut here, whole there, edited at the top here", base: "one\ntwo\nthr…",
            ours: "ONE\ntwo\nthr…", theirs: "one\ntwo\nthree\nfour", merged: "ONE\ntwo\nthree\nfour", conflicts: 0),
    ]

    @Test("merges as diff3 does, GitHub's side kept in a conflict", arguments: cases)
    func merge(_ testCase: Case) {
        let result = TextMerge.merge(base: testCase.base, ours: testCase.ours, theirs: testCase.theirs)
        #expect(result.text == testCase.merged)
        #expect(result.conflicts == testCase.conflicts)
    }
}

@Suite("Text from GitHub as a card holds it")
struct GitHubTextTests {
    @Test("a title loses its controls and line breaks, is cut with a mark, and is never empty")
    func title() {
        #expect(GitHubText.cardTitle("\u{1b}[2JFix\u{7} \u{202E}it\nnow", number: 3) == "[2JFix it now")
        #expect(GitHubText.cardTitle(" \u{7} ", number: 3) == "#3")
        let long = GitHubText.cardTitle(String(repeating: "x", count: 300), number: 1)
        #expect(long.count == ProjectRules.titleLimit && long.hasSuffix(GitHubText.cutMark))
        #expect(ProjectRules.failures(title: long).isEmpty)
    }

    @Test("a body keeps its lines as \\n, loses its controls and the card's marker, and is cut to fit")
    func body() throws {
        let id = Project.ID(rawValue: try #require(UUID(uuidString: "00000000-0000-4000-8000-00000000000A")))
        let sent = GitHubText.body("notes\r\nmore\u{1b}[0m", markedFor: id)
        #expect(GitHubText.project(markedIn: sent) == id)
        #expect(GitHubText.normalizedBody(sent) == "notes\nmore[0m")
        #expect(GitHubText.cardBody(String(repeating: "b", count: 2_000)).count == ProjectRules.bodyLimit)
    }
}
