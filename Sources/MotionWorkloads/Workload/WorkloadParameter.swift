/// A number a workload lets a run sweep (several values of it, a case each), e.g. the motion cube's shape count.
public struct WorkloadParameter: Sendable, Equatable {
    /// The parameter's command-line name, lower-case with hyphens, e.g. `shapes`.
    public var name: String
    /// One line on what it changes, with its unit.
    public var summary: String
    /// The value used when a run does not set it.
    public var defaultValue: Double
    /// The values a run of every workload sweeps; `[defaultValue]` when it sweeps none.
    public var defaultSweep: [Double]
    /// The accepted range, inclusive.
    public var range: ClosedRange<Double>
    /// Whether only whole numbers make sense (counts).
    public var isInteger: Bool
    /// The filters it tunes (a gain of one fusion filter); nil when it applies whatever the filter.
    /// A run sweeps it only in cases with those filters.
    public var filters: [String]?

    /// Creates a parameter.
    public init(
        name: String, summary: String, defaultValue: Double, defaultSweep: [Double]? = nil, range: ClosedRange<Double>,
        isInteger: Bool, filters: [String]? = nil
    ) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
        self.defaultSweep = defaultSweep ?? [defaultValue]
        self.range = range
        self.isInteger = isInteger
        self.filters = filters
    }

    /// Whether it tunes `filter`.
    public func applies(to filter: String) -> Bool {
        filters?.contains(filter) ?? true
    }
}
