/// Everything measured for one case. Optional figures are nil where the mode or platform cannot give
/// them, and writers show them as missing, never as 0.
public struct CaseResult: Sendable, Codable, Equatable {
    /// What was run.
    public var spec: CaseSpec
    /// Sensor ticks delivered to the workload (each tick carries one sample per subscribed sensor).
    public var samples: Int
    /// Display frames delivered.
    public var frames: Int
    /// Wall-clock seconds the case's measured part took.
    public var wallSeconds: Double

    /// Real time: ticks actually delivered per second between the first and the last.
    public var achievedHz: Double?
    /// Real time: how late the pacer woke for each delivered sample tick.
    public var lateness: LatenessSummary?
    /// Real time: sample ticks skipped because the pacer woke more than a period late.
    public var missed: Int?
    /// Real time: ticks the workload's queue refused because the workload fell behind.
    public var dropped: Int?
    /// Real time, animating workloads: display frames due in the case but not rendered, because the
    /// pacer woke more than a frame late or the workload's queue was full; nil without a display rate.
    public var missedFrames: Int? = nil

    /// CPU nanoseconds the workload thread and its workers spent per sample tick (frames included).
    public var cpuNsPerSample: Double?
    /// Virtual time: wall nanoseconds per sample tick on the workload thread.
    public var wallNsPerSample: Double?
    /// Real time: the CPU of the workload thread and its workers as a percentage of one core over the case.
    public var cpuPct: Double?
    /// Virtual time: the CPU % of one core the workload (thread and workers) would use at this rate,
    /// from its cost per simulated second.
    public var projectedCpuPct: Double?
    /// The whole process's CPU as a percentage of one core over the case.
    public var processCpuPct: Double?

    /// Resident memory at the end of the case, MiB.
    public var rssMiB: Double?
    /// Peak resident memory, MiB: of this case when `peakIsPerCase`, else since the process started.
    public var peakRssMiB: Double?
    /// Whether the platform let the peak be reset at the start of the case.
    public var peakIsPerCase: Bool
    /// Page faults and context switches of the process during the case; nil where not available.
    public var minorFaults: UInt64?
    public var majorFaults: UInt64?
    public var voluntaryContextSwitches: UInt64?
    public var involuntaryContextSwitches: UInt64?

    /// What the sampler itself cost while it watched this case.
    public var sampler: SamplerCost
    /// CPU of every thread seen during the case.
    public var threads: [CaseThread]
    /// The sampler's readings over the case.
    public var timeseries: [TimeseriesPoint]
    /// The workload's own counts and final values (frames drawn, shakes seen…).
    public var outputs: [String: Double]
    /// Allocations (malloc and its kin) the workload's thread and its workers made per sample tick
    /// while the case ran; nil where the build cannot count them (not Linux, or a sanitizer).
    public var allocationsPerSample: Double? = nil
    /// The bytes those allocations asked for, per sample tick; nil where they are not counted.
    public var allocationBytesPerSample: Double? = nil
    /// Instructions the workload executed per sample tick, counted under valgrind's callgrind
    /// (`InstructionCounter`); nil unless asked for, and always for a real-time case.
    public var instructionsPerSample: Double? = nil
    /// The sample ticks the longer of the two counting runs fed (instructions are the difference
    /// between it and half as many); two runs' counts compare when these match.
    public var instructionTicks: Int? = nil

    /// Virtual time: how many times the case went round its lap of events (a stretch of the virtual
    /// device, or the recording it replays), a fraction for a lap fed in part; nil in real time and in
    /// runs recorded before laps were reported.
    public var laps: Double? = nil
    /// Virtual time fed by a recording: seconds of the recording a lap reaches, from its start to the
    /// last tick or sample fed (the whole recording, or its start when a lap cannot hold it all or the
    /// case is shorter); nil for the virtual device and in real time.
    public var recordingSecondsFed: Double? = nil
    /// Virtual time fed by a recording: the recording's length, the seconds every sensor the case
    /// reads covers; nil for the virtual device and in real time.
    public var recordingSeconds: Double? = nil
    /// Heap bytes the workload held once created: the process's live heap just after its creation
    /// less just before, every block by its usable size (what the allocator set aside for it). nil
    /// where the build cannot count (not Linux, or a sanitizer), as for the heap figures below.
    public var heapHeldBytes: Int64? = nil
    /// The most heap the workload had live at once, from its creation to its release, over what was
    /// live before it was created: what it needs at most.
    public var heapPeakBytes: Int64? = nil
    /// Heap bytes the workload allocated while it was created and run that it had freed by the time
    /// it was released: its temporary allocations.
    public var heapTransientBytes: Int64? = nil
    /// Heap bytes the workload allocated that were still live after it was released: what it leaks
    /// (into caches, globals, or memory no one frees).
    public var heapLeakedBytes: Int64? = nil
    /// The case's own peak resident size over the resident size just before the workload was created,
    /// in bytes; nil where the platform cannot reset the peak at the case's start (`peakIsPerCase`).
    public var peakRssDeltaBytes: Int64? = nil
    /// The sensors the case was fed, in the order each tick delivers them (a workload's own, and the
    /// optional ones the source had); nil in runs recorded before cases noted them.
    public var sensors: [String]? = nil

    /// Creates the value from each of its fields.
    public init(
        spec: CaseSpec, samples: Int, frames: Int, wallSeconds: Double, achievedHz: Double?, lateness: LatenessSummary?, missed: Int?,
        dropped: Int?, missedFrames: Int? = nil, cpuNsPerSample: Double?, wallNsPerSample: Double?, cpuPct: Double?,
        projectedCpuPct: Double?, processCpuPct: Double?, rssMiB: Double?, peakRssMiB: Double?, peakIsPerCase: Bool, minorFaults: UInt64?,
        majorFaults: UInt64?, voluntaryContextSwitches: UInt64?, involuntaryContextSwitches: UInt64?, sampler: SamplerCost,
        threads: [CaseThread], timeseries: [TimeseriesPoint], outputs: [String: Double], allocationsPerSample: Double? = nil,
        allocationBytesPerSample: Double? = nil, instructionsPerSample: Double? = nil, instructionTicks: Int? = nil, laps: Double? = nil,
        recordingSecondsFed: Double? = nil, recordingSeconds: Double? = nil, heapHeldBytes: Int64? = nil, heapPeakBytes: Int64? = nil,
        heapTransientBytes: Int64? = nil, heapLeakedBytes: Int64? = nil, peakRssDeltaBytes: Int64? = nil
    ) {
        self.spec = spec
        self.samples = samples
        self.frames = frames
        self.wallSeconds = wallSeconds
        self.achievedHz = achievedHz
        self.lateness = lateness
        self.missed = missed
        self.dropped = dropped
        self.missedFrames = missedFrames
        self.cpuNsPerSample = cpuNsPerSample
        self.wallNsPerSample = wallNsPerSample
        self.cpuPct = cpuPct
        self.projectedCpuPct = projectedCpuPct
        self.processCpuPct = processCpuPct
        self.rssMiB = rssMiB
        self.peakRssMiB = peakRssMiB
        self.peakIsPerCase = peakIsPerCase
        self.minorFaults = minorFaults
        self.majorFaults = majorFaults
        self.voluntaryContextSwitches = voluntaryContextSwitches
        self.involuntaryContextSwitches = involuntaryContextSwitches
        self.sampler = sampler
        self.threads = threads
        self.timeseries = timeseries
        self.outputs = outputs
        self.allocationsPerSample = allocationsPerSample
        self.allocationBytesPerSample = allocationBytesPerSample
        self.instructionsPerSample = instructionsPerSample
        self.instructionTicks = instructionTicks
        self.laps = laps
        self.recordingSecondsFed = recordingSecondsFed
        self.recordingSeconds = recordingSeconds
        self.heapHeldBytes = heapHeldBytes
        self.heapPeakBytes = heapPeakBytes
        self.heapTransientBytes = heapTransientBytes
        self.heapLeakedBytes = heapLeakedBytes
        self.peakRssDeltaBytes = peakRssDeltaBytes
    }
}

/// The sampler's own cost during one case, kept apart from every workload's figures.
public struct SamplerCost: Sendable, Codable, Equatable {
    /// Snapshots taken.
    public var snapshots: Int
    /// CPU microseconds per snapshot.
    public var usPerSnapshot: Double?
    /// The sampler thread's CPU as a percentage of one core over the case.
    public var cpuPct: Double?

    /// Creates the value from each of its fields.
    public init(snapshots: Int, usPerSnapshot: Double?, cpuPct: Double?) {
        self.snapshots = snapshots
        self.usPerSnapshot = usPerSnapshot
        self.cpuPct = cpuPct
    }
}

/// One thread's CPU over a case.
public struct CaseThread: Sendable, Codable, Equatable {
    /// The kernel's thread id.
    public var tid: Int64
    /// The kernel's name for the thread.
    public var name: String
    /// What the thread is to motionbench: main, hub, workload, sampler, or other (a thread we did not create).
    public var role: ThreadRole
    /// CPU nanoseconds used during the case.
    public var cpuNs: UInt64
    /// User and kernel parts, where the platform splits them.
    public var userNs: UInt64?
    public var systemNs: UInt64?
    /// CPU as a percentage of one core over the case's wall time.
    public var cpuPct: Double

    /// Creates the value from each of its fields.
    public init(tid: Int64, name: String, role: ThreadRole, cpuNs: UInt64, userNs: UInt64?, systemNs: UInt64?, cpuPct: Double) {
        self.tid = tid
        self.name = name
        self.role = role
        self.cpuNs = cpuNs
        self.userNs = userNs
        self.systemNs = systemNs
        self.cpuPct = cpuPct
    }
}

/// The part a thread plays in a run.
public enum ThreadRole: String, Sendable, Codable, CaseIterable {
    /// The process's first thread, which plans and runs the cases.
    case main
    /// Paces the case and hands samples, frames and touches to the workload.
    case hub
    /// Runs the workload: its "main" thread, where Core Motion's handler would run.
    case workload
    /// A thread the workload started for itself (named `mb-worker…`); its CPU is the workload's too.
    case worker
    /// The CPU and memory sampler.
    case sampler
    /// A thread motionbench did not start (the runtime's, the system's).
    case other
}

/// One sampler reading: memory and each thread's CPU use since the previous reading.
public struct TimeseriesPoint: Sendable, Codable, Equatable {
    /// Seconds since the case started.
    public var elapsedSeconds: Double
    /// Resident memory, MiB.
    public var rssMiB: Double
    /// Each thread's CPU % of one core since the previous reading (absent in the first reading).
    public var threads: [ThreadPoint]

    /// Creates the value from each of its fields.
    public init(elapsedSeconds: Double, rssMiB: Double, threads: [ThreadPoint]) {
        self.elapsedSeconds = elapsedSeconds
        self.rssMiB = rssMiB
        self.threads = threads
    }
}

/// One thread in one sampler reading.
public struct ThreadPoint: Sendable, Codable, Equatable {
    /// The kernel's thread id.
    public var tid: Int64
    /// CPU nanoseconds used since the case started.
    public var cpuNs: UInt64
    /// CPU % of one core since the previous reading; nil in the first reading.
    public var cpuPct: Double?

    /// Creates the value from each of its fields.
    public init(tid: Int64, cpuNs: UInt64, cpuPct: Double?) {
        self.tid = tid
        self.cpuNs = cpuNs
        self.cpuPct = cpuPct
    }
}
