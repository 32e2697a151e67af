import MotionWorkloads

/// The columns an emitted file adds for an estimate a workload makes that the source has the truth
/// of: the truth at the estimate's time, and the error (what `TruthCells` fills), in the units of the
/// workload's own columns.
public enum TruthColumns {
    /// The columns added after the workload's own for `quantity`, in order.
    public static func of(_ quantity: EstimatedQuantity) -> [OutputColumn] {
        switch quantity {
        case .attitude: attitude
        case .altitude: altitude
        case .steps: steps
        }
    }

    /// The column added once for every workload with truth: whether the row's estimate falls in the
    /// stretch `accuracy.csv` scores.
    public static let scored = OutputColumn.number(
        "scored", decimals: 0,
        "1 when the row's estimate falls in the stretch accuracy.csv scores (from 5 s), 0 before; empty before the first estimate")

    /// The attitude columns.
    static let attitude: [OutputColumn] = [
        .number(
            "truth_qw", decimals: 9,
            "true attitude quaternion w, device to North-West-Up about true north, at the estimate's time plus the fitted time shift"),
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
    ]

    /// The altitude columns.
    static let altitude: [OutputColumn] = [
        .number("truth_relative_altitude_m", decimals: 4, "the truth's climb since the first estimate, m"),
        .number("error_altitude_m", decimals: 4, "relative altitude shown less the truth's, m"),
    ]

    /// The steps columns.
    static let steps: [OutputColumn] = [
        .number("truth_steps", decimals: 0, "steps the truth took from the start to the estimate's time"),
        .number("error_steps", decimals: 0, "steps shown less the truth's"),
    ]
}
