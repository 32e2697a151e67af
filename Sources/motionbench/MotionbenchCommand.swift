import ArgumentParser

/// The `motionbench` command: what a motion-sensor feature costs in CPU and memory.
@main
struct MotionbenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motionbench",
        abstract: "Measure what motion-sensor features cost in CPU and memory, at a given rate and filter.",
        discussion: """
        Exit codes: 0 success; 1 a failure while running (unwritable file, unreadable run.json, a \
        self-test check out of bounds); 64 a bad command line (unknown workload or filter, bad rate, \
        duration, sample count or --out).
        """,
        subcommands: [ListCommand.self, RunCommand.self, ReportCommand.self, SelfTestCommand.self]
    )
}
