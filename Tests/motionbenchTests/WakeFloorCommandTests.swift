import Foundation
import MotionResults
import Testing

/// The wake floor, end to end through a user's executable: a do-nothing workload paced as the
/// real-time cases are, measured before and after them, and each case set above it. Known answers:
/// a workload that does nothing (the spinner at 0 µs) reads 0 above it, within the figure's own
/// resolution; one that spends a known CPU time on each sample reads that time by the rate. The resolutions are the
/// machine's noise, so the bounds are theirs, never a fixed time.
@Suite(.serialized) struct WakeFloorCommandTests {
    @Test func realTimeCasesAreSetAboveTheirWakeFloor() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(
            [
                "run", "spinner", "--param", "microseconds=0,1,200", "--mode", "realtime", "--rate", "100", "--duration", "2", "--out", folder.path,
                "--quiet",
            ], executable: CLI.fixture)
        try #require(outcome.status == 0, "stderr: \(outcome.stderr)")
        let run = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        let floors = try #require(run.wakeFloors)
        // One pacing (100 Hz, one sensor, no frames): measured before the first case and after the last.
        #expect(floors.count == 2 && floors.allSatisfy { $0.spec.workload == "harness-floor" && $0.spec.mode == .realtime })
        #expect(floors.allSatisfy { $0.spec.rateHz == 100 && $0.spec.durationSeconds == 1 && $0.sensors == ["accelerometer"] })
        func above(microseconds: Double) throws -> CostAboveWakeFloor {
            let result = try #require(run.cases.first { $0.spec.parameters["microseconds"] == microseconds })
            #expect(run.wakeFloors(of: result).count == 2)
            return try #require(run.costAboveWakeFloor(of: result))
        }
        // On a shared machine where other work comes and goes, a wake costs one case more than the
        // next, beyond what one run resolves: the bounds allow half the floor for it. The figures on a
        // quiet machine are on the Results page.
        let idle = try above(microseconds: 0)
        #expect(idle.floorUsPerSecond > 0 && idle.resolutionUsPerSecond > 0)
        let noise = { (figure: CostAboveWakeFloor) in 2 * figure.resolutionUsPerSecond + figure.floorUsPerSecond / 2 }
        #expect(abs(idle.cpuUsPerSecond) <= noise(idle), "nothing above the floor: \(idle)")
        // 1 µs a sample at 100 Hz is 100 µs a second; 200 µs, 20,000: 2 % of a core, well clear of the noise.
        for (microseconds, expected) in [(1.0, 100.0), (200, 20_000)] {
            let spinner = try above(microseconds: microseconds)
            #expect(abs(spinner.cpuUsPerSecond - expected) <= noise(spinner) + expected / 10, "\(microseconds) µs: \(spinner)")
            #expect(abs(spinner.cpuNsPerSample - spinner.cpuUsPerSecond * 10) < 1e-6, "per sample at 100 Hz")
        }
        let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(
            report.contains("### The wake floor") && report.contains("| 100 | — | 1 | 1 | before |") && report.contains("| 100 | — | 1 | 1 | after |")
        )
        #expect(report.contains("| Workload | Variant | Rate (Hz) |") && report.contains("Above wake floor µs/s"))
        let features = try String(contentsOf: folder.appendingPathComponent("features.csv"), encoding: .utf8).split(separator: "\n")
        #expect(features.count == 4 && features[0].contains("above_wake_floor_us_per_s,above_wake_floor_resolution_us_per_s,wake_floor_us_per_s"))
        #expect(features[0].hasSuffix("above_wake_floor_ns_per_sample,above_wake_floor_resolution_ns_per_sample,wake_floor_ns_per_sample"))
    }

    @Test func noFloorIsMeasuredWithoutRealTimeCases() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(
            ["run", "idle", "--mode", "virtual", "--samples", "1000", "--out", folder.path, "--quiet"], executable: CLI.fixture)
        try #require(outcome.status == 0, "stderr: \(outcome.stderr)")
        let run = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        #expect(run.wakeFloors == nil && run.harnessFloor != nil)
        #expect(run.cases.allSatisfy { $0.sensors == ["accelerometer"] })
    }
}
