import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionResults
import MotionSensors
import MotionWorkloads
import SystemView

/// `motionbench run`: plans the matrix, runs it, writes the run folder and prints a summary.
struct RunCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        let name = CommandContext.executableName
        return CommandConfiguration(
            commandName: "run",
            abstract: "Run workloads at fixed rates and write run.json, CSV and Markdown reports.",
            discussion: "Example: \(name) run --all --quick, or \(name) run accelerometer --rate 10,50 --filter raw,low-pass"
        )
    }

    @Argument(help: "Workloads to run (see `\(CommandContext.executableName) list`).")
    var workloads: [String] = []

    @Flag(help: "Run every workload at its default rates and filters.")
    var all = false

    @Option(
        help: ArgumentHelp(
            "Comma-separated rates in Hz, in (0, 10000], or `native`: a recording's own samples at their own times; default: each workload's own.",
            valueName: "hz,…|native"))
    var rate: String?

    @Option(help: ArgumentHelp("Comma-separated filters; default: each workload's default filters.", valueName: "name,…"))
    var filter: String?

    @Option(help: ArgumentHelp("Sweep a workload parameter, e.g. shapes=1,10,100,1000; repeatable.", valueName: "name=v1,v2,…"))
    var param: [String] = []

    @Option(
        help: ArgumentHelp(
            "Run only the cases whose name matches this regular expression anywhere (a name is workload/RATE/filter[/parameter:value…]/mode, e.g. accelerometer/50Hz/low-pass/virtual); repeatable: any of them; without workload names, of every workload.",
            valueName: "regex"))
    var select: [String] = []

    @Option(
        help: ArgumentHelp(
            "Leave out the cases whose name matches this regular expression (as --select), e.g. /realtime$; repeatable.", valueName: "regex"))
    var skip: [String] = []

    @Option(
        help: ArgumentHelp(
            "synthetic:SCENARIO[,seed=N] (the virtual device) or trace:PATH[,field=calibrated][,labels=FILE[,from=start|clock]] (a recording; field=calibrated feeds the phone's calibrated field as the magnetometer; labels= adds a CSV of what happened, time,label or start,end,label, to score detected events against, its times on the recording's clock, or in seconds from its start with from=start, as detected when none falls on its clock and all within its length).",
            valueName: "source"))
    var source = "synthetic:tilt-and-shake"

    @Option(
        help: ArgumentHelp(
            "How far from a true event a detection of LABEL may fall, in seconds: SECONDS either side, or BEFORE:AFTER; repeatable (default: what the workload declares).",
            valueName: "label=seconds"))
    var eventTolerance: [String] = []

    @Option(help: "realtime, virtual, or both.")
    var mode: ModeChoice = .both

    @Option(help: ArgumentHelp("Seconds per real-time case (default 10, 2 with --quick; a trace's length at most).", valueName: "seconds"))
    var duration: Double?

    @Option(
        help: ArgumentHelp(
            "Sample ticks per virtual-time case, exactly (default: up to 200000, or 20000 with --quick, fewer if a case would take over 10 s, or 1 s, of wall time).",
            valueName: "n"))
    var samples: Int?

    @Option(help: "Repetitions of every case.")
    var repetitions: Int = 1

    @Option(help: ArgumentHelp("Display frames per second for animating workloads (an iPhone: 60 or 120).", valueName: "hz"))
    var displayRate: Double = 60

    @Option(help: ArgumentHelp("Readings per second of the CPU and memory sampler.", valueName: "hz"))
    var samplerRate: Double = 10

    @Option(
        help: ArgumentHelp(
            "The most resident memory the process may reach in a case, in MiB (default: half what the process may have: the machine's memory, or its container's limit when lower); past it the case is stopped and the run ends.",
            valueName: "mib"))
    var memoryBudget: Double?

    @Option(help: "Seed of the synthetic source and of the workloads' randomness.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Folder for the run's files (default results/<UTC timestamp>).", valueName: "dir"))
    var out: String?

    @Option(help: FormatOption.help)
    var format = "csv,md,json"

    @Flag(help: "A short run: 2 s real-time cases and 20000-sample virtual cases.")
    var quick = false

    @Flag(help: "Print only the run folder's path.")
    var quiet = false

    @Flag(
        help:
            "Also write each case's outputs per sample (or frame) to emitted/CASE.csv, from an unmeasured replay after the measured cases, and the plots over time to plots/."
    )
    var emit = false

    @Option(
        help: ArgumentHelp(
            "Also count each virtual-time case's instructions per sample under valgrind's callgrind (needs valgrind; profiles to profiles/CASE.folded).",
            valueName: "instructions"))
    var counter: Counter?

    @Option(
        help: ArgumentHelp(
            "Run only slice I of N of the plan, the same slice on every machine (a case's modes and repetitions stay together); `motionbench merge` joins the N runs.",
            valueName: "I/N"))
    var shard: String?

    /// Whether the floors (the harness's in virtual time, the wake floor in real time) are measured
    /// beside the cases; the instruction counter's child runs set it, to count a case without the
    /// floor and the floor alone.
    @Option(help: .hidden)
    var harnessFloor: HarnessFloorChoice = .beside

    /// Whether a virtual-time replay is fed whole rather than in stretches: the instruction counter's
    /// child runs set it, so that their counts repeat exactly; their parent stops them from outside.
    @Flag(help: .hidden)
    var replayWhole = false

    func validate() throws {
        if all && !workloads.isEmpty { throw ValidationError("--all: give either --all or workload names, not both") }
        if !all && workloads.isEmpty && select.isEmpty && skip.isEmpty && harnessFloor != .alone {
            throw ValidationError("name at least one workload, or --all, or --select a case (see `\(CommandContext.executableName) list`)")
        }
        if duration != nil, mode == .virtual {
            throw ValidationError(
                "--duration: sets how long real-time cases run, and --mode virtual runs none (--samples sets a virtual case's length)")
        }
        if samples != nil, mode == .realtime {
            throw ValidationError(
                "--samples: sets how many ticks virtual-time cases take, and --mode realtime runs none (--duration sets a real-time case's length)")
        }
        guard samplerRate > 0, samplerRate <= 1000 else { throw ValidationError("--sampler-rate: \(samplerRate) Hz is outside (0, 1000] Hz") }
        if let memoryBudget, !(memoryBudget >= 1 && memoryBudget <= Double(1 << 40)) {
            throw ValidationError("--memory-budget: \(memoryBudget) MiB is not a size in 1...\(1 << 40) MiB")
        }
        _ = try FormatOption.parse(format)
        _ = try shardSlice()
        _ = try EventToleranceOption.parse(eventTolerance)
    }

    /// `--shard I/N` as (I, N); nil without it.
    private func shardSlice() throws -> (index: Int, count: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw ValidationError("--shard: '\(shard)' is not I/N, e.g. 2/3")
        }
        return (index, count)
    }

    func run() throws {
        try CommandFailure.reporting {
            // Checked before anything runs: a missing valgrind is exit 69 at once, not after the cases.
            if counter != nil { try InstructionCounting.checkTools() }
            if harnessFloor == .alone { return try runHarnessFloorAlone() }
            let input = try SourceOption.input(source, defaultSeed: seed)
            let native = rate == "native"
            let request = PlanRequest(
                workloads: workloads,
                rates: native ? nil : try rate.map { try CommaList.numbers($0, flag: "--rate") },
                recordedTiming: native,
                filters: try filter.map { try CommaList.names($0, flag: "--filter") },
                modes: mode.modes,
                durationSeconds: duration, defaultDurationSeconds: quick ? 2 : 10,
                sampleCount: samples, defaultSampleCount: quick ? 20_000 : 200_000,
                virtualBudgetSeconds: samples == nil ? (quick ? 1 : 10) : nil,
                repetitions: repetitions, displayRateHz: displayRate, seed: seed,
                parameters: try ParameterOption.parse(param),
                selection: CaseSelection(include: select, skip: skip)
            )
            let catalogue = CommandContext.catalogue
            let eventTolerances = try EventToleranceOption.parse(eventTolerance, known: Set(catalogue.descriptors.flatMap { $0.events.map(\.label) }))
            let plan = try BenchmarkPlan.plan(request, catalogue: catalogue, input: input)
            let slice = try shardSlice().map { try plan.shard($0.index, of: $0.count) }
            let cases = slice?.cases ?? plan.cases
            for (workload, missing) in plan.leftOut {
                TerminalOutput.message("note: leaving out \(workload): \(input.source) has no \(missing.map(\.rawValue).joined(separator: ", "))")
            }
            if !quiet { noteUnscoredEvents(of: cases, catalogue: catalogue, input: input) }
            let session: RunSession
            do {
                session = try RunSession(folder: URL(literalPath: out ?? "results/\(Self.folderTimestamp())"))
            } catch let error as OutputError {
                throw ValidationError("--out: \(error)")
            }

            let settings = RunSettings(
                durationSeconds: plan.durationSeconds, sampleCount: plan.sampleCount, repetitions: repetitions,
                samplerRateHz: samplerRate, source: input.source.description, quick: quick
            )
            let runner = BenchmarkRunner(
                probe: try makeProcessProbe(), samplerRateHz: samplerRate, catalogue: catalogue, input: input,
                eventTolerances: eventTolerances, bounds: caseBounds())
            var options = RunSession.Options()
            options.formats = try FormatOption.parse(format)
            options.shard = slice?.shard
            options.harnessFloor = harnessFloor == .beside ? HarnessFloor.spec(beside: cases) : nil
            options.wakeFloors = harnessFloor == .beside
            options.countInstructions = counter != nil
            options.emit = emit
            let progress = ProgressLine(enabled: !quiet)
            options.progress = progress.show
            options.log = { line in if !quiet { TerminalOutput.message(line) } }
            options.stopRequested = { StopSignal.received()?.name }
            StopSignal.install()
            if let slice, !quiet {
                TerminalOutput.message("note: shard \(slice.shard.label): \(cases.count) of the plan's \(plan.cases.count) cases")
            }
            let (counted, files): (RunResult, [String])
            do {
                (counted, files) = try session.run(cases, with: runner, settings: settings, options: options)
                progress.finish()
            } catch {
                progress.finish()
                throw error
            }
            let folder = session.folder
            if quiet {
                TerminalOutput.line(folder.path)
            } else {
                TerminalOutput.print(SummaryTable.render(counted))
                TerminalOutput.line("Wrote \(folder.path)/: \(files.joined(separator: ", "))")
            }
            for result in counted.cases where result.fellBehind {
                TerminalOutput.message("warning: \(ProgressLine.label(result.spec)) fell behind: \(result.pacingSummary)")
            }
            // A signal during the last case leaves a complete run, but still ends with the signal's
            // code, so a script that was asked to stop stops.
            if let signal = StopSignal.received() {
                let uncounted = counter != nil && counted.cases.allSatisfy { $0.instructionsPerSample == nil }
                let summary =
                    counted.interruption?.summary(finishedCases: counted.cases.count)
                    ?? "\(signal.name) arrived during the last case or after it: every case finished and was written"
                    + (uncounted ? ", without instruction counts" : "")
                TerminalOutput.message("\(CommandContext.executableName): \(summary)")
                throw signal.exitCode
            }
        }
    }

    /// The bounds every case keeps to: a stop signal honoured within a case after its grace, and the
    /// memory budget (`--memory-budget`, by default half the memory the process may have).
    private func caseBounds() -> CaseBounds {
        let budget = memoryBudget.map { UInt64($0 * 1_048_576) } ?? Self.availableMemoryBytes() / 2
        return CaseBounds(stopRequested: { StopSignal.secondsSinceReceived() }, memoryBudgetBytes: budget, stretchSeconds: replayWhole ? nil : 1)
    }

    /// The memory the process may have: the machine's, or its container's limit (cgroup v2's
    /// `memory.max`, v1's `memory.limit_in_bytes`) when that is lower, as the kernel's out-of-memory
    /// killer acts on the container's.
    private static func availableMemoryBytes() -> UInt64 {
        let limits = ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"].compactMap { path in
            (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return ([ProcessInfo.processInfo.physicalMemory] + limits).min()!
    }

    /// `--harness-floor alone`: measures the harness's floor and nothing else (`--samples` of it), for
    /// the instruction counter, writing run.json into `--out` when given.
    private func runHarnessFloorAlone() throws {
        let floor = HarnessFloor.spec(sampleCount: samples ?? (quick ? 20_000 : 200_000), seed: seed)
        let settings = RunSettings(
            durationSeconds: 0, sampleCount: floor.sampleCount, repetitions: 1, samplerRateHz: samplerRate, source: "none", quick: quick)
        let runner = BenchmarkRunner(
            probe: try makeProcessProbe(), samplerRateHz: samplerRate, catalogue: CommandContext.catalogue,
            input: RunInput(scenario: .still, seed: seed), bounds: caseBounds())
        let result = try runner.run([], settings: settings, harnessFloor: floor)
        guard let out else { return }
        let folder = URL(literalPath: out)
        try AtomicFile.prepareFolder(folder)
        _ = try RunReport.write(result, to: folder, formats: [.json])
    }

    /// Says which declared events of the planned workloads the source knows no truth of, so a run
    /// without their accuracy is not a surprise.
    private func noteUnscoredEvents(of cases: [CaseSpec], catalogue: WorkloadCatalogue, input: RunInput) {
        let known = input.reference?.eventLabels ?? []
        var seen = Set<String>()
        for spec in cases where seen.insert(spec.workload).inserted {
            let unknown = (catalogue.named(spec.workload)?.descriptor.events ?? []).map(\.label).filter { !known.contains($0) }
            guard !unknown.isEmpty else { continue }
            TerminalOutput.message(
                "note: \(spec.workload) detects \(unknown.joined(separator: ", ")), which \(input.source) has no truth of: "
                    + "not scored (a recording with labels=FILE gives them truth)")
        }
    }

    private static func folderTimestamp() -> String {
        RunResult.timestamp(Date()).replacingOccurrences(of: ":", with: "-")
    }
}

/// The `--harness-floor` choices: the harness's floor measured beside the cases, not at all, or alone.
enum HarnessFloorChoice: String, ExpressibleByArgument, CaseIterable {
    case beside, off, alone
}

/// The `--counter` choices: what else to count beside time.
enum Counter: String, ExpressibleByArgument, CaseIterable {
    case instructions
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
