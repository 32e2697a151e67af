import MotionBench
import Testing

@testable import MotionBenchCLI
@testable import MotionResults

/// `compare --tolerance METRIC=RELATIVE%,ABSOLUTE`, read into the library's settings.
@Suite struct ToleranceOptionTests {
    @Test func tolerancesParseFromTheCommandLineSyntax() throws {
        var settings = ComparisonSettings()
        #expect(settings.tolerance(for: .cpuNsPerSample) == MetricTolerance(relativePct: 10, absolute: 0), "the runs' resolution is the rest")
        try settings.applyTolerance("cpu_ns_per_sample=15%,50")
        #expect(settings.tolerance(for: .cpuNsPerSample) == MetricTolerance(relativePct: 15, absolute: 50))
        try settings.applyTolerance("peak_rss_mib=5")
        #expect(settings.tolerance(for: .peakRssMiB) == MetricTolerance(relativePct: 10, absolute: 5), "the relative part kept")
        try settings.applyTolerance("lateness_p99_us=1000, 80%")
        #expect(settings.tolerance(for: .latenessP99Us) == MetricTolerance(relativePct: 80, absolute: 1000), "either order")
        try settings.applyTolerance("attitude_error_deg=0%")
        #expect(settings.tolerance(for: .attitudeErrorDeg) == MetricTolerance(relativePct: 0, absolute: 0.2))
    }

    @Test(arguments: [
        ("cpu_ns_per_sample", "is not METRIC=RELATIVE%,ABSOLUTE"),
        ("cpu=10%", "unknown metric 'cpu'; one of cpu_ns_per_sample"),
        ("cpu_ns_per_sample=-5%", "'-5%' is not a number ≥ 0"),
        ("cpu_ns_per_sample=ten", "'ten' is not a number"),
        ("cpu_ns_per_sample=", "'' is not a number"),
        ("cpu_ns_per_sample=10%,", "'' is not a number"),
        ("cpu_ns_per_sample=nan", "'nan' is not a number"),
        ("cpu_ns_per_sample=10%,20%", "two relative tolerances"),
        ("cpu_ns_per_sample=10,20", "two absolute tolerances"),
    ])
    func badTolerancesAreRefusedWithTheReason(_ text: String, _ reason: String) {
        var settings = ComparisonSettings()
        #expect {
            try settings.applyTolerance(text)
        } throws: { error in
            "\(error)".contains(reason)
        }
        #expect(settings == ComparisonSettings())
    }
}
