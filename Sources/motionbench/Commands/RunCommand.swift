import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import SystemView

/// `motionbench run`: plans the matrix, runs it, writes the run folder and prints a summary.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run workloads at fixed rates and write run.json, CSV and Markdown reports.",
        discussion: "Example: motionbench run --all --quick, or motionbench run accelerometer --rate 10,50 --filter raw,low-pass"
    )

    @Argument(help: "Workloads to run (see `motionbench list`).")
    var workloads: [String] = []

    @Flag(help: "Run every workload at its default rates and filters.")
    var all = false

    @Option(help: ArgumentHelp("Comma-separated rates in Hz, in (0, 10000]; default: each workload's own.", valueName: "hz,…"))
    var rate: String?

    @Option(help: ArgumentHelp("Comma-separated filters; default: each workload's default filters.", valueName: "name,…"))
    var filter: String?

    @Option(help: "realtime, virtual, or both.")
    var mode: ModeChoice = .both

    @Option(help: ArgumentHelp("Seconds per real-time case (default 10, 2 with --quick).", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Sample ticks per virtual-time case (default 200000, 20000 with --quick).", valueName: "n"))
    var samples: Int?

    @Option(help: "Repetitions of every case.")
    var repetitions: Int = 1

    @Option(help: ArgumentHelp("Display frames per second for animating workloads (an iPhone: 60 or 120).", valueName: "hz"))
    var displayRate: Double = 60

    @Option(help: ArgumentHelp("Readings per second of the CPU and memory sampler.", valueName: "hz"))
    var samplerRate: Double = 10

    @Option(help: "Seed of the synthetic source and of the workloads' randomness.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Folder for the run's files (default results/<UTC timestamp>).", valueName: "dir"))
    var out: String?

    @Flag(help: "A short run: 2 s real-time cases and 20000-sample virtual cases.")
    var quick = false

    @Flag(help: "Print only the run folder's path.")
    var quiet = false

    func validate() throws {
        if all && !workloads.isEmpty { throw ValidationError("--all: give either --all or workload names, not both") }
        if !all && workloads.isEmpty { throw ValidationError("name at least one workload, or --all (see `motionbench list`)") }
        guard samplerRate > 0, samplerRate <= 1000 else { throw ValidationError("--sampler-rate: \(samplerRate) Hz is outside (0, 1000] Hz") }
    }

    func run() throws {
        let request = PlanRequest(
            workloads: workloads,
            rates: try rate.map { try CommaList.numbers($0, flag: "--rate") },
            filters: try filter.map { try CommaList.names($0, flag: "--filter") },
            modes: mode.modes,
            durationSeconds: duration ?? (quick ? 2 : 10),
            sampleCount: samples ?? (quick ? 20_000 : 200_000),
            repetitions: repetitions, displayRateHz: displayRate, seed: seed
        )
        let cases: [CaseSpec]
        do {
            cases = try BenchmarkPlan.cases(for: request)
        } catch let error as PlanError {
            throw ValidationError(error.description)
        }
        let folder = URL(fileURLWithPath: out ?? "results/\(Self.folderTimestamp())")
        do {
            try AtomicFile.prepareFolder(folder)
        } catch let error as OutputError {
            throw ValidationError("--out: \(error)")
        }

        let source = SyntheticSource(seed: seed)
        let settings = RunSettings(
            durationSeconds: request.durationSeconds, sampleCount: request.sampleCount, repetitions: repetitions,
            samplerRateHz: samplerRate, source: source.description, quick: quick
        )
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), samplerRateHz: samplerRate, makeSource: source.make)
        let progress = ProgressLine(enabled: !quiet)
        let result = try runner.run(cases, settings: settings, progress: progress.show)
        progress.finish()

        let files = try RunReport.write(result, to: folder)
        if quiet {
            print(folder.path)
        } else {
            print(SummaryTable.render(result), terminator: "")
            print("\nWrote \(folder.path)/: \(files.joined(separator: ", "))")
        }
    }

    private static func folderTimestamp() -> String {
        BenchmarkRunner.timestamp(Date()).replacingOccurrences(of: ":", with: "-")
    }
}

/// The `--mode` choices.
enum ModeChoice: String, ExpressibleByArgument, CaseIterable {
    case realtime, virtual, both

    var modes: [RunMode] {
        switch self {
        case .realtime: [.realtime]
        case .virtual: [.virtual]
        case .both: [.virtual, .realtime]
        }
    }
}
