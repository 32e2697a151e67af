import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// `motionbench ab`: two builds timed in turn on this machine, round after round, and each case's
/// timings judged on their paired differences, as a CI gate with `compare`'s exit codes.
struct ABCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "ab",
            abstract: "Time two builds in turn on this machine (ABBA rounds): what got slower, by how much, how sure.",
            usage: "\(CommandContext.executableName) ab BASELINE_EXECUTABLE CANDIDATE_EXECUTABLE RUN_ARGUMENTS… [--rounds N] [options]",
            discussion: discussion
        )
    }

    /// `run` options `ab` sets itself for every round, or that make no sense in a timing.
    static let reservedRunOptions = ["--out", "--format", "--shard", "--emit", "--counter"]

    private static var discussion: String {
        let defaults = PairedComparison.metrics.map { metric in
            "\(metric.rawValue)=\(Format.hertz(metric.defaultTolerance.relativePct))%,\(Format.hertz(metric.defaultTolerance.absolute))"
        }
        return """
            Each round runs `EXECUTABLE run RUN_ARGUMENTS --quick --format json --out TMP --quiet` once on each \
            build, the baseline first in even rounds and the candidate first in odd ones (ABBA: a drift of the \
            machine cancels out). RUN_ARGUMENTS are `run`'s (workloads, --mode, --rate, --filter, --param, \
            --samples or --duration, --source, --seed, --repetitions, …); --quick only sets the lengths they \
            leave out. A case's figure in a round is the median of its repetitions there; for each timing the \
            differences candidate minus baseline, round by round, give the Hodges–Lehmann shift with its \
            confidence interval at 1 − --alpha and the two-sided Wilcoxon signed-rank test. A rise is a \
            regression when the shift exceeds both the metric's relative (of the baseline's median) and \
            absolute tolerance and p < --alpha. Instructions and allocations repeat exactly: `compare` two \
            runs for them.

            Metrics and their default tolerances (--tolerance METRIC=RELATIVE%,ABSOLUTE): \(defaults.joined(separator: " "))

            Exit codes: 0 nothing regressed and both builds ran every case; 2 something regressed; 3 nothing \
            regressed, but a case or figure is on one side only; 1 a round failed, or ran past --round-timeout \
            (its processes are stopped); 130 or 143 ab was stopped by SIGINT or SIGTERM (the round's processes \
            too); 64 a bad command line (no run arguments, run arguments a build refuses, a bad --rounds, \
            --round-timeout, --tolerance, --alpha or --*-env, an unwritable --markdown or --json); 65 a build \
            wrote a malformed run.json, or refused its input; 69 an executable that is missing, cannot be run \
            or writes no run.json. Nothing is written on 1, 64, 65, 69, 130 or 143, and ab's temporary folder \
            is removed.
            """
    }

    @Argument(
        help: ArgumentHelp(
            "The baseline's executable: motionbench, or a package's own built on MotionBenchCLI (a path, or a name on PATH).",
            valueName: "baseline-executable"))
    var baselineExecutable: String

    @Argument(help: ArgumentHelp("The candidate's executable, likewise.", valueName: "candidate-executable"))
    var candidateExecutable: String

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("`run`'s arguments for every round, e.g. burner --mode virtual --samples 2000.", valueName: "run-arguments"))
    var runArguments: [String] = []

    @Option(help: "Rounds: runs of each build, in ABBA order.")
    var rounds = 30

    @Option(
        help: ArgumentHelp(
            "Seconds a build's run may take in one round; past it the run and every process it started are stopped, and ab fails (exit 1).",
            valueName: "seconds"))
    var roundTimeout: Double = 300

    @Option(help: ArgumentHelp("A variable for the baseline's rounds only, NAME=VALUE; repeatable.", valueName: "name=value"))
    var baselineEnv: [String] = []

    @Option(help: ArgumentHelp("A variable for the candidate's rounds only, NAME=VALUE; repeatable.", valueName: "name=value"))
    var candidateEnv: [String] = []

    @OptionGroup var options: ComparisonOptions

    @Option(help: ArgumentHelp("Also write the comparison as JSON to this file.", valueName: "file"))
    var json: String?

    func validate() throws {
        let fewest = WilcoxonSignedRank.minimumCount(alpha: options.alpha)
        guard rounds >= fewest, rounds <= 1000 else {
            throw ValidationError(
                "--rounds: \(rounds) is outside \(fewest)…1000 (fewer than \(fewest) pairs cannot reach p < \(Format.hertz(options.alpha)))")
        }
        guard roundTimeout > 0, roundTimeout.isFinite else {
            throw ValidationError("--round-timeout: \(roundTimeout) is not a number of seconds above 0")
        }
        guard !runArguments.isEmpty else {
            throw ValidationError("give run's arguments after the two executables, e.g. burner --mode virtual --samples 2000")
        }
        for argument in runArguments {
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if Self.reservedRunOptions.contains(name) {
                throw ValidationError("\(name): ab sets each round's output itself and times runs as they are; leave it out of the run arguments")
            }
        }
        _ = try settings()
    }

    func run() throws {
        try CommandFailure.reporting {
            let baseline = try ABSide(name: "baseline", path: baselineExecutable, environment: baselineEnv, flag: "--baseline-env")
            let candidate = try ABSide(name: "candidate", path: candidateExecutable, environment: candidateEnv, flag: "--candidate-env")
            let settings = try settings()
            // Every folder is checked before the first round, so a bad flag costs no time and leaves nothing behind.
            for (path, flag) in [(options.markdown, "--markdown"), (json, "--json")] {
                guard let path else { continue }
                do {
                    try AtomicFile.prepareFolder(URL(literalPath: path).deletingLastPathComponent())
                } catch let error as OutputError {
                    throw ValidationError("\(flag): \(error)")
                }
            }
            // A stop signal ends the round in flight (its processes stopped) and ab, its folder removed;
            // a round's detached grandchildren are adopted once their parent ends, to be stopped too.
            StopSignal.install(saying: "stopping the round in flight, with every process it started (signal again to stop at once)")
            ChildProcess.adoptOrphans()
            let scratchFolder = try ScratchFolder(purpose: "ab")
            defer { scratchFolder.remove() }
            let scratch = scratchFolder.url
            let arguments = runArguments.contains("--quick") ? runArguments : runArguments + ["--quick"]
            let progress = isatty(STDERR_FILENO) == 1
            var baselineRuns: [RunResult] = [], candidateRuns: [RunResult] = []
            do {
                // The round's line is cleared however the rounds end, so a message starts on a line of its own.
                defer { if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
                for round in 0...rounds {
                    if let signal = StopSignal.received() {
                        throw CommandFailure("stopped by \(signal.name) after \(round) of \(rounds) rounds", exitCode: signal.exitCode)
                    }
                    guard round < rounds else { break }
                    if progress { FileHandle.standardError.write(Data("\r\u{1B}[Kround \(round + 1)/\(rounds)".utf8)) }
                    // ABBA: the baseline first in even rounds, second in odd ones.
                    if round % 2 == 0 {
                        baselineRuns.append(try baseline.runRound(round, arguments: arguments, in: scratch, timeout: roundTimeout))
                        candidateRuns.append(try candidate.runRound(round, arguments: arguments, in: scratch, timeout: roundTimeout))
                    } else {
                        candidateRuns.append(try candidate.runRound(round, arguments: arguments, in: scratch, timeout: roundTimeout))
                        baselineRuns.append(try baseline.runRound(round, arguments: arguments, in: scratch, timeout: roundTimeout))
                    }
                }
            }
            let comparison = PairedComparison(baseline: baselineRuns, candidate: candidateRuns, settings: settings)
            let names = (baselineExecutable, candidateExecutable), environments = (baselineEnv, candidateEnv)
            let text = ABMarkdown.render(
                comparison, baselineName: names.0, candidateName: names.1, environments: environments, runArguments: runArguments)
            var files: [(URL, String)] = []
            if let markdown = options.markdown { files.append((URL(literalPath: markdown), text)) }
            if let json {
                let content = try ABJSON.render(
                    comparison, baselineName: names.0, candidateName: names.1, environments: environments, runArguments: runArguments)
                files.append((URL(literalPath: json), content))
            }
            try ComparisonEnding.finish(
                text, files: files, environmentDifferences: comparison.environmentDifferences, sides: "builds", outcome: comparison.outcome)
        }
    }

    /// The tolerances and α from the command line; a tolerance of a metric ab does not compare is refused.
    private func settings() throws -> ComparisonSettings {
        try options.settings(only: (PairedComparison.metrics, "ab compares timings only"))
    }
}
