import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults

/// `motionbench compare`: a candidate run against a baseline, as a CI gate with documented exit codes.
struct CompareCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandContext.executableName
        return CommandConfiguration(
            commandName: "compare",
            abstract: "Compare a run against a baseline: what regressed, by how much, how sure.",
            usage: "\(name) compare BASELINE CANDIDATE [options]\n\(name) compare --baseline NAME CANDIDATE [options]",
            discussion: discussion
        )
    }

    private static var discussion: String {
        let defaults = ComparedMetric.allCases.map { metric in
            "\(metric.rawValue)=\(Format.hertz(metric.defaultTolerance.relativePct))%,\(Format.hertz(metric.defaultTolerance.absolute))"
        }
        return """
            Cases are matched by workload, rate, filter, parameters and mode, accuracy entries by estimator, \
            and each metric's medians over repetitions are compared. A rise is a regression only when it \
            exceeds both the metric's relative and absolute tolerance and, when both runs have \
            \(ComparisonSettings.minimumRepetitionsForTest) or more repetitions of the case, the two-sided \
            Mann-Whitney U test gives p < --alpha. Improvements are reported and never fail. The Markdown goes \
            to stdout; environments that differ (CPU model, cores, build configuration, source) are warned \
            about on stderr and in the Markdown.

            What gates: instructions and allocations per sample (over equal ticks), the heap held, at its peak and \
            leaked, peak RSS and accuracy. \
            Timings (CPU ns/sample, CPU %, real-time lateness) gate only where both runs have \
            \(ComparisonSettings.minimumRepetitionsForTest) or more repetitions, so the test can tell a change \
            from noise, and did not count instructions; otherwise they are shown as "not gated" and never set \
            the exit code (--gate-time to gate them anyway). The headline counts the figures that gate; the \
            lines under it say which gated and why the others did not.

            Metrics and their default tolerances (--tolerance METRIC=RELATIVE%,ABSOLUTE, the absolute part in \
            the metric's unit): \(defaults.joined(separator: " "))

            Exit codes: 0 nothing regressed and both runs have every case and figure; 2 something regressed \
            (whatever else is missing); 3 nothing regressed, but a case, accuracy entry or figure is in one \
            run only; 1 a failure while running (a file that cannot be written); 64 a bad command line (a bad \
            --tolerance or --alpha, an unknown --baseline, an unwritable --csv or --markdown); 65 a malformed \
            or unreadable run.json. Nothing is written on 1, 64 or 65.
            """
    }

    @Argument(help: ArgumentHelp("BASELINE and CANDIDATE, each a run folder or a run.json; only CANDIDATE with --baseline.", valueName: "run"))
    var runs: [String] = []

    @Option(help: ArgumentHelp("A baseline saved with `\(CommandContext.executableName) baseline save`, in place of BASELINE.", valueName: "name"))
    var baseline: String?

    @Option(help: ArgumentHelp("Folder of saved baselines.", valueName: "dir"))
    var baselinesDir = "results/baselines"

    @OptionGroup var options: ComparisonOptions

    @Option(help: ArgumentHelp("Also write the comparison as CSV to this file.", valueName: "file"))
    var csv: String?

    @Flag(
        help:
            "Let timings gate where they do not by default: beside instruction counts, and with fewer than 5 repetitions (on the tolerances alone). They are shown either way."
    )
    var gateTime = false

    func validate() throws {
        if let baseline {
            guard runs.count == 1 else { throw ValidationError("with --baseline, give only CANDIDATE (a run folder or run.json)") }
            guard BaselineStore.isValidName(baseline) else {
                throw ValidationError("--baseline: '\(baseline)' is not a baseline name (letters, digits, - and _)")
            }
        } else {
            guard runs.count == 2 else {
                throw ValidationError("give BASELINE and CANDIDATE (run folders or run.json files), or --baseline NAME and CANDIDATE")
            }
        }
        _ = try settings()
    }

    func run() throws {
        try CommandFailure.reporting {
            let (baselineFile, baselineName) = try baselineRunFile()
            let candidateFile = RunLocation.runFile(runs[runs.count - 1])
            let comparison = RunComparison(
                baseline: try RunResult.loadReporting(baselineFile), candidate: try RunResult.loadReporting(candidateFile), settings: try settings()
            )
            let profiles: [ProfileComparison]
            do {
                profiles = comparison.profileComparisons(
                    baseline: try ProfileFiles.read(comparison.baselineRun, from: baselineFile.deletingLastPathComponent()),
                    candidate: try ProfileFiles.read(comparison.candidateRun, from: candidateFile.deletingLastPathComponent()))
            } catch let error as EmittedFileError {
                throw CommandFailure(error.description, exitCode: .badInput)
            }
            let markdown = options.markdown
            let prefix = markdown.map { URL(literalPath: $0).deletingPathExtension().lastPathComponent }
            let text = CompareMarkdown.render(
                comparison, baselineName: baselineName, candidateName: candidateFile.path, profiles: profiles, profilePrefix: prefix)
            // Every folder is checked before any file is written, so a bad flag leaves nothing behind.
            var files = try [(csv, "--csv", CompareCSV.render(comparison)), (markdown, "--markdown", text)].compactMap(prepared)
            if let markdown, let prefix {
                let folder = URL(literalPath: markdown).deletingLastPathComponent()
                files += CompareProfiles.files(profiles, prefix: prefix).map { (folder.appendingPathComponent($0.name), $0.text) }
            }
            try ComparisonEnding.finish(
                text, files: files, environmentDifferences: comparison.environmentDifferences, sides: "runs", outcome: comparison.outcome)
        }
    }

    /// The tolerances, α and whether timings gate, from the command line.
    private func settings() throws -> ComparisonSettings {
        var settings = try options.settings()
        settings.gatesTime = gateTime
        return settings
    }

    /// The baseline's run.json, and how the Markdown names it.
    private func baselineRunFile() throws -> (URL, String) {
        guard let baseline else {
            let file = RunLocation.runFile(runs[0])
            return (file, file.path)
        }
        let file = BaselineStore(folder: URL(literalPath: baselinesDir)).runFile(named: baseline)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ValidationError("--baseline: no baseline '\(baseline)' in \(baselinesDir) (see `\(CommandContext.executableName) baseline list`)")
        }
        return (file, "baseline \(baseline)")
    }

    /// An output file asked for by `flag`, its folder created and proved writable, with its content.
    private func prepared(_ output: (path: String?, flag: String, content: String)) throws -> (URL, String)? {
        guard let path = output.path else { return nil }
        let url = URL(literalPath: path)
        do {
            try AtomicFile.prepareFolder(url.deletingLastPathComponent())
        } catch let error as OutputError {
            throw ValidationError("\(output.flag): \(error)")
        }
        return (url, output.content)
    }
}
