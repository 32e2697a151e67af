import Foundation
import Testing

/// `selftest` in a process of its own, where no other test's threads run beside its cases: every
/// check passes, the exact allocation counts included.
@Suite struct SelfTestCommandTests {
    @Test func theLenientSelfTestPassesEveryCheckInItsOwnProcess() throws {
        let outcome = try CLI.run(["selftest", "--lenient", "--seconds", "1"])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        let checks = outcome.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") || $0.hasPrefix("SKIP") }
        #expect(checks.contains { $0.contains("allocations per sample (realtime)") }, "\(outcome.stdout)")
        #expect(!checks.contains { $0.hasPrefix("FAIL") }, "\(outcome.stdout)")
    }
}
