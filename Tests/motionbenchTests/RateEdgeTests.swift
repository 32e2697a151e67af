import Foundation
import MotionBench
import MotionResults
import Testing

/// Every rate the command line accepts runs, or is refused up front with the range that runs (bug: an
/// animating workload at 0.0001 Hz in virtual time asked for 137 GB and died; at 0.001 Hz it peaked at 13 GB).
@Suite struct RateEdgeTests {
    @Test(arguments: [
        (
            ["gyro-translation", "--rate", "0.0001"],
            "--rate: 0.0001 Hz is below 0.06 Hz, the lowest rate at which gyro-translation runs in virtual time with 60 Hz frames (at most 1000 frames a sample tick)"
        ),
        (["motion-cube", "--rate", "1e-9"], "--rate: 1e-09 Hz is below 0.06 Hz, the lowest rate at which motion-cube runs"),
        (["motion-cube", "--rate", "0.1", "--display-rate", "120"], "--rate: 0.1 Hz is below 0.12 Hz"),
    ])
    func aRateTooLowForAnAnimatingWorkloadIsRefused(arguments: [String], message: String) throws {
        let folder = CLI.temporaryFolder()
        let outcome = try CLI.run(["run"] + arguments + ["--mode", "virtual", "--quick", "--out", folder.path])
        #expect(outcome.status == 64 && outcome.stderr.contains(message), "stderr: \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func theLowestRateRunsAndAnyRateRunsInRealTimeOrWithoutFrames() throws {
        let folder = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lowest = try CLI.run([
            "run", "gyro-translation", "--rate", "0.06", "--mode", "virtual", "--samples", "2", "--out", folder.path, "--quiet",
        ])
        #expect(lowest.status == 0, "stderr: \(lowest.stderr)")
        let run = try RunResult.load(from: folder.appendingPathComponent("run.json"))
        #expect(run.cases.map(\.frames) == [2000] && run.cases.map(\.samples) == [2])
        let realtime = try CLI.run([
            "run", "gyro-translation", "--rate", "1e-9", "--mode", "realtime", "--duration", "0.2", "--out", folder.path, "--quiet",
        ])
        #expect(realtime.status == 0, "stderr: \(realtime.stderr)")
        let barometer = try CLI.run([
            "run", "barometer", "--rate", "1e-9", "--filter", "none", "--mode", "virtual", "--samples", "100", "--out", folder.path, "--quiet",
        ])
        #expect(barometer.status == 0, "stderr: \(barometer.stderr)")
    }
}
