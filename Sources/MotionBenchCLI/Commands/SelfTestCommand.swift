import ArgumentParser
import MotionBench

/// `motionbench selftest`: proves the probe reads calibrated loads correctly on this machine.
struct SelfTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selftest",
        abstract: "Check the probe against threads burning 25/50/75 % of a core and a 64 MiB allocation."
    )

    @Option(help: ArgumentHelp("Seconds the CPU loads run.", valueName: "seconds"))
    var seconds: Double = 3

    @Flag(help: "For shared CI runners: triple every tolerance (±6 points, ±12 MiB) and judge a load the machine starved against its own CPU clock.")
    var lenient = false

    func validate() throws {
        guard seconds >= 1, seconds <= 600 else { throw ValidationError("--seconds: \(seconds) is outside [1, 600]") }
    }

    func run() throws {
        try CommandFailure.reporting {
            let report = SelfTest.run(loadSeconds: seconds, lenient: lenient) { print($0) }
            let failed = report.checks.filter { $0.outcome == .failed }
            guard failed.isEmpty else {
                throw CommandFailure("selftest: \(failed.count) of \(report.checks.count) checks out of bounds")
            }
            print("selftest passed: \(report.checks.count) checks")
        }
    }
}
