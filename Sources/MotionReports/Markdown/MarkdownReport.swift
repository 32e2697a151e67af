import MotionResults

/// `report.md`: the run's environment, tables comparing workloads, rates and filters in each mode,
/// projected against measured CPU where both modes ran, the sampler's own cost, accuracy against
/// cost when the source has truth, and the charts.
/// Repeated cases are shown by their median, with the repetition count and spread; a sweep of many
/// rates, in bands of neighbouring rates (`rateBands`).
public enum MarkdownReport {
    /// The Markdown text; `charts` are the SVG file names written next to it.
    public static func render(_ run: RunResult, charts: [ReportChart]) -> String {
        var out = "# motionbench run\n\n"
        out += "Started \(run.startedAt), finished \(run.finishedAt). Source: \(MarkdownText.code(run.settings.source)).\n\n"
        if let interruption = run.interruption {
            out +=
                "**Not a complete run: \(interruption.summary(finishedCases: run.cases.count)).** The figures below are those of the finished cases.\n\n"
        }
        out += fellBehind(run)
        out += FeatureTable.render(run)
        out += environment(run)
        out += shards(run)
        out += "In every table below, **Workload**, **Rate (Hz)** and **Filter** name the case (swept parameters follow the filter after ·); "
        out += "**Mode** is virtual time (replayed flat out) or real time (paced by the wall clock); a figure is the median over the case's "
        out += "repetitions (**Reps**); CPU per second is in µs of one core's time per second (1 % of a core is 10,000 µs/s).\n\n"
        let groups = CaseKey.group(run.cases)
        let rows = rateBands(groups)
        if rows.count < groups.count {
            out +=
                "**Sweeps of more than \(mostRatesShown) rates are shown in \(bandCount) bands of neighbouring rates:** a row holds a band's cases "
            out += "(Reps counts them) and gives their median; `\(RunFolder.summaryFile)` has every case.\n\n"
        }
        let virtual = rows.filter { $0.key.mode == .virtual }
        let realtime = rows.filter { $0.key.mode == .realtime }
        if !virtual.isEmpty { out += virtualTable(virtual, samples: run.settings.sampleCount) }
        out += harnessFloor(run)
        out += recordingInVirtualTime(virtual)
        if !realtime.isEmpty { out += realtimeTable(realtime, run: run) }
        out += wakeFloor(run)
        out += memoryTable(rows, charts: charts)
        out += projectedAgainstMeasured(rows, run: run)
        out += parameterSweeps(groups)
        out += samplerTable(rows)
        out += AccuracyReport.render(run, charts: charts)
        // Accuracy charts sit in their own section, and the plots over time in theirs.
        let plots = charts.filter(\.kind.isPlotOverTime)
        let costCharts = charts.filter { chart in
            switch chart.kind {
            case .cost, .cpu, .sweep: true
            default: false
            }
        }
        if !costCharts.isEmpty {
            out += "## Charts\n\n"
            for chart in costCharts { out += "![\(chart.title)](\(chart.fileName))\n\n" }
        }
        out += plotList(plots, run: run)
        out += "Missing figures are shown as —: the mode or platform does not give them.\n"
        return out
    }

    /// The plots over time: estimate and truth, and error, shown; CPU and memory per real-time case
    /// linked, one line each (two per case are too many to show inline), and why a case has no CPU chart.
    private static func plotList(_ plots: [ReportChart], run: RunResult) -> String {
        guard !plots.isEmpty else { return "" }
        var out = "## Plots\n\nOver time, from the emitted per-sample outputs (`\(RunFolder.emittedFolderName)/`) and the sampler's readings.\n\n"
        let shown = plots.filter { $0.kind == .estimateOverTime || $0.kind == .errorOverTime }
        for plot in shown { out += "![\(plot.title)](\(plot.fileName))\n\n" }
        for plot in plots where plot.kind == .threadCPU || plot.kind == .memory { out += "- [\(plot.title)](\(plot.fileName))\n" }
        if plots.contains(where: { $0.kind == .memory }) {
            for line in ThreadPlots.cpuChartsLeftOut(run) { out += "- \(line)\n" }
        }
        return out + "\n"
    }

    /// The real-time cases whose workload fell behind its rate, each with how far, so their figures
    /// are not read as those of a workload that kept up.
    private static func fellBehind(_ run: RunResult) -> String {
        let behind = run.cases.filter(\.fellBehind)
        guard !behind.isEmpty else { return "" }
        var out =
            "**Fell behind:** "
            + (behind.count == 1
                ? "a real-time case's workload did not keep up with its rate" : "real-time cases' workloads did not keep up with their rates")
        out += "; what was not handled in the case's time was dropped, and the figures are those of a workload that did not keep up.\n\n"
        for result in behind {
            let swept = result.spec.parameters.isEmpty ? "" : " " + result.spec.parameterText
            let subject = "\(result.spec.workload) \(Format.hertz(result.spec.rateHz)) Hz \(result.spec.filter)\(swept) #\(result.spec.repetition)"
            out += "- \(MarkdownText.code(subject)): \(MarkdownText.cell(result.pacingSummary))\n"
        }
        return out + "\n"
    }

    private static func environment(_ run: RunResult) -> String {
        let env = run.environment
        var rows: [(String, String)] = [
            ("Host", env.host), ("CPU", "\(env.cpuModel) (\(env.cores) cores)"), ("OS", env.os),
            ("Kernel", env.kernel), ("Architecture", env.architecture), ("Swift", env.swiftVersion),
            ("Build", env.buildConfiguration), ("Commit", env.gitCommit ?? "—"),
            ("Command", MarkdownText.code(env.commandLine.joined(separator: " "))),
            (
                "Settings",
                "\(Format.hertz(run.settings.durationSeconds)) s real time, \(run.settings.sampleCount) samples virtual, "
                    + "\(run.settings.repetitions) repetition(s), sampler \(Format.hertz(run.settings.samplerRateHz)) Hz"
                    + (run.settings.quick ? ", quick" : "")
            ),
        ]
        // The command is a code span already made safe; the rest are plain cells.
        rows = rows.map { ($0.0, $0.0 == "Command" ? $0.1 : MarkdownText.cell($0.1)) }
        return "## Environment\n\n| | |\n|---|---|\n" + rows.map { "| \($0.0) | \($0.1) |\n" }.joined() + "\n"
    }

    /// For a shard, which slice it is; for a merged run, each shard's cases and machine, so every
    /// case's environment is known.
    private static func shards(_ run: RunResult) -> String {
        if let shard = run.shard {
            return
                "**Shard \(shard.label)** of a plan of \(shard.plannedCases) cases (plan `\(shard.plan)`): this run holds \(shard.planPositions.count) of them; "
                + "`motionbench merge` joins the shards.\n\n"
        }
        guard let merged = run.mergedShards else { return "" }
        var out =
            "## Shards\n\nMerged from \(merged.count) shards of plan `\(merged.first?.shard.plan ?? "")`; each case ran on its shard's machine.\n\n"
        out += "| Shard | Host | CPU | OS, kernel | Started | Finished | Cases |\n|---|---|---|---|---|---|---|\n"
        for entry in merged {
            let env = entry.environment
            var names: [String] = []
            for position in entry.shard.planPositions {
                let name = run.cases[position].spec.identity.exportName(mode: nil)
                if !names.contains(name) { names.append(name) }
            }
            let row = [
                entry.shard.label, env.host, "\(env.cpuModel) (\(env.cores) cores)", "\(env.os), \(env.kernel)", entry.startedAt, entry.finishedAt,
                "\(entry.shard.planPositions.count): " + names.joined(separator: ", "),
            ]
            out += "| " + row.map(MarkdownText.cell).joined(separator: " | ") + " |\n"
        }
        return out + "\n"
    }

    private static func virtualTable(_ groups: [(key: CaseKey, cases: [CaseResult])], samples: Int) -> String {
        var out = "## Cost per sample (virtual time, \(samples) samples a case)\n\n"
        out +=
            "| Workload | Rate (Hz) | Filter | CPU ns/sample | p50 / p90 / p99 | Wall ns/sample | CPU µs/s | Instructions/sample | Allocs/sample | Bytes/sample | Reps | CV % |\n"
        out += "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for group in groups {
            let cpu = SampleSummary(group.cases.map(\.cpuNsPerSample))
            out += "| \(group.key.workload) | \(rates(group.cases)) | \(variant(group.key)) | "
            let spread = [\ChunkCost.p50NsPerSample, \.p90NsPerSample, \.p99NsPerSample].map { percentile in
                cell(median(group.cases.map { $0.chunkCost?[keyPath: percentile] }), 1)
            }
            out += "\(cell(cpu?.median, 1)) | \(spread.joined(separator: " / ")) | \(cell(median(group.cases.map(\.wallNsPerSample)), 1)) | "
            out += "\(perSecond(median(group.cases.map(\.projectedCpuPct)))) | \(cell(median(group.cases.map(\.instructionsPerSample)), 1)) | "
            out += "\(share(median(group.cases.map(\.allocationsPerSample)))) | \(share(median(group.cases.map(\.allocationBytesPerSample)))) | "
            out += "\(group.cases.count) | \(cell(group.cases.count > 1 ? cpu?.coefficientOfVariationPct : nil, 1)) |\n"
        }
        out += "\n"
        out += definitions([
            ("CPU ns/sample", "CPU time of the workload's thread and its workers per sample tick, display frames included"),
            (
                "p50 / p90 / p99",
                "the workload thread's CPU per sample tick in the case's median, 90th and 99th percentile chunk of ticks (a hundredth of the case, 1024 ticks at least): how steady the cost is; — with too few chunks (10 for p90, 100 for p99)"
            ),
            ("Wall ns/sample", "wall-clock time of the workload's thread per sample tick"),
            ("CPU µs/s", "what that CPU time costs per second of the case's own time at its rate: µs of one core a second"),
            ("Instructions/sample", "instructions per sample tick, counted under callgrind when the run asked for them (`--counter instructions`)"),
            ("Allocs/sample", "the workload threads' calls to the allocator per sample tick"),
            ("Bytes/sample", "the bytes those calls asked for, per sample tick"),
            ("CV %", "the coefficient of variation of CPU ns/sample over the repetitions"),
        ])
        return out
    }

    /// The harness's own cost per sample, so a reader sees what part of each virtual-time figure is theirs.
    private static func harnessFloor(_ run: RunResult) -> String {
        guard let floor = run.harnessFloor else { return "" }
        let instructions = floor.instructionsPerSample.map { ", \(Format.fixed($0, 1)) instructions" } ?? ""
        return "**The harness's floor** (not a workload of the catalogue): a workload that does nothing but count its samples, replayed in "
            + "virtual time beside the cases (\(Format.hertz(floor.spec.rateHz)) Hz, \(floor.samples) samples), costs "
            + "\(cell(floor.cpuNsPerSample, 1)) CPU ns, \(cell(floor.wallNsPerSample, 1)) wall ns\(instructions) and "
            + "\(share(floor.allocationsPerSample)) allocations a sample: the harness's own part of every virtual-time figure above; the rest is the workload's.\n\n"
    }

    /// For virtual-time cases fed by a recording, how much of it a case fed and how many laps it went
    /// round: the replay laps the recording itself, time moving on.
    private static func recordingInVirtualTime(_ groups: [(key: CaseKey, cases: [CaseResult])]) -> String {
        let fed = groups.filter { group in group.cases.contains { $0.recordingSeconds != nil } }
        guard !fed.isEmpty else { return "" }
        var out = "## The recording in virtual time\n\n"
        out += "A virtual-time case replays the recording itself, lap after lap, time moving on: each lap runs from the recording's start to "
        out += "the last tick or sample the case fed of it (the whole recording, unless the case is shorter or a lap cannot hold it all).\n\n"
        out += "| Workload | Rate (Hz) | Filter | Recording fed (s) | Recording (s) | Laps |\n|---|---:|---|---:|---:|---:|\n"
        for group in fed {
            out += "| \(group.key.workload) | \(rates(group.cases)) | \(variant(group.key)) | "
            out += "\(cell(median(group.cases.map(\.recordingSecondsFed)), 2)) | \(cell(median(group.cases.map(\.recordingSeconds)), 2)) | "
            out += "\(cell(median(group.cases.map(\.laps)), 1)) |\n"
        }
        out += "\n"
        out += definitions([
            ("Recording fed (s)", "seconds of the recording a lap reaches"),
            ("Recording (s)", "the recording's length, the seconds every sensor the case reads covers"),
            ("Laps", "how many times the case went round its lap, a fraction for a lap fed in part"),
        ])
        return out
    }

    private static func realtimeTable(_ groups: [(key: CaseKey, cases: [CaseResult])], run: RunResult) -> String {
        var out = "## Real time (\(Format.hertz(run.settings.durationSeconds)) s a case)\n\n"
        out += "| Workload | Rate (Hz) | Filter | Achieved Hz | Lateness p50 / p99 / max (µs) | Missed | Workload CPU µs/s | Above wake floor µs/s "
        out += "| Hub CPU µs/s | Process CPU µs/s | Allocs/sample | RSS (MiB) | Peak RSS (MiB) |\n"
        out += "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for group in groups {
            let cases = group.cases
            let lateness = [
                median(cases.map { $0.lateness?.p50Us }), median(cases.map { $0.lateness?.p99Us }), median(cases.map { $0.lateness?.maxUs }),
            ]
            out += "| \(group.key.workload) | \(rates(group.cases)) | \(variant(group.key)) | "
            out += "\(cell(median(cases.map(\.achievedHz)), 2)) | \(lateness.map { cell($0, 0) }.joined(separator: " / ")) | "
            out += "\(cell(median(cases.map { $0.missed.map(Double.init) }), 0)) | \(perSecond(median(cases.map(\.cpuPct)))) | "
            out += "\(aboveWakeFloor(cases, run: run)) | "
            out += "\(perSecond(median(cases.map { $0.cpuPct(of: .hub) }))) | \(perSecond(median(cases.map(\.processCpuPct)))) | "
            out += "\(share(median(cases.map(\.allocationsPerSample)))) | "
            out += "\(cell(median(cases.map(\.rssMiB)), 1)) | \(cell(median(cases.map(\.peakRssMiB)), 1)) |\n"
        }
        out += "\n"
        out += definitions([
            ("Achieved Hz", "sample ticks delivered per second, from the first to the last"),
            ("Lateness", "how late the pacer woke for each sample tick, its 50th and 99th percentiles and its maximum"),
            ("Missed", "sample ticks skipped because the pacer woke more than a period late"),
            ("Workload CPU µs/s", "CPU time of the workload's thread and its workers per second of the case: what a phone pays, waking included"),
            (
                "Above wake floor µs/s",
                "the workload's CPU per second over its wake floor's (a workload that does nothing, paced the same way: see below), "
                    + "± its resolution: the part that is the feature's own"
            ),
            ("Hub CPU µs/s", "CPU time per second of the hub thread, which paces the case and hands each sample and frame to the workload"),
            ("Process CPU µs/s", "CPU time per second of the whole process: workload, hub, sampler, the runtime's threads"),
            ("Allocs/sample", "the workload threads' calls to the allocator per sample tick"),
            ("RSS, Peak RSS", "the process's resident memory at the end of the case, and its peak during the case"),
        ])
        return out
    }

    /// A real-time case's median CPU above its wake floor, with its resolution; — without a floor.
    static func aboveWakeFloor(_ cases: [CaseResult], run: RunResult) -> String {
        guard !cases.isEmpty, let above = run.costAboveWakeFloor(of: cases) else { return "—" }
        return "\(Format.significant(above.cpuUsPerSecond, 3)) ± \(Format.significant(above.resolutionUsPerSecond, 2))"
    }

    /// The wake floors the run measured: what waking a thread for each sample and frame costs this machine.
    private static func wakeFloor(_ run: RunResult) -> String {
        guard let floors = run.wakeFloors, !floors.isEmpty else { return "" }
        var out = "### The wake floor\n\n"
        out += "A workload that does nothing but count its samples, paced in real time as the cases above are (the same rate, frames and "
        out += "sensors), measured twice for each pacing in each repetition, for half a case's length (at least a second, no longer than "
        out += "the case), just before the first case it serves and just after the last. Its CPU is this machine's cost of waking a "
        out += "thread for every sample and frame, which a phone pays at its own price: it is not portable, and the report sets each "
        out += "real-time case above it.\n\n"
        out += "| Rate (Hz) | Frames (Hz) | Sensors | Rep | Measured | CPU µs/s | CPU ns/sample |\n|---:|---:|---:|---:|---|---:|---:|\n"
        struct Key: Hashable {
            var pacing: WakePacing?
            var repetition: Int
        }
        var seen: [Key: Int] = [:]
        for floor in floors {
            let key = Key(pacing: WakePacing(floor), repetition: floor.spec.repetition)
            let order = seen[key, default: 0]
            seen[key] = order + 1
            let rate = floor.spec.recordedTiming ? "native \(Format.significant(floor.spec.rateHz, 4))" : Format.hertz(floor.spec.rateHz)
            out += "| \(rate) | \(floor.spec.displayRateHz.map(Format.hertz) ?? "—") | \(floor.sensors?.count ?? 0) | \(floor.spec.repetition) | "
            out += "\(order == 0 ? "before" : "after") | \(perSecond(floor.cpuPct)) | \(cell(floor.cpuNsPerSample, 0)) |\n"
        }
        return out + "\n"
    }

    /// Each case's own memory: its heap (held, peak, transient, leaked) and its resident peak over
    /// the resident size before it, in KiB, with the chart that sets them side by side; nothing when
    /// no case has any of them (a run from before they were measured).
    private static func memoryTable(_ groups: [(key: CaseKey, cases: [CaseResult])], charts: [ReportChart]) -> String {
        let figures = MemoryFigure.all
        guard groups.contains(where: { group in group.cases.contains { result in figures.contains { $0.value(result) != nil } } }) else { return "" }
        var out = "## Memory\n\n"
        out +=
            "Each case's own heap, every block by its usable size: what the workload **holds** once created, its **peak** from creation to release, "
        out += "the **transient** bytes it allocated and had freed by then, and what it **leaked** (still live after its release); "
        out += "then the case's own peak resident size over the resident size just before its workload was created (**peak RSS Δ**). "
        out +=
            "Held, peak and leaked repeat in virtual time to the allocator's rounding, and `compare` gates on them; missing (—) where the build cannot count (not Linux, or a sanitizer).\n\n"
        out += "| Workload | Rate (Hz) | Filter | Mode | " + figures.map { "\($0.title) (KiB)" }.joined(separator: " | ") + " | Reps |\n"
        out += "|---|---:|---|---|---:|---:|---:|---:|---:|---:|\n"
        for group in groups {
            out += "| \(group.key.workload) | \(rates(group.cases)) | \(variant(group.key)) | \(group.key.mode.rawValue) | "
            for figure in figures {
                out += "\(cell(median(group.cases.map { figure.value($0).map { Double($0) / 1024 } }), 2)) | "
            }
            out += "\(group.cases.count) |\n"
        }
        out += "\n"
        for chart in charts where chart.kind == .heap { out += "![\(chart.title)](\(chart.fileName))\n\n" }
        return out
    }

    private static func projectedAgainstMeasured(_ groups: [(key: CaseKey, cases: [CaseResult])], run: RunResult) -> String {
        let byKey = Dictionary(groups.map { ($0.key, $0.cases) }, uniquingKeysWith: { first, _ in first })
        let pairs = groups.filter { $0.key.mode == .virtual }.compactMap { group -> (CaseKey, [CaseResult], [CaseResult])? in
            var realtimeKey = group.key
            realtimeKey.mode = .realtime
            return byKey[realtimeKey].map { (group.key, group.cases, $0) }
        }
        guard !pairs.isEmpty else { return "" }
        var out = "## Projected against measured\n\n"
        out += "| Workload | Rate (Hz) | Filter | CPU µs/s (virtual) | CPU µs/s (real time) | Above wake floor µs/s "
        out += "| CPU ns/sample (virtual) | CPU ns/sample (real time) |\n"
        out += "|---|---:|---|---:|---:|---:|---:|---:|\n"
        for (key, virtual, realtime) in pairs {
            out += "| \(key.workload) | \(rates(virtual)) | \(variant(key)) | "
            out += "\(perSecond(median(virtual.map(\.projectedCpuPct)))) | \(perSecond(median(realtime.map(\.cpuPct)))) | "
            out += "\(aboveWakeFloor(realtime, run: run)) | "
            out += "\(cell(median(virtual.map(\.cpuNsPerSample)), 1)) | \(cell(median(realtime.map(\.cpuNsPerSample)), 1)) |\n"
        }
        out += "\n"
        out += definitions([
            ("CPU µs/s (virtual)", "the workload's CPU per second as virtual time projects it: its cost per sample tick times the rate"),
            ("CPU µs/s (real time)", "the workload's CPU per second measured in real time, which also pays for waking on every event"),
            (
                "Above wake floor µs/s",
                "the real-time figure over the wake floor's, ± its resolution: near the virtual one when waking is all the rest"
            ),
            ("CPU ns/sample", "the workload's CPU per sample tick in each mode"),
        ])
        return out
    }

    private static func samplerTable(_ groups: [(key: CaseKey, cases: [CaseResult])]) -> String {
        var out = "## The sampler's own cost\n\n"
        out += "The sampler reads every thread and the process's memory on its own thread; its CPU is never counted in a workload's.\n\n"
        out += "| Workload | Rate (Hz) | Filter | Mode | Snapshots | µs per snapshot | Sampler CPU µs/s |\n"
        out += "|---|---:|---|---|---:|---:|---:|\n"
        for group in groups {
            let cases = group.cases
            out += "| \(group.key.workload) | \(rates(group.cases)) | \(variant(group.key)) | \(group.key.mode.rawValue) | "
            out += "\(cell(median(cases.map { Double($0.sampler.snapshots) }), 0)) | \(cell(median(cases.map(\.sampler.usPerSnapshot)), 1)) | "
            out += "\(perSecond(median(cases.map(\.sampler.cpuPct)))) |\n"
        }
        out += "\n"
        out += definitions([
            ("Snapshots", "the sampler's readings of every thread's CPU and the process's memory during the case"),
            ("µs per snapshot", "the sampler thread's CPU time per reading"),
            ("Sampler CPU µs/s", "the sampler thread's CPU time per second of the case"),
        ])
        return out
    }

    /// For each workload and parameter swept, cost against the parameter's value: the curve a sweep
    /// of the motion cube's shape count is run for.
    private static func parameterSweeps(_ groups: [(key: CaseKey, cases: [CaseResult])]) -> String {
        let sweeps = ParameterSweep.all(in: groups)
        guard !sweeps.isEmpty else { return "" }
        var out = "## Cost against swept parameters\n\n"
        for sweep in sweeps {
            out += "### \(sweep.subject): cost against `\(sweep.parameter)`\n\n"
            out += "| \(sweep.parameter) | CPU ns/sample (virtual) | CPU µs/s (virtual) | CPU µs/s (real time) | Peak RSS (MiB) |\n"
            out += "|---:|---:|---:|---:|---:|\n"
            for point in sweep.points {
                out += "| \(Format.hertz(point.value)) | \(cell(point.cpuNsPerSample, 1)) | \(perSecond(point.projectedCpuPct)) | "
                out += "\(perSecond(point.measuredCpuPct)) | \(cell(point.peakRssMiB, 1)) |\n"
            }
            out += "\n"
        }
        out += definitions([
            ("CPU ns/sample (virtual)", "the workload's CPU per sample tick in virtual time"),
            ("CPU µs/s", "its CPU per second: projected from virtual time, and measured in real time (waking included)"),
            ("Peak RSS", "the process's peak resident memory during the case"),
        ])
        return out
    }

    /// The most rates a workload and variant in one mode is shown at, a row each.
    static let mostRatesShown = 20
    /// The bands a sweep of more rates is shown in.
    static let bandCount = 10

    /// `groups`, with each sweep of more than `mostRatesShown` rates (a workload and variant in one
    /// mode) joined into `bandCount` bands of neighbouring rates, a row each: the band's cases under
    /// the key of its lowest rate, where the band's first group stood.
    static func rateBands(_ groups: [(key: CaseKey, cases: [CaseResult])]) -> [(key: CaseKey, cases: [CaseResult])] {
        var sweeps: [CaseKey: [Int]] = [:]
        for (index, group) in groups.enumerated() where !group.key.identity.recordedTiming {
            var sweep = group.key
            sweep.identity.rateHz = 0
            sweeps[sweep, default: []].append(index)
        }
        // Each banded group's band, named by the band's lowest-rate group.
        var bandOf: [Int: Int] = [:]
        for members in sweeps.values where members.count > mostRatesShown {
            let byRate = members.sorted { groups[$0].key.rateHz < groups[$1].key.rateHz }
            for band in 0..<bandCount {
                let slice = byRate[band * byRate.count / bandCount..<(band + 1) * byRate.count / bandCount]
                for member in slice { bandOf[member] = slice.first! }
            }
        }
        guard !bandOf.isEmpty else { return groups }
        var rows: [(key: CaseKey, cases: [CaseResult])] = []
        var rowOfBand: [Int: Int] = [:]
        for (index, group) in groups.enumerated() {
            guard let band = bandOf[index] else {
                rows.append(group)
                continue
            }
            if let row = rowOfBand[band] {
                rows[row].cases += group.cases
            } else {
                rowOfBand[band] = rows.count
                rows.append((groups[band].key, group.cases))
            }
        }
        return rows
    }

    /// The rate of a row's cases, or the span of a band's: `50` or `10–45`.
    static func rates(_ cases: [CaseResult]) -> String {
        let rates = cases.map(\.spec.rateHz)
        guard let low = rates.min(), let high = rates.max(), low < high else { return Format.hertz(cases.first?.spec.rateHz ?? 0) }
        return "\(Format.hertz(low))–\(Format.hertz(high))"
    }

    /// The filter, and the swept parameters when there are any: `raw · shapes=100`.
    static func variant(_ key: CaseKey) -> String {
        key.parameters.isEmpty ? key.filter : "\(key.filter) · \(key.identity.parameterText)"
    }

    private static func median(_ values: [Double?]) -> Double? { SampleSummary(values)?.median }

    /// A CPU share given in % of one core, in µs of CPU per second, three significant digits.
    static func perSecond(_ pct: Double?) -> String {
        share(pct.map { $0 * CostAboveWakeFloor.usPerSecondPerPercent })
    }

    /// The bullet list defining a table's columns, with a blank line after it.
    static func definitions(_ columns: [(name: String, meaning: String)]) -> String {
        columns.map { "- **\($0.name)**: \($0.meaning).\n" }.joined() + "\n"
    }

    /// A figure with three significant digits, as cheap workloads' are small.
    static func share(_ value: Double?) -> String {
        let text = Format.significant(value, 3)
        return text.isEmpty ? "—" : text
    }

    static func cell(_ value: Double?, _ decimals: Int) -> String {
        let text = Format.fixed(value, decimals)
        return text.isEmpty ? "—" : text
    }
}
