import MotionResults

/// How a plot over time sets an estimate against the source's truth: which of the emitted columns
/// (`TruthColumns`) it draws, and with which labels.
struct TruthPlotStyle {
    /// The workload's column plotted against the truth (the estimate as the screen shows it).
    var estimateColumn: String
    /// The truth column plotted beside it.
    var truthColumn: String
    /// The error column plotted over time.
    var errorColumn: String
    /// The plotted quantity with its unit, e.g. `true heading, degrees`.
    var axisLabel: String
    /// The error with its unit.
    var errorLabel: String
    /// Whether the plotted quantity wraps at 360 (a heading), so a plot breaks its line there.
    var wraps: Bool

    /// An attitude's: the heading against the true heading, and the total attitude error.
    static let attitude = TruthPlotStyle(
        estimateColumn: "true_heading_deg", truthColumn: "truth_true_heading_deg", errorColumn: "error_total_deg",
        axisLabel: "true heading, degrees", errorLabel: "total attitude error, degrees", wraps: true)
    /// A relative altitude's.
    static let altitude = TruthPlotStyle(
        estimateColumn: "relative_altitude_m", truthColumn: "truth_relative_altitude_m", errorColumn: "error_altitude_m",
        axisLabel: "relative altitude, m", errorLabel: "relative altitude error, m", wraps: false)
    /// A step count's.
    static let steps = TruthPlotStyle(
        estimateColumn: "steps", truthColumn: "truth_steps", errorColumn: "error_steps",
        axisLabel: "steps", errorLabel: "step count error, steps", wraps: false)

    /// The style of what `measures` holds (attitude, altitude, or steps); nil when none.
    static func scored(in measures: AccuracyMeasures) -> TruthPlotStyle? {
        if measures.attitude != nil { return attitude }
        if measures.altitude != nil { return altitude }
        if measures.steps != nil { return steps }
        return nil
    }
}
