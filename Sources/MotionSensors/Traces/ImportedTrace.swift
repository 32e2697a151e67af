/// A trace as an importer or the canonical reader returns it: the data, and the warnings about it
/// that were not worth refusing it for.
public struct ImportedTrace: Sendable {
    /// The data, in Core Motion's units and axes.
    public var trace: Trace
    /// Suspicious units, dropped duplicate or warm-up rows; empty when all looked right.
    public var warnings: [TraceWarning]

    /// Pairs a trace with its warnings.
    public init(trace: Trace, warnings: [TraceWarning]) {
        self.trace = trace
        self.warnings = warnings
    }
}
