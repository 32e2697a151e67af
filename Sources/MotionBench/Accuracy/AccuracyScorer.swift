import MotionMath
import MotionResults
import MotionSensors

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Scores a series of estimates (a workload's, or one a recording carries) against a reference's truth.
///
/// - Attitude: at each estimate in the scored stretch, the truth read at the estimate's time (plus
///   the time shift tried); each shift the policy allows is tried, with the yaw offset fitted for it
///   when the policy says so, and the one with the lowest median total error is kept.
/// - Steps: the last estimate's count against the steps the truth took from 0 to its time; not
///   scored when the truth took none (`StepAccuracy.scorable`).
/// - Altitude: each estimate in the scored stretch against the truth's climb since the first
///   estimate (a barometer shows altitude relative to where it started).
public struct AccuracyScorer {
    /// The truth and how to read it.
    public let reference: AccuracyReference
    /// The truth already read at some instants.
    private let table: TruthTable?

    /// A scorer against `reference`.
    public init(reference: AccuracyReference) {
        self.init(reference: reference, table: nil)
    }

    /// A scorer against `reference` that reads the true attitude at `table`'s instants from it.
    init(reference: AccuracyReference, table: TruthTable?) {
        self.reference = reference
        self.table = table
    }

    /// The errors of `series` (in time order); `final` is the estimate once everything was processed,
    /// for counts that lag (the pedometer's worker), the series' last otherwise.
    public func score(_ series: [GroundTruth], final: GroundTruth? = nil) -> AccuracyMeasures {
        let window = reference.scoredWindow
        var attitudes: [(time: Double, attitude: Quaternion)] = []
        attitudes.reserveCapacity(series.count)
        for estimate in series where window.contains(estimate.time) {
            if let attitude = estimate.attitude { attitudes.append((estimate.time, attitude)) }
        }
        return AccuracyMeasures(
            scoredFrom: window.lowerBound, scoredTo: window.upperBound,
            attitude: attitudeAccuracy(attitudes),
            steps: stepAccuracy(final ?? series.last),
            altitude: altitudeError(series, within: window, start: series.first { $0.altitude != nil })
        )
    }

    /// The true attitude at `time`, from the table when it holds that instant.
    private func trueAttitude(at time: Double) -> Quaternion? {
        if let table, let attitude = table.attitude(at: time) { return attitude }
        return reference.truth.attitude(at: time)
    }

    /// The best alignment's errors: every shift of the policy's window, and, while the best lies at
    /// the window's edge (an edge is not a fit), the window widened by its own width on that side, up
    /// to `AlignmentPolicy.widestTimeShift`.
    private func attitudeAccuracy(_ estimates: [(time: Double, attitude: Quaternion)]) -> AttitudeAccuracy? {
        let alignment = reference.alignment
        var best: (accuracy: AttitudeAccuracy, median: Double)?
        var shifts = alignment.timeShifts
        var extent = alignment.maximumTimeShift
        while !shifts.isEmpty {
            for shift in shifts {
                guard let scored = attitudeAccuracy(estimates, shift: shift) else { continue }
                if best == nil || scored.median < best!.median { best = scored }
            }
            guard let edge = best?.accuracy.timeShiftSeconds, extent > 0, abs(abs(edge) - extent) < alignment.timeShiftStep / 2,
                extent < alignment.widestTimeShift - alignment.timeShiftStep / 2
            else { break }
            let steps = Int((alignment.maximumTimeShift / alignment.timeShiftStep).rounded())
            shifts = (1...steps).map { edge + (edge > 0 ? 1 : -1) * Double($0) * alignment.timeShiftStep }
            extent += alignment.maximumTimeShift
        }
        return best?.accuracy
    }

    /// The errors with the estimates' clock moved by `shift` seconds, the yaw offset fitted if the
    /// policy says so, and their median total; nil when no estimate meets the truth.
    private func attitudeAccuracy(_ estimates: [(time: Double, attitude: Quaternion)], shift: Double) -> (accuracy: AttitudeAccuracy, median: Double)?
    {
        // Reserved: most estimates meet the truth, and a growing array copies itself as it goes.
        var pairs: [(estimate: Quaternion, truth: Quaternion)] = []
        pairs.reserveCapacity(estimates.count)
        for estimate in estimates {
            if let truth = trueAttitude(at: estimate.time + shift) { pairs.append((estimate.attitude, truth)) }
        }
        guard !pairs.isEmpty else { return nil }
        let yawOffset = reference.alignment.fitsYawOffset ? Self.yawOffset(pairs) : nil
        let turn = Quaternion(axis: Vector3(0, 0, 1), angle: Angle.radians(fromDegrees: yawOffset ?? 0))
        let errors = pairs.map { AttitudeError(estimate: turn * $0.estimate, truth: $0.truth) }
        guard let total = ErrorSummary(errors.map(\.total)), let tilt = ErrorSummary(errors.map(\.tilt)),
            let heading = ErrorSummary(errors.map(\.heading))
        else { return nil }
        return (AttitudeAccuracy(total: total, tilt: tilt, heading: heading, yawOffsetDegrees: yawOffset, timeShiftSeconds: shift), total.median)
    }

    /// The constant turn about the vertical that best carries the estimates onto the truth: the
    /// circular mean of the heading errors, refined once on what is left (a heading error is the twist
    /// of the whole error, which a turn removes exactly only when the error has no tilt).
    static func yawOffset(_ pairs: [(estimate: Quaternion, truth: Quaternion)]) -> Double {
        var offset = 0.0
        for _ in 0..<2 {
            let turn = Quaternion(axis: Vector3(0, 0, 1), angle: Angle.radians(fromDegrees: offset))
            var sine = 0.0
            var cosine = 0.0
            for pair in pairs {
                let heading = Angle.radians(fromDegrees: AttitudeError(estimate: turn * pair.estimate, truth: pair.truth).heading)
                sine += sin(heading)
                cosine += cos(heading)
            }
            offset += Angle.degrees(fromRadians: atan2(sine, cosine))
        }
        return Angle.wrappedDegrees(offset + 180) - 180
    }

    private func stepAccuracy(_ final: GroundTruth?) -> StepAccuracy? {
        guard let final, let steps = final.steps, let truthSteps = reference.truth.truth(at: final.time)?.steps else { return nil }
        // A recording's count before its first truth sample is taken as zero.
        let truthAtStart = reference.truth.truth(at: 0)?.steps ?? 0
        return StepAccuracy(estimated: steps, truth: truthSteps - truthAtStart).scorable
    }

    private func altitudeError(_ estimates: [GroundTruth], within window: ClosedRange<Double>, start: GroundTruth?) -> ErrorSummary? {
        guard let start, let base = reference.truth.truth(at: start.time)?.altitude else { return nil }
        return ErrorSummary(
            estimates.compactMap { estimate in
                guard window.contains(estimate.time), let altitude = estimate.altitude,
                    let truth = reference.truth.truth(at: estimate.time)?.altitude
                else { return nil }
                return altitude - (truth - base)
            })
    }
}
