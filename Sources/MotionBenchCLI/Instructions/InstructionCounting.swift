import Dispatch
import Foundation
import MotionBench
import MotionReports
import MotionResults
import MotionWorkloads
import SystemView

/// `run --counter instructions`: the instructions of every virtual-time case's per-sample work,
/// counted under valgrind's callgrind, figures that do not move with the machine's load.
///
/// Each distinct case runs twice more, as a child of this very executable under callgrind, for N/2
/// and N sample ticks; collection is on only inside the replay loop that feeds the workload
/// (`VirtualTimeCase.replay`) and, on a workload's own threads, inside the functions its descriptor
/// names (`workerFunctions`), less the hand-offs it names (`handOffFunctions`). The difference of
/// the two runs over N/2 ticks cancels every fixed cost (start-up, warm-up, finishing). The children
/// run a copy of the executable without its debug information (valgrind 3.19 cannot read the DWARF 5
/// Swift's builds carry), its symbols kept, with Swift's hashing made deterministic and the sampler
/// slowed to nothing, so the same code and input count the same to the instruction.
struct InstructionCounting {
    /// What one case's counting found.
    struct Count {
        var perSample: Double
        var ticks: Int
        /// Instructions per 1000 ticks by call stack.
        var profile: FoldedStacks
    }

    /// Counting was stopped by a stop signal; nothing it started is left.
    struct Stopped: Error {}

    private let executable: URL
    private let scratch: ScratchFolder
    /// Each symbol's demangled name, whole (to find functions by) and simplified (to show them).
    private let demangled: [String: (full: String, shown: String)]

    /// The tools counting needs, by command name, and the Debian package each comes in.
    private static let tools = [("valgrind", "valgrind"), ("objcopy", "binutils"), ("nm", "binutils"), ("swift-demangle", "the Swift toolchain")]

    /// Checks that counting can run here: a build without a sanitizer, and every tool on the path;
    /// returns their paths, or throws a `CommandFailure` with exit code 69 naming what is missing.
    @discardableResult
    static func checkTools() throws -> [String: String] {
        if let sanitizer = LoadedSanitizer.name {
            throw CommandFailure(
                "--counter instructions: this motionbench is built with \(sanitizer), which valgrind cannot run; use a build without a sanitizer",
                exitCode: .unavailable)
        }
        var paths: [String: String] = [:]
        for (tool, package) in tools {
            guard let path = findExecutable(tool) else {
                throw CommandFailure(
                    "--counter instructions: \(tool) is missing (install \(package), e.g. apt-get install -y \(package == "the Swift toolchain" ? "swiftlang" : package))",
                    exitCode: .unavailable)
            }
            paths[tool] = path
        }
        return paths
    }

    /// Checks the tools, and copies this executable without its debug information into a scratch
    /// folder, which `count` removes (as this does when it fails, and a second stop signal whenever
    /// it comes); throws a `CommandFailure` with exit code 69 naming a missing tool, or `Stopped`
    /// when `stopRequested` says so before it is done.
    static func prepare(stopRequested: @escaping () -> Bool = { false }) throws -> InstructionCounting {
        let paths = try checkTools()
        // valgrind's children, and what they start, stay this process's to stop, whatever they do.
        ChildProcess.adoptOrphans()
        let scratch = try ScratchFolder(purpose: "instructions")
        do {
            return try prepare(in: scratch, tools: paths, stopRequested: stopRequested)
        } catch {
            scratch.remove()
            throw error
        }
    }

    /// The copy of this executable in `scratch` and its symbols' names.
    private static func prepare(
        in scratch: ScratchFolder, tools paths: [String: String], stopRequested: @escaping () -> Bool
    ) throws -> InstructionCounting {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let copy = scratch.url.appendingPathComponent(own.lastPathComponent)
        @discardableResult func tool(_ name: String, _ arguments: [String], input: String? = nil) throws -> String {
            try runTool(paths[name]!, arguments, input: input, in: scratch.url, timeout: toolSeconds, stopRequested: stopRequested)
        }
        try tool("objcopy", ["--strip-debug", own.path, copy.path])
        let symbols = try tool("nm", ["--defined-only", copy.path]).split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.count == 3 && (fields[1] == "t" || fields[1] == "T") ? String(fields[2]) : nil
        }
        let list = symbols.joined(separator: "\n") + "\n"
        let full = try tool("swift-demangle", [], input: list).split(separator: "\n", omittingEmptySubsequences: false)
        let shown = try tool("swift-demangle", ["--simplified"], input: list).split(separator: "\n", omittingEmptySubsequences: false)
        var demangled: [String: (full: String, shown: String)] = [:]
        for (index, symbol) in symbols.enumerated() where index < full.count && index < shown.count {
            demangled[symbol] = (String(full[index]), String(shown[index]))
        }
        return InstructionCounting(executable: copy, scratch: scratch, demangled: demangled, stopRequested: stopRequested)
    }

    /// Seconds a tool (objcopy, nm, swift-demangle) may take before it is stopped.
    static let toolSeconds = 300.0

    /// Whether to stop counting, asked while each child runs.
    private let stopRequested: () -> Bool

    private init(executable: URL, scratch: ScratchFolder, demangled: [String: (full: String, shown: String)], stopRequested: @escaping () -> Bool) {
        self.executable = executable
        self.scratch = scratch
        self.demangled = demangled
        self.stopRequested = stopRequested
    }

    /// Counts each distinct virtual-time case of `run`, and its harness floor when it has one;
    /// `progress` sees each as it starts. The scratch folder is removed however this ends; a stop
    /// request ends it with `Stopped`, its valgrind runs stopped.
    func count(
        _ run: RunResult, catalogue: WorkloadCatalogue, progress: (String) -> Void
    ) throws -> (cases: [CaseIdentity: Count], harnessFloor: Count?) {
        defer { scratch.remove() }
        /// One thing to count: a case, or the floor (`identity` nil), run by `arguments` for a number of ticks.
        struct Job {
            var identity: CaseIdentity?
            var name: String
            var ticks: Int
            var arguments: (Int) -> [String]
            var descriptor: WorkloadDescriptor?
            /// The case's CPU per sample as measured, which bounds how long valgrind may take.
            var costNsPerSample: Double?
        }
        var jobs: [Job] = []
        var seen = Set<CaseIdentity>()
        for result in run.cases where result.spec.mode == .virtual && seen.insert(result.spec.identity).inserted {
            let spec = result.spec
            jobs.append(
                Job(
                    identity: spec.identity, name: spec.identity.name, ticks: Self.ticks(costNsPerSample: result.cpuNsPerSample),
                    arguments: { spec.runArguments(ticks: $0, source: run.settings.source) }, descriptor: catalogue.named(spec.workload)!.descriptor,
                    costNsPerSample: result.cpuNsPerSample))
        }
        if let floor = run.harnessFloor {
            jobs.append(
                Job(
                    identity: nil, name: HarnessFloor.name, ticks: Self.ticks(costNsPerSample: floor.cpuNsPerSample),
                    arguments: {
                        [
                            "run", "--harness-floor", "alone", "--mode", "virtual", "--samples", String($0), "--sampler-rate", "0.001",
                            "--replay-whole",
                            "--seed", String(floor.spec.seed),
                        ]
                    },
                    descriptor: nil, costNsPerSample: floor.cpuNsPerSample))
        }
        let replay = try symbols(startingWith: "MotionBench.VirtualTimeCase.replay(")
        var counts: [String: Count] = [:]
        var failure: Error?
        let lock = NSLock()
        for (index, job) in jobs.enumerated() {
            progress("instructions: \(index + 1)/\(jobs.count) \(job.name), \(job.ticks) ticks under callgrind")
        }
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let job = jobs[index]
            do {
                let counted =
                    try job.descriptor.map { descriptor in
                        try workerFunctionsAndHandOffs(descriptor) { try symbols(startingWith: $0) }
                    } ?? (workers: [], handOffs: [])
                let timeout = Self.valgrindSeconds(ticks: job.ticks, costNsPerSample: job.costNsPerSample)
                let long = try profile(
                    job.name, ticks: job.ticks, arguments: job.arguments(job.ticks), toggles: replay + counted.workers, timeout: timeout)
                let short = try profile(
                    job.name, ticks: job.ticks / 2, arguments: job.arguments(job.ticks / 2), toggles: replay + counted.workers, timeout: timeout)
                let extra = Double(job.ticks - job.ticks / 2)
                let handOffs = Set(counted.handOffs)
                let instructions = (long.total - long.inclusive(of: handOffs)) - (short.total - short.inclusive(of: handOffs))
                guard instructions > 0 else {
                    throw CommandFailure(
                        "--counter instructions: callgrind counted no instructions per sample for \(job.name); the figure is missing, not 0")
                }
                let roots = Set(replay + counted.workers)
                let stacks = stacksWithout(handOffs, long, roots: roots).subtracting(stacksWithout(handOffs, short, roots: roots))
                    .scaled(by: 1000 / extra)
                lock.lock()
                counts[job.name] = Count(perSample: Double(instructions) / extra, ticks: job.ticks, profile: stacks)
                lock.unlock()
            } catch {
                lock.lock()
                failure = failure ?? error
                lock.unlock()
            }
        }
        if let failure { throw stopRequested() ? Stopped() : failure }
        let cases = Dictionary(
            uniqueKeysWithValues: jobs.compactMap { job in job.identity.flatMap { identity in counts[job.name].map { (identity, $0) } } })
        return (cases, run.harnessFloor == nil ? nil : counts[HarnessFloor.name])
    }

    /// Ticks of the longer run: fewer for a dearer case, so that the 1000-shape motion cube counts in
    /// about a minute; in steps ten times apart, set between the built-in workloads' costs (the motion
    /// cube's 10, 100 and 1000 shapes cost about 15 µs, 100 µs and 1.7 ms a tick), so the measured
    /// cost's noise does not move a case from one to another: two runs of a case compare their
    /// counts only over the same ticks.
    static func ticks(costNsPerSample: Double?) -> Int {
        switch costNsPerSample ?? 0 {
        case ..<50_000: 8192
        case ..<500_000: 2048
        default: 512
        }
    }

    /// Seconds a valgrind run of `ticks` ticks of a case costing `costNsPerSample` may take before it
    /// is stopped as hung: two minutes for start-up and warm-up, and 400 times the case's own time
    /// (callgrind runs code some 50 to 100 times slower, more on a loaded machine).
    static func valgrindSeconds(ticks: Int, costNsPerSample: Double?) -> Double {
        120 + 400 * Double(ticks) * (costNsPerSample ?? 100_000) / 1e9
    }

    /// The folded stacks of `profile` from `roots` (the functions collection was on in), leaving out
    /// the hand-offs' stacks.
    private func stacksWithout(_ handOffs: Set<String>, _ profile: CallgrindProfile, roots: Set<String>) -> FoldedStacks {
        let names = Set(handOffs.map(show))
        let stacks = profile.foldedStacks(roots: roots.intersection(Set(profile.selfCost.keys).union(profile.calls.keys)), rename: show)
        return FoldedStacks(stacks.counts.filter { stack, _ in !stack.split(separator: ";").contains { names.contains(String($0)) } })
    }

    /// A function as profiles show it: demangled and simplified.
    private func show(_ symbol: String) -> String {
        demangled[symbol].map { $0.shown.replacingOccurrences(of: ";", with: ",") } ?? symbol
    }

    /// The symbols of the function whose demangled name starts with `name` (up to its argument
    /// list): its specializations when the compiler made any (callers call those), else itself;
    /// never thunks or partial-apply forwarders.
    private func symbols(startingWith name: String) throws -> [String] {
        let specializations = demangled.filter { _, names in
            (names.full.hasPrefix("function signature specialization <") || names.full.hasPrefix("generic specialization <"))
                && (names.full.range(of: "> of " + name) != nil || names.full.range(of: "> of static " + name) != nil)
        }.map(\.key)
        let plain = demangled.filter { _, names in names.full.hasPrefix(name) || names.full.hasPrefix("static " + name) }.map(\.key)
        let found = specializations.isEmpty ? plain : specializations
        guard !found.isEmpty else {
            throw CommandFailure("--counter instructions: no function '\(name)' in \(executable.path) (inlined or renamed?)")
        }
        return found.sorted()
    }

    /// Runs `run` with `runArguments` (of `ticks` ticks of `subject`) under callgrind, collecting
    /// inside `toggles`, and reads the profile; past `timeout` seconds valgrind is stopped as hung.
    private func profile(
        _ subject: String, ticks: Int, arguments runArguments: [String], toggles: [String], timeout: Double
    ) throws -> CallgrindProfile {
        let name = "\(subject)-\(ticks)"
        let output = scratch.url.appendingPathComponent("\(name).callgrind")
        // No gdbserver: it would leave FIFOs in the temporary folder of a valgrind that was killed.
        var arguments = ["--tool=callgrind", "--vgdb=no", "--collect-atstart=no", "--callgrind-out-file=\(output.path)"]
        arguments += toggles.map { "--toggle-collect=\($0)" }
        arguments += [executable.path] + runArguments
        arguments += ["--format", "json", "--out", scratch.url.appendingPathComponent(name).path, "--quiet"]
        let log = try Self.runTool(
            Self.findExecutable("valgrind")!, arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"], in: scratch.url, timeout: timeout,
            stopRequested: stopRequested, allowFailure: true, subject: "valgrind on \(subject) (\(ticks) ticks)")
        guard let text = try? String(contentsOf: output, encoding: .utf8) else {
            throw CommandFailure("--counter instructions: valgrind failed on \(subject) (\(ticks) ticks): \(log.suffix(2000))")
        }
        do {
            return try CallgrindProfile(text: text)
        } catch {
            throw CommandFailure("--counter instructions: \(output.path): \(error)")
        }
    }

    /// `tool`'s path on `PATH`, or next to the running Swift toolchain's `swift`; nil when neither has it.
    private static func findExecutable(_ tool: String) -> String? {
        let folders =
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + [
                "/usr/bin", "/opt/swift/usr/bin",
            ]
        return folders.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `path` with `arguments` (and `input` on its standard input, through a file in `folder`),
    /// its standard output and error merged into a file in `folder`, and returns what it wrote; throws
    /// when it fails, unless `allowFailure`, when it runs past `timeout` seconds (a `CommandFailure`
    /// naming `subject`), or, with `Stopped`, when `stopRequested` says so; either way it is stopped
    /// with every process it started first.
    @discardableResult
    private static func runTool(
        _ path: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:], in folder: URL, timeout: Double,
        stopRequested: () -> Bool, allowFailure: Bool = false, subject: String? = nil
    ) throws -> String {
        let files = folder.appendingPathComponent("tool-\(UUID().uuidString)")
        let output = files.appendingPathExtension("out"), inputFile = files.appendingPathExtension("in")
        defer { for file in [output, inputFile] { try? FileManager.default.removeItem(at: file) } }
        if let input { try Data(input.utf8).write(to: inputFile) }
        let child = try ChildProcess(
            path, arguments: arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            input: input == nil ? nil : inputFile, output: output, errors: output)
        let ending: ChildProcess.Ending
        do {
            ending = try child.wait(timeout: timeout, stopRequested: stopRequested)
        } catch ChildProcess.Interruption.stopRequested {
            child.stop()
            throw Stopped()
        } catch {
            child.stop()
            throw CommandFailure(
                "--counter instructions: \(subject ?? path) ran past \(Format.hertz(timeout)) s and was stopped, with every process it started")
        }
        _ = child.stopLeftovers()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        if ending != .exited(0), !allowFailure {
            throw CommandFailure("\(path) failed (\(ending)): \(text.suffix(2000))")
        }
        return text
    }
}

extension CaseSpec {
    /// The `run` arguments that run this one case in virtual time for `ticks` ticks, fed by `source`,
    /// with the sampler slowed to nothing (its wake-ups would land among the counted work), no harness
    /// floor beside it (its replay would be counted with the case's), and the replay fed whole (its
    /// stretches would be counted, as many as the clock made).
    func runArguments(ticks: Int, source: String) -> [String] {
        var arguments = ["run", workload, "--mode", "virtual", "--filter", filter, "--samples", String(ticks), "--sampler-rate", "0.001"]
        arguments += ["--harness-floor", "off", "--replay-whole"]
        arguments += ["--rate", recordedTiming ? "native" : CaseIdentity.spelling(rateHz)]
        for name in parameters.keys.sorted() { arguments += ["--param", "\(name)=\(CaseIdentity.spelling(parameters[name]!))"] }
        if let displayRateHz { arguments += ["--display-rate", CaseIdentity.spelling(displayRateHz)] }
        return arguments + ["--seed", String(seed), "--source", source]
    }

}

/// The symbols of `descriptor`'s worker functions and hand-offs, found by `resolve`.
private func workerFunctionsAndHandOffs(
    _ descriptor: WorkloadDescriptor, resolve: (String) throws -> [String]
) throws -> (workers: [String], handOffs: [String]) {
    (try descriptor.workerFunctions.flatMap(resolve), try descriptor.handOffFunctions.flatMap(resolve))
}
