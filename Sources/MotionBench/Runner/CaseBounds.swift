/// How far any case may go, whatever its workload does: a stop asked for from outside (a signal) is
/// honoured while a case runs, the process's memory has a ceiling, and a workload that does not return
/// to the harness in time is given up on. A case's own time is bounded by its mode: a real-time case
/// ends with its duration (what the workload has not handled by then is dropped, and counted), a
/// virtual one with its time budget when it has one (`CaseSpec.virtualBudgetSeconds`). By default a
/// stop's grace and a workload's time to return are 10 s each, and there is no memory budget.
public struct CaseBounds: Sendable {
    /// Seconds since a stop was asked for (a SIGINT or SIGTERM), or nil while none was; asked a few
    /// times a second while a case runs, so it must allocate nothing.
    public var stopRequested: @Sendable () -> Double?
    /// Seconds a case in flight may go on after a stop was asked for, so a short case still ends
    /// whole: past them it is stopped where it stands and left out of the run.
    public var stopGraceSeconds: Double
    /// The most resident memory the process may reach while a case runs, in bytes; nil for no limit.
    /// Past it the case is stopped and left out, and the run ends.
    public var memoryBudgetBytes: UInt64?
    /// Seconds a workload may take to return to the harness once its case must end (its time is up,
    /// a stop, the memory budget): past them it is given up on, still running, and the run ends.
    public var returnGraceSeconds: Double
    /// Seconds, about, of the stretches a virtual-time replay is fed in, between looks at its budget
    /// and at a stop; nil feeds it whole, for runs whose instruction counts must repeat exactly (the
    /// instruction counter's, which their parent stops from outside).
    public var stretchSeconds: Double?

    /// Bounds from their parts; by default no stop, no memory budget, 10 s of grace each.
    public init(
        stopRequested: @escaping @Sendable () -> Double? = { nil }, stopGraceSeconds: Double = 10, memoryBudgetBytes: UInt64? = nil,
        returnGraceSeconds: Double = 10, stretchSeconds: Double? = 1
    ) {
        self.stopRequested = stopRequested
        self.stopGraceSeconds = stopGraceSeconds
        self.memoryBudgetBytes = memoryBudgetBytes
        self.returnGraceSeconds = returnGraceSeconds
        self.stretchSeconds = stretchSeconds
    }

    /// Whether a case in flight must stop now: a stop was asked for `stopGraceSeconds` ago or more.
    var stopsCaseInFlight: Bool {
        (stopRequested() ?? -1) >= stopGraceSeconds
    }
}
