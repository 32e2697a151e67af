import ArgumentParser
import Foundation
import MotionBench
import MotionReports
import MotionSensors
import MotionWorkloads
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

    @Option(help: ArgumentHelp("Comma-separated rates in Hz, in (0, 10000], or `native`: a recording's own samples at their own times; default: each workload's own.", valueName: "hz,…|native"))
    var rate: String?

    @Option(help: ArgumentHelp("Comma-separated filters; default: each workload's default filters.", valueName: "name,…"))
    var filter: String?

    @Option(help: ArgumentHelp("Sweep a workload parameter, e.g. shapes=1,10,100,1000; repeatable.", valueName: "name=v1,v2,…"))
    var param: [String] = []

    @Option(help: ArgumentHelp("synthetic:SCENARIO[,seed=N] (the virtual device) or trace:PATH (a recording).", valueName: "source"))
    var source = "synthetic:tilt-and-shake"

    @Option(help: "realtime, virtual, or both.")
    var mode: ModeChoice = .both

    @Option(help: ArgumentHelp("Seconds per real-time case (default 10, 2 with --quick; a trace's length at most).", valueName: "seconds"))
    var duration: Double?

    @Option(help: ArgumentHelp("Sample ticks per virtual-time case, exactly (default: up to 200000, or 20000 with --quick, fewer if a case would take over 10 s, or 1 s, of wall time).", valueName: "n"))
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

    @Option(help: FormatOption.help)
    var format = "csv,md,json"

    @Flag(help: "A short run: 2 s real-time cases and 20000-sample virtual cases.")
    var quick = false

    @Flag(help: "Print only the run folder's path.")
    var quiet = false

    @Flag(help: "Also write each case's outputs per sample (or frame) to emitted/CASE.csv, from an unmeasured replay after the measured cases, and the plots over time to plots/.")
    var emit = false

    func validate() throws {
        if all && !workloads.isEmpty { throw ValidationError("--all: give either --all or workload names, not both") }
        if !all && workloads.isEmpty { throw ValidationError("name at least one workload, or --all (see `motionbench list`)") }
        if duration != nil, mode == .virtual {
            throw ValidationError("--duration: sets how long real-time cases run, and --mode virtual runs none (--samples sets a virtual case's length)")
        }
        if samples != nil, mode == .realtime {
            throw ValidationError("--samples: sets how many ticks virtual-time cases take, and --mode realtime runs none (--duration sets a real-time case's length)")
        }
        guard samplerRate > 0, samplerRate <= 1000 else { throw ValidationError("--sampler-rate: \(samplerRate) Hz is outside (0, 1000] Hz") }
        _ = try FormatOption.parse(format)
    }

    func run() throws {
        try CommandFailure.reporting {
            let input = try SourceOption.load(source, defaultSeed: seed)
            let hub = input.makeHub()
            let durationSeconds = try realTimeSeconds(available: hub.duration)
            let native = rate == "native"
            if native, hub.origin == nil { throw ValidationError("--rate: native needs a recording (--source trace:PATH)") }
            let request = PlanRequest(
                workloads: workloads,
                rates: native ? nil : try rate.map { try CommaList.numbers($0, flag: "--rate") },
                filters: try filter.map { try CommaList.names($0, flag: "--filter") },
                modes: mode.modes,
                durationSeconds: durationSeconds,
                sampleCount: samples ?? (quick ? 20_000 : 200_000),
                repetitions: repetitions, displayRateHz: displayRate, seed: seed,
                parameters: try ParameterOption.parse(param),
                virtualBudgetSeconds: samples == nil ? (quick ? 1 : 10) : nil
            )
            var cases = try plan(request, feedableBy: hub, named: input.description)
            if native { cases = nativeTiming(cases, hub: hub) }
            let folder = URL(literalPath: out ?? "results/\(Self.folderTimestamp())")
            let folderExisted = FileManager.default.fileExists(atPath: folder.path)
            do {
                try AtomicFile.prepareFolder(folder)
            } catch let error as OutputError {
                throw ValidationError("--out: \(error)")
            }

            let settings = RunSettings(
                durationSeconds: request.durationSeconds, sampleCount: request.sampleCount, repetitions: repetitions,
                samplerRateHz: samplerRate, source: input.description, quick: quick
            )
            let reference = input.accuracyReference(hub: hub)
            // Worked out once: the virtual device's is fitted from recordings it makes.
            let calibration = hub.calibration
            let runner = BenchmarkRunner(probe: try makeProcessProbe(), samplerRateHz: samplerRate) { spec, sensors in
                let available = sensors.filter { hub.sensors.contains($0) }
                return CaseInput(
                    source: try hub.subscribe(available, rate: spec.rateHz), touches: hub.touches,
                    recorded: spec.recordedTiming ? hub.recordedSamples(of: available) : nil, reference: reference,
                    calibration: calibration
                )
            }
            let formats = try FormatOption.parse(format)
            let progress = ProgressLine(enabled: !quiet)
            StopSignal.install()
            var checkpoint = RunCheckpoint(url: folder.appendingPathComponent("run.json"))
            let result: RunResult
            let files: [String]
            do {
                result = try runner.run(
                    cases, settings: settings, progress: progress.show, stopRequested: { StopSignal.received()?.name },
                    checkpoint: { partial in
                        // Finished cases survive a crash or kill -9: run.json is replaced whole after each.
                        if formats.contains(.json) { try checkpoint.write(partial) }
                    })
                progress.finish()
                // A run stopped by a signal is not kept waiting for its replay.
                let plots = emit && StopSignal.received() == nil ? try emitOutputs(of: result, runner: runner, into: folder) : []
                files = try RunReport.write(result, to: folder, formats: formats, plots: plots)
            } catch {
                // A run that fails (a full disk) leaves nothing of its own behind: no run.json, and no
                // folder if it made one and nothing else is in it.
                if checkpoint.written { try? FileManager.default.removeItem(at: checkpoint.url) }
                if !folderExisted { rmdir(folder.path) }
                throw error
            }
            if quiet {
                print(folder.path)
            } else {
                print(SummaryTable.render(result), terminator: "")
                print("\nWrote \(folder.path)/: \(files.joined(separator: ", "))")
            }
            // A signal during the last case leaves a complete run, but still ends with the signal's
            // code, so a script that was asked to stop stops.
            if let signal = StopSignal.received() {
                let summary = result.interruption?.summary(finishedCases: result.cases.count)
                    ?? "\(signal.name) arrived during the last case: every case finished and was written"
                FileHandle.standardError.write(Data("motionbench: \(summary)\n".utf8))
                throw signal.exitCode
            }
        }
    }

    /// Writes each distinct case's emitted CSV (the measured cases are done, so nothing here is
    /// timed) and returns the plots drawn from them and from the run's sampler readings.
    private func emitOutputs(of result: RunResult, runner: BenchmarkRunner, into folder: URL) throws -> [ReportChart] {
        try AtomicFile.prepareFolder(folder.appendingPathComponent(EmittedCase.folderName))
        for emitted in EmittedCase.distinct(result.cases.map(\.spec)) {
            var writer = try EmittedCSVWriter(url: folder.appendingPathComponent(emitted.relativePath))
            try runner.emitOutputs(of: emitted, accuracy: result.accuracy, into: &writer)
            try writer.commit()
        }
        return try RunPlots.make(result, runFolder: folder).charts
    }

    /// The cases turned to replay the recording at its own timing: one rate per workload, the recording's
    /// samples per second over its sensors; virtual time feeds the whole recording once unless
    /// `--samples` says otherwise. A workload that reads no sensor keeps its own rate.
    private func nativeTiming(_ cases: [CaseSpec], hub: SensorHub) -> [CaseSpec] {
        var seen = Set<String>()
        return cases.compactMap { spec in
            let descriptor = WorkloadRegistry.named(spec.workload)!.descriptor
            let sensors = (descriptor.sensors + descriptor.optionalSensors).filter { hub.sensors.contains($0) }
            let recorded = hub.recordedSamples(of: sensors) ?? []
            guard !recorded.isEmpty else { return spec }
            var spec = spec
            spec.recordedTiming = true
            spec.rateHz = Double(recorded.count) / max(hub.duration ?? 1, 1e-9)
            if samples == nil { spec.sampleCount = recorded.count }
            let id = "\(spec.workload)|\(spec.filter)|\(spec.parameterText)|\(spec.mode)|\(spec.repetition)"
            return seen.insert(id).inserted ? spec : nil
        }
    }

    /// Seconds per real-time case: asked for, or the default; never longer than a recording.
    private func realTimeSeconds(available: Double?) throws -> Double {
        let asked = duration ?? (quick ? 2 : 10)
        guard let available else { return asked }
        if let duration, duration > available {
            throw ValidationError("--duration: \(Format.hertz(duration)) s is longer than the trace's \(Format.fixed(available, 1)) s")
        }
        return min(asked, available)
    }

    /// The plan's cases, checked against what the source can feed: a named workload whose sensors the
    /// source lacks is an error; under `--all` such a workload is left out, with a note on stderr.
    private func plan(_ request: PlanRequest, feedableBy hub: SensorHub, named input: String) throws -> [CaseSpec] {
        let cases: [CaseSpec]
        do {
            cases = try BenchmarkPlan.cases(for: request)
        } catch let error as PlanError {
            throw ValidationError(error.description)
        }
        var unfed: [String: [SensorKind]] = [:]
        for name in Set(cases.map(\.workload)) {
            let missing = WorkloadRegistry.named(name)!.descriptor.sensors.filter { !hub.sensors.contains($0) }
            if !missing.isEmpty { unfed[name] = missing }
        }
        if let (name, missing) = unfed.min(by: { $0.key < $1.key }), !all {
            throw ValidationError("--source: \(input) has no \(missing.map(\.rawValue).joined(separator: ", ")), which \(name) needs")
        }
        for (name, missing) in unfed.sorted(by: { $0.key < $1.key }) {
            FileHandle.standardError.write(Data("note: leaving out \(name): \(input) has no \(missing.map(\.rawValue).joined(separator: ", "))\n".utf8))
        }
        return cases.filter { unfed[$0.workload] == nil }
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
