import Foundation
import MotionMath

extension SensorKind {
    /// The readings a trace may hold, on each axis (the barometer: its pressure), in this sensor's
    /// unit. Wide enough for any phone or IMU, so a real recording always fits; a value orders of
    /// magnitude past it is a corrupt or hostile file, refused at import rather than fed to a
    /// workload.
    ///
    /// - accelerometer: ±1000 g (phones measure ±16 g, shock-rated MEMS parts ±400 g);
    /// - gyroscope: ±1000 rad/s, about ±57,000 °/s (phones ±35 rad/s, the fastest MEMS parts ±70);
    /// - magnetometer: ±10,000 µT (phones saturate at ±4,900 µT; the Earth's field is under 70 µT);
    /// - barometer: 0 to 2,000 kPa (sea level is 101 kPa; a dive computer 190 m down reads 2,000).
    @inlinable public var acceptedRange: ClosedRange<Double> {
        switch self {
        case .accelerometer: -1000...1000
        case .gyroscope: -1000...1000
        case .magnetometer: -10_000...10_000
        case .barometer: 0...2000
        }
    }

    /// The unit of this sensor's readings, as messages write it.
    public var unit: String {
        switch self {
        case .accelerometer: "g"
        case .gyroscope: "rad/s"
        case .magnetometer: "µT"
        case .barometer: "kPa"
        }
    }

    /// Why `value` cannot be a reading of this sensor, naming the axis, the value and the accepted
    /// range (`acceptedRange`); nil when it can be.
    public func refusal(of value: Vector3) -> String? {
        let range = acceptedRange
        guard !range.contains(value.x) || self != .barometer && (!range.contains(value.y) || !range.contains(value.z)) else {
            return nil
        }
        let axes = self == .barometer ? [("pressure", value.x)] : [("x", value.x), ("y", value.y), ("z", value.z)]
        guard let (axis, reading) = axes.first(where: { !range.contains($0.1) }) else { return nil }
        let accepted =
            range.lowerBound == -range.upperBound
            ? "±\(Self.figure(range.upperBound)) \(unit)"
            : "\(Self.figure(range.lowerBound)) to \(Self.figure(range.upperBound)) \(unit)"
        return "\(rawValue) \(axis) is \(Self.figure(reading, outside: range)) \(unit), outside the accepted \(accepted)"
    }

    /// A reading as messages write it: six significant digits, or as many as it takes to show a
    /// value just past `range` as past it (−1000.0000001, not −1000).
    private static func figure(_ value: Double, outside range: ClosedRange<Double>? = nil) -> String {
        let short = String(format: "%g", value)
        guard let range, let shown = Double(short), range.contains(shown) else { return short }
        return "\(value)"
    }
}

extension SensorSample {
    /// This reading held within its sensor's `acceptedRange` on each axis, as a real sensor
    /// saturates. The built-in workloads compute with it, so a reading no sensor gives (a test's
    /// 10³⁰⁰; files holding one are refused at import) cannot overflow their arithmetic into
    /// infinities and NaN; a reading within the range is returned unchanged.
    @inlinable public var saturated: SensorSample {
        let range = sensor.acceptedRange
        func held(_ value: Double) -> Double { min(max(value, range.lowerBound), range.upperBound) }
        return SensorSample(sensor: sensor, time: time, value: Vector3(held(value.x), held(value.y), held(value.z)))
    }
}
