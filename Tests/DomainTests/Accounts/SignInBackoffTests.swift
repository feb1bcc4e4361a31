import Foundation
import ProjectManagerDomain
import Testing

@Suite("Sign-in backoff")
struct SignInBackoffTests {
    @Test(
        "four failures cost nothing; the fifth waits 30 s, then each failure doubles the wait, up to an hour",
        arguments: [(1, 0.0), (4, 0), (5, 30), (6, 60), (7, 120), (8, 240), (11, 1_920), (12, 3_600), (40, 3_600)])
    func delays(failures: Int, seconds: Double) {
        #expect(SignInBackoff().delay(afterFailures: failures) == seconds)
    }

    @Test("failures counted at a clock's times give the time to retry, and the wait ends when it passes")
    func counting() {
        let start = Date(timeIntervalSince1970: 1_773_576_000)
        var failures = FailedSignIns()
        for second in 0..<4 {
            failures.recordFailure(at: start.addingTimeInterval(Double(second)), backoff: SignInBackoff())
            #expect(failures.waitsUntil(now: start.addingTimeInterval(Double(second))) == nil)
        }
        failures.recordFailure(at: start.addingTimeInterval(10), backoff: SignInBackoff())
        #expect(failures.count == 5)
        #expect(failures.waitsUntil(now: start.addingTimeInterval(39)) == start.addingTimeInterval(40))
        #expect(failures.waitsUntil(now: start.addingTimeInterval(40)) == nil)
    }
}
