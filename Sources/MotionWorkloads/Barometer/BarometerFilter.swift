import MotionFilters
import MotionMath

/// The filters the barometer workload compares on the pressure, chosen by name.
///
/// Both smoothing filters span five samples, so they compare at equal reach: the median of the last
/// five, and the exponential moving average with α = 2 / (5 + 1), the weight whose average sample age
/// equals a five-sample window's. An enum rather than an existential, as `AccelerometerFilter`.
public enum BarometerFilter: Sendable {
    /// The pressure as it comes.
    case none
    /// `ExponentialLowPass` on the pressure (carried in x, as barometer samples carry it).
    case movingAverage(ExponentialLowPass)
    /// `MedianOfFive`: a spike never shows, a step shows two samples late.
    case median(MedianOfFive)

    /// The names, in the order the descriptor lists them.
    public static let names = ["none", "moving-average", "median-5"]

    /// The samples both smoothing filters span.
    public static let window = MedianOfFive.length

    /// The filter called `name`; nil for an unknown name. None depends on the rate: at the
    /// altimeter's own cadence of about 1 Hz, five samples are five seconds.
    public init?(name: String) {
        switch name {
        case "none": self = .none
        case "moving-average": self = .movingAverage(ExponentialLowPass(alpha: 2 / Double(Self.window + 1)))
        case "median-5": self = .median(MedianOfFive())
        default: return nil
        }
    }

    /// Filters one pressure, in kPa.
    public mutating func update(_ pressure: Double) -> Double {
        switch self {
        case .none:
            return pressure
        case var .movingAverage(filter):
            let output = filter.update(Vector3(pressure, 0, 0)).x
            self = .movingAverage(filter)
            return output
        case var .median(filter):
            let output = filter.update(pressure)
            self = .median(filter)
            return output
        }
    }
}
