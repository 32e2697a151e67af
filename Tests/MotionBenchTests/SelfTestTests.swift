import CSystemShim
import Testing

@testable import MotionBench

@Suite struct SelfTestTests {
    /// A short lenient run: the probe must find every load thread by name and read it near its truth,
    /// and the memory checks must follow the 64 MiB; a broken probe fails here, a busy machine does not.
    @Test func lenientSelfTestPassesAndReportsEveryCheck() {
        var lines: [String] = []
        let report = SelfTest.run(loadSeconds: 1, lenient: true) { lines.append($0) }
        let names = report.checks.map(\.name)
        for load in ["mb-load-25", "mb-load-50", "mb-load-75"] {
            #expect(names.contains("CPU of \(load)"))
        }
        #expect(names.contains("resident size rise after touching 64 MiB"))
        // Under a sanitizer (swift test --sanitize=thread) shadow memory doubles what a touch makes
        // resident, so the memory checks are skipped, saying why, rather than failed.
        let memory = report.checks.filter { $0.unit == "MiB" }
        if mb_loaded_sanitizer() != nil {
            #expect(memory.allSatisfy { $0.outcome == .skipped && $0.detail.contains("shadows every page") })
        } else {
            #expect(memory.allSatisfy { $0.outcome == .passed })
        }
        // The allocation checks count the case's worker threads by name, and other suites' workloads
        // run theirs in this process at the same time: they are judged in a process of their own
        // (`SelfTestCommandTests`).
        let judged = report.checks.filter { !$0.name.hasPrefix("allocations") && !$0.name.hasPrefix("bytes allocated") }
        #expect(judged.allSatisfy { $0.outcome != .failed }, "\(lines.joined(separator: "\n"))")
        #expect(lines.count >= report.checks.count)
    }
}
