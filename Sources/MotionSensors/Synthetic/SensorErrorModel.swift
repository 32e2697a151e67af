import MotionMath

/// How one sensor of a virtual device errs: white noise, a constant bias and a bias that wanders as
/// a random walk. All in the sensor's unit (g, rad/s, µT, kPa).
///
/// For the barometer only the x components count, as its samples carry the pressure in `value.x`.
public struct SensorErrorModel: Hashable, Sendable {
    /// Standard deviation of the white noise on each axis of each sample, whatever the sample rate.
    public var whiteNoise: Double
    /// What the sensor reads on top of the truth at the start. For the magnetometer this is the
    /// hard-iron offset: the field of the phone's own magnetized parts, fixed in device axes.
    public var bias: Vector3
    /// How fast the bias wanders, per √second on each axis: after t seconds its change from `bias`
    /// has standard deviation `biasRandomWalk·√t`.
    public var biasRandomWalk: Double

    /// Creates the model; left out, each error is 0.
    public init(whiteNoise: Double = 0, bias: Vector3 = .zero, biasRandomWalk: Double = 0) {
        self.whiteNoise = whiteNoise
        self.bias = bias
        self.biasRandomWalk = biasRandomWalk
    }

    /// A perfect sensor.
    public static let none = SensorErrorModel()
}
