import MotionFilters
import MotionSensors

/// Names what the person carrying the phone does, from a `MotionWindow`'s features and the step
/// detector's state, with a confidence from 0 to 1, as `CMMotionActivity` does.
///
/// The rules, most certain first:
/// - walking or running: a walk is established (`StepDetector.isWalking`); running above
///   `runningCadence` steps a minute. Confidence grows with the distance from that boundary.
/// - stationary: over the latest second the magnitude varied less than `stillDeviation` g (a
///   phone's noise is 0.005 g), so a walker who stops is stationary within a second or two.
/// - unknown, confidence 0, while step candidates lie inside the window (a walk starting, not yet
///   established, or just ended): its motion would pass for a vehicle's or a bicycle's.
/// - automotive: no steps, and only a gentle sway or vibration (under `vehicleDeviation` g): a car
///   or a train. Coarse, so its confidence stays at 0.5.
/// - cycling: no steps, more motion, at a pedalling rhythm (`pedallingBand` Hz); coarse, 0.4.
/// - unknown otherwise, with confidence 0.
///
/// It lives beside the workload, not in MotionFilters, because `Activity` belongs to MotionSensors,
/// which MotionFilters may not import.
public struct ActivityClassifier: Hashable, Sendable {
    /// The cadence between walking and running, in steps per minute.
    public var runningCadence = 140.0
    /// Below this deviation of the magnitude the phone is still, in g.
    public var stillDeviation = 0.015
    /// Below this deviation (and without steps) it rides in a vehicle, in g.
    public var vehicleDeviation = 0.06
    /// The rhythms of pedalling, in Hz.
    public var pedallingBand = 0.7...2.0

    /// Creates the classifier with its standard constants.
    public init() {}

    /// The activity and its confidence (0–1), or unknown with 0 when there are no features yet;
    /// `stepped` tells whether a step candidate (counted or not) lies within the window.
    public func classify(_ features: MotionWindow.Features?, walking: Bool, stepped: Bool, cadence: Double) -> (Activity, Double) {
        if walking, cadence > 0 {
            let certainty = 0.5 + 0.5 * min(1, abs(cadence - runningCadence) / 30)
            return (cadence >= runningCadence ? .running : .walking, certainty)
        }
        guard let features, features.duration > 0 else { return (.unknown, 0) }
        if features.latestDeviation < stillDeviation {
            return (.stationary, 1 - 0.5 * features.latestDeviation / stillDeviation)
        }
        if stepped { return (.unknown, 0) }
        if features.deviation < vehicleDeviation { return (.automotive, 0.5) }
        if pedallingBand.contains(features.frequency) { return (.cycling, 0.4) }
        return (.unknown, 0)
    }
}
