import MotionMath
import MotionResults
import MotionSensors
import MotionWorkloads

/// The truth and error cells of emitted rows, read the way `AccuracyScorer` reads them: attitude at
/// the estimate's time plus the fitted time shift, the estimate turned by the fitted yaw offset;
/// altitude as the truth's climb since the first altitude estimate; steps since the start.
struct TruthCells {
    let reference: AccuracyReference
    let quantities: [EstimatedQuantity]
    /// Seconds added to an estimate's time to read the truth.
    let timeShift: Double
    /// Turns an estimated attitude onto the truth's north.
    let yawTurn: Quaternion
    /// The truth's altitude at the first altitude estimate: decided once, nil inside if unknown there.
    private var altitudeBase: Double??

    init(reference: AccuracyReference, quantities: [EstimatedQuantity], alignment: AttitudeAccuracy?) {
        self.reference = reference
        self.quantities = quantities
        timeShift = alignment?.timeShiftSeconds ?? 0
        yawTurn = Quaternion(axis: Vector3(0, 0, 1), angle: Angle.radians(fromDegrees: alignment?.yawOffsetDegrees ?? 0))
    }

    /// Appends `scored` and each quantity's truth and error cells for a row whose workload now shows
    /// `estimate` (nil before its first); the truth is read at the estimate's time, or the row's.
    mutating func add(_ estimate: GroundTruth?, rowTime: Double, to cells: inout OutputRows) {
        let time = estimate?.time ?? rowTime
        cells.add(estimate.map { reference.scoredWindow.contains($0.time) ? 1.0 : 0.0 })
        for quantity in quantities {
            switch quantity {
            case .attitude: addAttitude(estimate?.attitude, truth: reference.truth.truth(at: time + timeShift), to: &cells)
            case .altitude: addAltitude(estimate, at: time, to: &cells)
            case .steps: addSteps(estimate?.steps, at: time, to: &cells)
            }
        }
    }

    private func addAttitude(_ estimate: Quaternion?, truth: GroundTruth?, to cells: inout OutputRows) {
        let attitude = truth?.attitude
        cells.add(attitude: attitude)
        cells.add(truth?.trueHeading ?? attitude.map(Heading.degrees(of:)))
        let error = attitude.flatMap { truth in estimate.map { AttitudeError(estimate: yawTurn * $0, truth: truth) } }
        cells.add(error?.total)
        cells.add(error?.tilt)
        cells.add(error?.heading)
    }

    private mutating func addAltitude(_ estimate: GroundTruth?, at time: Double, to cells: inout OutputRows) {
        if altitudeBase == nil, let estimate, estimate.altitude != nil {
            altitudeBase = .some(reference.truth.truth(at: estimate.time)?.altitude)
        }
        let base = altitudeBase ?? nil
        let climb = base.flatMap { base in reference.truth.truth(at: time)?.altitude.map { $0 - base } }
        cells.add(climb)
        cells.add(climb.flatMap { climb in estimate?.altitude.map { $0 - climb } })
    }

    private func addSteps(_ estimate: Int?, at time: Double, to cells: inout OutputRows) {
        let taken = reference.truth.truth(at: time)?.steps.map { $0 - (reference.truth.truth(at: 0)?.steps ?? 0) }
        cells.add(taken.map(Double.init))
        cells.add(taken.flatMap { taken in estimate.map { Double($0 - taken) } })
    }
}
