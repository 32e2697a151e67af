import MotionFilters
import MotionMath

/// The filters the accelerometer workload compares, chosen by name; what the labels show.
///
/// An enum rather than an existential, so the per-sample call is a switch on a value held inline:
/// no boxing, no dynamic dispatch.
public enum AccelerometerFilter: Hashable, Sendable {
    /// The samples as they come.
    case raw
    /// `ExponentialLowPass`: gravity and slow tilts.
    case lowPass(ExponentialLowPass)
    /// `HighPass`: gravity removed, user acceleration left.
    case highPass(HighPass)
    /// `ButterworthLowPass`: like low-pass, with a steeper fall-off.
    case butterworth(ButterworthLowPass)

    /// The names, in the order the descriptor lists them.
    public static let names = ["raw", "low-pass", "high-pass", "butterworth"]

    /// The corner frequency of the three filters at `rate` Hz: 1 Hz, as Apple's classic accelerometer
    /// sample (α = 0.1 at 60 Hz) has, so that hand jitter is smoothed and a tilt shows within about a
    /// second; capped at a quarter of the rate, below the Nyquist frequency, for very slow rates.
    public static func cutoff(rate: Double) -> Double {
        min(1, rate / 4)
    }

    /// The filter called `name`, designed for `rate` Hz; nil for an unknown name.
    public init?(name: String, rate: Double) {
        let cutoff = Self.cutoff(rate: rate)
        switch name {
        case "raw": self = .raw
        case "low-pass": self = .lowPass(ExponentialLowPass(cutoff: cutoff, sampleRate: rate))
        case "high-pass": self = .highPass(HighPass(cutoff: cutoff, sampleRate: rate))
        case "butterworth": self = .butterworth(ButterworthLowPass(cutoff: cutoff, sampleRate: rate))
        default: return nil
        }
    }

    /// Filters one sample, in g.
    public mutating func update(_ input: Vector3) -> Vector3 {
        switch self {
        case .raw:
            return input
        case var .lowPass(filter):
            let output = filter.update(input)
            self = .lowPass(filter)
            return output
        case var .highPass(filter):
            let output = filter.update(input)
            self = .highPass(filter)
            return output
        case var .butterworth(filter):
            let output = filter.update(input)
            self = .butterworth(filter)
            return output
        }
    }
}
