import ArgumentParser
import Foundation
import MotionBench
import MotionReports

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
        regressed, but a case or figure is on one side only; 1 a round failed; 64 a bad command line (no \
        run arguments, run arguments a build refuses, a bad --rounds, --tolerance, --alpha or --*-env, an \
        unwritable --markdown or --json); 65 a build wrote a malformed run.json, or refused its input; 69 \
        an executable that is missing, cannot be run or writes no run.json. Nothing is written on 1, 64, \
        65 or 69.
        """
    }

    @Argument(help: ArgumentHelp("The baseline's executable: motionbench, or a package's own built on MotionBenchCLI (a path, or a name on PATH).", valueName: "baseline-executable"))
    var baselineExecutable: String

    @Argument(help: ArgumentHelp("The candidate's executable, likewise.", valueName: "candidate-executable"))
    var candidateExecutable: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("`run`'s arguments for every round, e.g. burner --mode virtual --samples 2000.", valueName: "run-arguments"))
    var runArguments: [String] = []

    @Option(help: "Rounds: runs of each build, in ABBA order.")
    var rounds = 30

    @Option(help: ArgumentHelp("A variable for the baseline's rounds only, NAME=VALUE; repeatable.", valueName: "name=value"))
    var baselineEnv: [String] = []

    @Option(help: ArgumentHelp("A variable for the candidate's rounds only, NAME=VALUE; repeatable.", valueName: "name=value"))
    var candidateEnv: [String] = []

    @Option(help: ArgumentHelp(
        "A timing's tolerance: METRIC=RELATIVE%,ABSOLUTE, either part optional, e.g. cpu_ns_per_sample=5%,10; repeatable.",
        valueName: "metric=rel%,abs"
    ))
    var tolerance: [String] = []

    @Option(help: "Significance level of the signed-rank test, in (0, 1); the interval is at 1 − alpha.")
    var alpha = 0.05

    @Option(help: ArgumentHelp("Also write the Markdown to this file.", valueName: "file"))
    var markdown: String?

    @Option(help: ArgumentHelp("Also write the comparison as JSON to this file.", valueName: "file"))
    var json: String?

    func validate() throws {
        guard alpha > 0, alpha < 1 else { throw ValidationError("--alpha: \(alpha) is outside (0, 1)") }
        let fewest = WilcoxonSignedRank.minimumCount(alpha: alpha)
        guard rounds >= fewest, rounds <= 1000 else {
            throw ValidationError("--rounds: \(rounds) is outside \(fewest)…1000 (fewer than \(fewest) pairs cannot reach p < \(Format.hertz(alpha)))")
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
            for (path, flag) in [(markdown, "--markdown"), (json, "--json")] {
                guard let path else { continue }
                do {
                    try AtomicFile.prepareFolder(URL(literalPath: path).deletingLastPathComponent())
                } catch let error as OutputError {
                    throw ValidationError("\(flag): \(error)")
                }
            }
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-ab-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let arguments = runArguments.contains("--quick") ? runArguments : runArguments + ["--quick"]
            let progress = isatty(STDERR_FILENO) == 1
            var baselineRuns: [RunResult] = [], candidateRuns: [RunResult] = []
            for round in 0..<rounds {
                if progress { FileHandle.standardError.write(Data("\r\u{1B}[Kround \(round + 1)/\(rounds)".utf8)) }
                // ABBA: the baseline first in even rounds, second in odd ones.
                if round % 2 == 0 {
                    baselineRuns.append(try baseline.runRound(round, arguments: arguments, in: scratch))
                    candidateRuns.append(try candidate.runRound(round, arguments: arguments, in: scratch))
                } else {
                    candidateRuns.append(try candidate.runRound(round, arguments: arguments, in: scratch))
                    baselineRuns.append(try baseline.runRound(round, arguments: arguments, in: scratch))
                }
            }
            if progress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            let comparison = PairedComparison(baseline: baselineRuns, candidate: candidateRuns, settings: settings)
            let names = (baselineExecutable, candidateExecutable), environments = (baselineEnv, candidateEnv)
            let text = ABMarkdown.render(comparison, baselineName: names.0, candidateName: names.1, environments: environments, runArguments: runArguments)
            var files: [(URL, String)] = []
            if let markdown { files.append((URL(literalPath: markdown), text)) }
            if let json {
                let content = try ABJSON.render(comparison, baselineName: names.0, candidateName: names.1, environments: environments, runArguments: runArguments)
                files.append((URL(literalPath: json), content))
            }
            try ComparisonEnding.finish(
                text, files: files, environmentDifferences: comparison.environmentDifferences, sides: "builds", outcome: comparison.outcome)
        }
    }

    /// The tolerances and α from the command line; a tolerance of a metric ab does not compare is refused.
    private func settings() throws -> ComparisonSettings {
        var settings = ComparisonSettings()
        settings.alpha = alpha
        for text in tolerance {
            let name = String(text.prefix { $0 != "=" })
            if let metric = ComparedMetric(rawValue: name), !PairedComparison.metrics.contains(metric) {
                let timings = PairedComparison.metrics.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--tolerance: ab compares timings only (\(timings)), not \(name)")
            }
            do {
                try settings.applyTolerance(text)
            } catch let error as ComparisonSettings.InvalidTolerance {
                throw ValidationError("--tolerance: \(error)")
            }
        }
        return settings
    }
}
