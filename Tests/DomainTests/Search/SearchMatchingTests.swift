import Foundation
import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// Projects with these titles and bodies, the nth changed n minutes after the test clock's start.
func searchFixture(_ texts: [(title: String, body: String)]) -> [Project] {
    texts.enumerated().map { index, text in
        Project(
            id: Project.ID(rawValue: SequentialIDs.id(index + 1)), boardID: .default, title: text.title,
            body: text.body, createdAt: TestClock.defaultStart,
            updatedAt: TestClock.defaultStart.addingTimeInterval(Double(index) * 60))
    }
}

/// The titles of the projects `query` finds among projects with these titles, best first.
func titlesFound(_ query: String, in titles: [String]) -> [String] {
    SearchQuery(query).results(in: searchFixture(titles.map { ($0, "") })).items.map(\.project.title)
}

@Suite("Search matching")
struct SearchMatchingTests {
    static let nfcCafe = "Caf\u{E9} opening"
    static let nfdCafe = "Cafe\u{301} opening"
    static let nfcReport = "\u{BCF4}\u{ACE0}\u{C11C}"  // 보고서, composed
    static let nfdReport = "\u{1107}\u{1169}\u{1100}\u{1169}\u{1109}\u{1165}"  // 보고서, decomposed

    @Test(
        "a decomposed (NFD) query finds a composed (NFC) title and the reverse",
        arguments: [
            (nfdCafe, "caf\u{E9}"), (nfcCafe, "cafe\u{301}"), (nfdReport, nfcReport), (nfcReport, nfdReport),
        ])
    func normalisation(title: String, query: String) {
        #expect(title.unicodeScalars.elementsEqual(query.unicodeScalars) == false)
        #expect(titlesFound(query, in: [title, "Something else"]) == [title])
    }

    @Test(
        "full-width Latin, case and diacritics fold away",
        arguments: [
            ("ＲＥＰＯＲＴ for Ｑ４", "report q4"), ("Quarterly report", "ＲＥＰＯＲＴ"), ("REPORT", "report"),
            ("report", "RePoRt"), ("Café", "cafe"), ("Ärger über Öl", "arger uber ol"), ("Straße", "STRASSE"),
            ("ｶﾀｶﾅ", "カタカナ"),
        ])
    func folding(title: String, query: String) {
        #expect(titlesFound(query, in: [title, "Something else"]) == [title])
    }

    @Test("ㅂㄱㅅ finds 보고서 and not 바다, in either normal form")
    func initialConsonants() {
        let titles = [Self.nfcReport, "바다", "보고", "서류 보관"]
        #expect(titlesFound("ㅂㄱㅅ", in: titles) == [Self.nfcReport])
        #expect(titlesFound("ㅂㄱㅅ", in: [Self.nfdReport, "바다"]) == [Self.nfdReport])
        // The conjoining leading consonants (as NFD text types them) count as initials too.
        #expect(titlesFound("\u{1107}\u{1100}\u{1109}", in: titles) == [Self.nfcReport])
        #expect(titlesFound("ㅂㄷ", in: titles) == ["바다"])
        #expect(titlesFound("ㅎ", in: titles).isEmpty)
    }

    @Test("mixed syllables and consonants: 보ㄱ finds 보고서, ㅂ고 too, and 보ㄷ does not")
    func mixedQueries() {
        let titles = [Self.nfcReport, "보다", "바다"]
        #expect(titlesFound("보ㄱ", in: titles) == [Self.nfcReport])
        #expect(titlesFound("ㅂ고", in: titles) == [Self.nfcReport])
        #expect(titlesFound("보고ㅅ", in: titles) == [Self.nfcReport])
        #expect(titlesFound("보ㄷ", in: titles) == ["보다"])
        #expect(titlesFound("바ㄱ", in: titles).isEmpty)
        // A whole syllable matches itself only, not a syllable that merely begins like it.
        #expect(titlesFound("복", in: titles + ["복사"]) == ["복사"])
    }

    @Test("every word of a query is required, in the title or the body")
    func severalWords() {
        let projects = searchFixture([
            ("Quarterly report", "for the board"), ("Quarterly review", "no report"), ("Annual report", ""),
            ("분기 보고서", "이사회용"),
        ])
        func found(_ query: String) -> [String] {
            SearchQuery(query).results(in: projects).items.map(\.project.title).sorted()
        }
        #expect(found("quarterly report") == ["Quarterly report", "Quarterly review"])
        #expect(found("report board") == ["Quarterly report"])
        #expect(found("report  annual\u{3000}") == ["Annual report"])
        #expect(found("ㅂㄱㅅ 이사회") == ["분기 보고서"])
        #expect(found("report missing").isEmpty)
    }

    @Test("an empty or blank query finds nothing")
    func emptyQuery() {
        #expect(SearchQuery("").isEmpty)
        #expect(SearchQuery(" \t\u{3000}").isEmpty)
        #expect(titlesFound("   ", in: ["report"]).isEmpty)
    }

    @Test("ranks title before body, whole word before prefix before infix, then recent first")
    func ranking() {
        // Given: fixture order is oldest first, so later entries are more recent.
        let projects = searchFixture([
            ("Body whole, older", "the plan is here"),
            ("Title infix: replanning", ""),
            ("Title prefix: planning", ""),
            ("Body prefix", "planning ahead"),
            ("Title whole: plan A", ""),
            ("Body infix", "replanned"),
            ("Body whole, newer", "a plan"),
            ("Title whole: plan B, newest", ""),
            ("Unrelated", "nothing"),
        ])

        // When
        let results = SearchQuery("plan").results(in: projects)

        // Then
        #expect(
            results.items.map(\.project.title) == [
                "Title whole: plan B, newest", "Title whole: plan A", "Title prefix: planning",
                "Title infix: replanning", "Body whole, newer", "Body whole, older", "Body prefix", "Body infix",
            ])
        #expect(
            results.items.map(\.relevance.kind) == [
                .wholeWord, .wholeWord, .prefix, .infix, .wholeWord, .wholeWord, .prefix, .infix,
            ])
        #expect(results.items.map(\.relevance.field) == [.title, .title, .title, .title, .body, .body, .body, .body])
        #expect(results.totalCount == 8)
        #expect(SearchQuery("plan").results(in: projects, limit: 2).items.count == 2)
        #expect(SearchQuery("plan").results(in: projects, limit: 2).totalCount == 8)
    }

    @Test("with several words, the weakest word decides: all in the title ranks first")
    func rankingSeveralWords() {
        let projects = searchFixture([("Report", "quarterly"), ("Quarterly report", ""), ("Report Q", "quarterly")])
        #expect(
            SearchQuery("quarterly report").results(in: projects).items.map(\.project.title).first == "Quarterly report"
        )
    }

    @Test("a Korean particle after a word makes a prefix match, ranked after a whole word")
    func koreanPrefix() {
        #expect(titlesFound("보고서", in: ["보고서를 쓰다", "주간 보고서", "업무보고서"]) == ["주간 보고서", "보고서를 쓰다", "업무보고서"])
    }
}

@Suite("Search match ranges")
struct SearchRangeTests {
    /// The matched substrings of the first result's title and body.
    static func highlighted(_ query: String, title: String, body: String = "") throws -> (
        title: [String], body: [String]
    ) {
        let results = SearchQuery(query).results(in: searchFixture([(title, body)]))
        let result = try #require(results.items.first)
        return (result.titleMatchIndices.map { String(title[$0]) }, result.bodyMatchIndices.map { String(body[$0]) })
    }

    @Test(
        "ranges point at the right characters after emoji and Korean",
        arguments: [
            ("🎉 보고서 작성 👍🏽 Report", "report", ["Report"]),
            ("🎉 보고서 작성 👍🏽 Report", "작성", ["작성"]),
            ("👨‍👩‍👧 가족 여행 🇰🇷 계획", "ㄱㅎ", ["계획"]),
            ("👨‍👩‍👧 가족 여행 🇰🇷 계획", "여행 가족", ["가족", "여행"]),
            ("Caf\u{E9} 😀 cafe\u{301}", "CAFÉ", ["Caf\u{E9}", "cafe\u{301}"]),
            ("ﬁle the ﬁnal ＦＩＬＥ", "file", ["ﬁle", "ＦＩＬＥ"]),
            ("plan, replan\r\nplanning", "plan", ["plan", "plan", "plan"]),
        ])
    func titleRanges(title: String, query: String, expected: [String]) throws {
        #expect(try Self.highlighted(query, title: title).title == expected)
    }

    @Test("ranges in decomposed Korean cover whole characters")
    func decomposedKorean() throws {
        let title = "\u{1107}\u{1169}\u{1100}\u{1169}\u{1109}\u{1165} \u{110B}\u{1161}\u{11AB}"  // 보고서 안, NFD
        let results = SearchQuery("ㄱㅅ").results(in: searchFixture([(title, "")]))
        let result = try #require(results.items.first)
        #expect(result.titleMatches == [1..<3])
        #expect(result.titleMatchIndices.map { String(title[$0]) } == ["\u{1100}\u{1169}\u{1109}\u{1165}"])
        #expect(result.relevance == SearchRelevance(field: .title, kind: .infix))
    }

    @Test("character offsets count grapheme clusters, and the body has its own")
    func offsets() throws {
        let results = SearchQuery("보고서").results(in: searchFixture([("😀 보고서", "👍🏽👍🏽 주간 보고서")]))
        let result = try #require(results.items.first)
        #expect(result.titleMatches == [2..<5])
        #expect(result.bodyMatches == [6..<9])
        #expect(try Self.highlighted("보고서", title: "😀 보고서", body: "👍🏽👍🏽 주간 보고서").body == ["보고서"])
    }

    @Test("a mixed query matches after a character that folds to two syllables, and the signature keeps it")
    func mixedQueryAfterMultiSyllableCharacter() throws {
        // ㉼ (U+327C) folds to 참고: 고 ends a unit it does not begin.
        let project = try #require(searchFixture([("\u{327C}사항", "")]).first)
        let document = SearchDocument(project)
        #expect(document.rank(for: SearchQuery("참고ㅅ")) != nil)
        #expect(document.rank(for: SearchQuery("ㅊㄱㅅ")) == nil)
        #expect(try Self.highlighted("참고ㅅ", title: project.title).title == ["\u{327C}사"])
    }

    @Test(
        "the quick signature test never rejects a project that matches",
        arguments: [
            "ㅂㄱㅅ", "보ㄱ", "ㅂ고", "고서", "ㄱ서", "report", "ＦＩ", "cafe", "👍🏽", "an", "ㄱㅎ", "ss", "참고ㅅ", "고ㅅ", "ㅊ고",
            "ㅊㄱㅅ", "여ㅎ", "ㅇ행", "족 ㅇㅎ",
        ])
    func signatureKeepsMatches(query: String) {
        let titles = [
            "보고서", "주간 보고서", "Report", "ﬁle ＦＩＬＥ", "Café", "👍🏽 done", "가족 여행 🇰🇷 계획", "Straße", "안녕",
            // One character that folds to two syllables (참고), then one more.
            "\u{327C}사항", "보고\u{1109}\u{1165}",
        ]
        let search = SearchQuery(query)
        for project in searchFixture(titles.map { ($0, "") }) {
            let document = SearchDocument(project)
            let matches = !document.matches(for: search).title.isEmpty
            if matches { #expect(document.mayMatch(search), "\(query) in \(project.title)") }
            #expect((document.rank(for: search) != nil) == matches, "\(query) in \(project.title)")
        }
    }
}
