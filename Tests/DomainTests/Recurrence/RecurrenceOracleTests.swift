import ProjectManagerDomain
import ProjectManagerTestSupport
import Testing

/// Every expectation `Scripts/recurrence_oracle.py` wrote with python-dateutil.
@Suite("Recurrence against python-dateutil")
struct RecurrenceOracleTests {
    @Test("the fixture holds at least 300 rules of 60 occurrences, from several first days")
    func fixtureIsLargeEnough() throws {
        let oracle = try RecurrenceOracle.load()

        #expect(Set(oracle.cases.map(\.rule)).count >= 300)
        #expect(Set(oracle.cases.map(\.start)).count >= 5)
        #expect(oracle.occurrencesPerCase == 60)
        #expect(oracle.cases.filter { $0.occurrences.count == 60 }.count >= 1_000)
    }

    @Test("every rule gives dateutil's days, from every first day")
    func everyCaseAgrees() throws {
        // Given
        let oracle = try RecurrenceOracle.load()
        var disagreements: [String] = []
        var compared = 0

        for testCase in oracle.cases {
            // When
            let rule = try RecurrenceRule(parsing: testCase.rule)
            let recurrence = Recurrence(start: Day(testCase.start), rule: rule)
            if testCase.occurrences.isEmpty, rule.end == .never {
                // dateutil searched to the year 9999 and found nothing: a rule that never occurs.
                #expect(throws: RecurrenceError.neverOccurs(rule)) { try recurrence.occurrences() }
                continue
            }
            let days = try recurrence.occurrences().prefix(oracle.occurrencesPerCase).map(\.description)

            // Then
            compared += testCase.occurrences.count
            if days != testCase.occurrences {
                let index =
                    zip(days, testCase.occurrences).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(days.count, testCase.occurrences.count)
                disagreements.append(
                    "\(testCase.rule) from \(testCase.start): occurrence \(index + 1) is "
                        + "\(days.dropFirst(index).first ?? "missing"), dateutil says \(testCase.occurrences.dropFirst(index).first ?? "none")"
                )
            }
        }
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) cases disagree:\n\(disagreements.prefix(20).joined(separator: "\n"))")
        #expect(compared >= 60_000)
    }

    @Test("every rule prints as text that parses back to the same rule")
    func everyRuleRoundTrips() throws {
        let oracle = try RecurrenceOracle.load()
        for text in Set(oracle.cases.map(\.rule)) {
            let rule = try RecurrenceRule(parsing: text)
            #expect(try RecurrenceRule(parsing: rule.description) == rule, "\(text)")
            #expect(try RecurrenceRule(parsing: rule.description).description == rule.description)
        }
    }

    @Test("occurrences from a later day are the tail of the whole list", arguments: [0, 17, 59])
    func laterDayGivesTheTail(skipping: Int) throws {
        let oracle = try RecurrenceOracle.load()
        for testCase in oracle.cases where testCase.occurrences.count == 60 {
            let recurrence = Recurrence(start: Day(testCase.start), rule: try RecurrenceRule(parsing: testCase.rule))
            let from = Day(testCase.occurrences[skipping])

            let tail = try recurrence.occurrences(from: from).prefix(60 - skipping).map(\.description)

            #expect(tail == Array(testCase.occurrences.dropFirst(skipping)), "\(testCase.rule) from \(testCase.start)")
        }
    }
}
