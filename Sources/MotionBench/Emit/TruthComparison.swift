import MotionWorkloads

/// How an estimate a workload makes is set against a source's truth in its emitted file: the columns
/// the emitter adds (the truth at the estimate's time, and the error), and which of them a plot of
/// estimate and truth over time draws. Units as WORKLOADS.md's.
public struct TruthComparison: Sendable {
    /// What is estimated.
    public var quantity: EstimatedQuantity
    /// The columns added after the workload's own, in order.
    public var columns: [OutputColumn]
    /// The workload's column plotted against the truth (the estimate as the screen shows it).
    public var estimateColumn: String
    /// The truth column plotted beside it.
    public var truthColumn: String
    /// The error column plotted over time.
    public var errorColumn: String
    /// The plotted quantity with its unit, e.g. `true heading, degrees`.
    public var axisLabel: String
    /// The error with its unit.
    public var errorLabel: String
    /// Whether the plotted quantity wraps at 360 (a heading), so a plot breaks its line there.
    public var wraps: Bool

    /// The comparison of `quantity`.
    public static func of(_ quantity: EstimatedQuantity) -> TruthComparison {
        switch quantity {
        case .attitude: attitude
        case .altitude: altitude
        case .steps: steps
        }
    }

    /// The comparison whose figures `measures` holds (attitude, altitude, or steps); nil when none.
    public static func scored(in measures: AccuracyMeasures) -> TruthComparison? {
        if measures.attitude != nil { return attitude }
        if measures.altitude != nil { return altitude }
        if measures.steps != nil { return steps }
        return nil
    }

    /// The column added once for every workload with truth: whether the row's estimate falls in the
    /// stretch `accuracy.csv` scores.
    public static let scoredColumn = OutputColumn.number(
        "scored", decimals: 0, "1 when the row's estimate falls in the stretch accuracy.csv scores (from 5 s), 0 before; empty before the first estimate")

    /// The heading workload's attitude.
    static let attitude = TruthComparison(
        quantity: .attitude,
        columns: [
            .number("truth_qw", decimals: 9, "true attitude quaternion w, device to North-West-Up about true north, at the estimate's time plus the fitted time shift"),
            .number("truth_qx", decimals: 9, "true quaternion x"),
            .number("truth_qy", decimals: 9, "true quaternion y"),
            .number("truth_qz", decimals: 9, "true quaternion z"),
            .number("truth_roll_deg", decimals: 4, "true roll, degrees"),
            .number("truth_pitch_deg", decimals: 4, "true pitch, degrees"),
            .number("truth_yaw_deg", decimals: 4, "true yaw, degrees"),
            .number("truth_true_heading_deg", decimals: 4, "true heading from the truth, degrees clockwise from true north"),
            .number("error_total_deg", decimals: 4, "angle of the error rotation truth ⊗ estimate⁻¹ after the fitted yaw offset, degrees"),
            .number("error_tilt_deg", decimals: 4, "angle between the true and the estimated up, degrees"),
            .number("error_heading_deg", decimals: 4, "the error's turn about the vertical, degrees, −180…180"),
        ],
        estimateColumn: "true_heading_deg", truthColumn: "truth_true_heading_deg", errorColumn: "error_total_deg",
        axisLabel: "true heading, degrees", errorLabel: "total attitude error, degrees", wraps: true)

    /// The barometer's relative altitude.
    static let altitude = TruthComparison(
        quantity: .altitude,
        columns: [
            .number("truth_relative_altitude_m", decimals: 4, "the truth's climb since the first estimate, m"),
            .number("error_altitude_m", decimals: 4, "relative altitude shown less the truth's, m"),
        ],
        estimateColumn: "relative_altitude_m", truthColumn: "truth_relative_altitude_m", errorColumn: "error_altitude_m",
        axisLabel: "relative altitude, m", errorLabel: "relative altitude error, m", wraps: false)

    /// The pedometer's step count.
    static let steps = TruthComparison(
        quantity: .steps,
        columns: [
            .number("truth_steps", decimals: 0, "steps the truth took from the start to the estimate's time"),
            .number("error_steps", decimals: 0, "steps shown less the truth's"),
        ],
        estimateColumn: "steps", truthColumn: "truth_steps", errorColumn: "error_steps",
        axisLabel: "steps", errorLabel: "step count error, steps", wraps: false)
}
