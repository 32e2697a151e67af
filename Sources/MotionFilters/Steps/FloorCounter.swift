import MotionMath

/// Floors climbed and descended on foot, from barometric pressure, as `CMPedometer`'s
/// `floorsAscended` and `floorsDescended`.
///
/// Pressure becomes relative altitude by `StandardAtmosphere`, smoothed by an exponential low-pass
/// (`smoothingCutoff`, a couple of seconds of lag against a stair's ten). A floor counts when the
/// altitude has moved `countingFraction` of a floor beyond the current floor's level; that level
/// then moves by a whole floor. So counting the same floor back needs the altitude to come back
/// most of a floor: hysteresis that a pressure sensor's noise and drift (centimetres) never cross.
/// Only climbs made while walking count, as on a phone: a lift moves the level without counting.
public struct FloorCounter: Hashable, Sendable {
    /// The height of a floor, in metres.
    public let floorHeight: Double
    /// The fraction of a floor past the current level at which the next floor counts.
    public let countingFraction: Double
    /// Floors counted going up.
    public private(set) var ascended = 0
    /// Floors counted going down.
    public private(set) var descended = 0
    /// The smoothed altitude since the first reading, in metres; 0 before it.
    public var altitude: Double { smoothed.value.x }

    private var reference: Double?
    private var smoothed: ExponentialLowPass
    private var level = 0.0

    /// Creates a counter for pressure readings at about `sampleRate` Hz.
    public init(sampleRate: Double, floorHeight: Double = 3, countingFraction: Double = 0.8, smoothingCutoff: Double = 0.2) {
        precondition(floorHeight > 0 && countingFraction > 0.5 && countingFraction <= 1)
        self.floorHeight = floorHeight
        self.countingFraction = countingFraction
        smoothed = ExponentialLowPass(cutoff: min(smoothingCutoff, sampleRate / 4), sampleRate: sampleRate)
    }

    /// The farthest the altitude is taken to move from the first reading, in metres: further than
    /// any pressure a barometer reads puts it (0 kPa is 44 km up), so only a corrupt reading (10³⁰⁰
    /// kPa, 10⁶¹ m down) is held to it, and the floors it crosses stay countable.
    public static let largestAltitude = 100_000.0

    /// Takes a pressure reading in kPa; `walking` tells whether the person is walking now.
    public mutating func update(pressure: Double, walking: Bool) {
        let reference = reference ?? pressure
        self.reference = reference
        let height = StandardAtmosphere.relativeAltitude(atPressure: pressure, reference: reference)
        let limit = Self.largestAltitude
        let altitude = smoothed.update(Vector3(min(max(height, -limit), limit), 0, 0)).x
        // The floors passed since the level: the level moves a whole floor at a time until the
        // altitude is less than the counting fraction of a floor beyond it.
        let threshold = countingFraction * floorHeight
        if altitude - level >= threshold {
            let floors = ((altitude - level - threshold) / floorHeight).rounded(.down) + 1
            level += floors * floorHeight
            if walking { ascended += Int(floors) }
        } else if level - altitude >= threshold {
            let floors = ((level - altitude - threshold) / floorHeight).rounded(.down) + 1
            level -= floors * floorHeight
            if walking { descended += Int(floors) }
        }
    }
}
