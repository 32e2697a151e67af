/// One named stream of a trace: a sensor, the calibrated magnetometer, the ground truth, or a
/// recorded estimate such as Apple's attitude.
///
/// The `name` is what the canonical CSV writes in its `stream` column and what `TraceInfo` prints.
public enum TraceStream: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// A sensor's readings in Core Motion's units and axes.
    case sensor(SensorKind)
    /// The magnetometer as the phone calibrated it (`CMDeviceMotion.magneticField`), in µT.
    case calibratedMagnetometer
    /// What really happened (optical motion capture, step pads).
    case truth
    /// What some other algorithm on the recording device estimated, by the estimate's `id`.
    case estimate(String)

    /// The stream's name: `accelerometer`, …, `magnetometer-calibrated`, `truth`, `estimate:ID`.
    public var name: String {
        switch self {
        case .sensor(let kind): kind.rawValue
        case .calibratedMagnetometer: "magnetometer-calibrated"
        case .truth: "truth"
        case .estimate(let id): "estimate:" + id
        }
    }

    /// The stream a name denotes, or nil for a name no stream has.
    public init?(name: String) {
        if let kind = SensorKind(rawValue: name) {
            self = .sensor(kind)
        } else if name == "magnetometer-calibrated" {
            self = .calibratedMagnetometer
        } else if name == "truth" {
            self = .truth
        } else if name.hasPrefix("estimate:"), RecordedEstimate.isValidID(name.dropFirst("estimate:".count)) {
            self = .estimate(String(name.dropFirst("estimate:".count)))
        } else {
            return nil
        }
    }

    /// The name.
    public var description: String { name }

    /// Sensors in `SensorKind` order, then the calibrated magnetometer, the truth, estimates by id.
    public static func < (lhs: TraceStream, rhs: TraceStream) -> Bool {
        switch (lhs, rhs) {
        case (.sensor(let a), .sensor(let b)): a < b
        case (.estimate(let a), .estimate(let b)): a < b
        default: lhs.rank < rhs.rank
        }
    }

    private var rank: Int {
        switch self {
        case .sensor: 0
        case .calibratedMagnetometer: 1
        case .truth: 2
        case .estimate: 3
        }
    }
}
