/// The one owner of a run's sensor source, like the single `CMMotionManager` an app must share: every
/// workload subscribes for the sensors it needs at its own rate and gets its own view of the same data.
///
/// - A virtual device is read afresh by each subscription at exactly the times asked (the same seed
///   gives every subscriber the same noise at the same instant), as a phone's sensor runs at the rate
///   an app asks for.
/// - A recording is shared by all subscriptions (its arrays are never copied) and read through a
///   `ResampledSource` at the subscriber's rate.
public final class SensorHub {
    /// What the hub owns.
    public enum Feed {
        /// The virtual device on a scenario.
        case device(Scenario, seed: UInt64)
        /// A recording.
        case recording(Trace)
    }

    /// The source.
    public let feed: Feed

    /// A hub over `feed`.
    public init(feed: Feed) {
        self.feed = feed
    }

    /// The sensors the source has.
    public var sensors: Set<SensorKind> {
        switch feed {
        case .device: Set(SensorKind.allCases)
        case let .recording(trace): Set(trace.sensors.filter { !trace[$0].isEmpty })
        }
    }

    /// What the source knows of its sensors' errors: a recording's calibration recordings, or the
    /// virtual device's own (`VirtualDevice.calibration(seed:)`), fitted.
    public var calibration: SensorCalibration? {
        switch feed {
        case let .device(_, seed): VirtualDevice.calibration(seed: seed)
        case let .recording(trace): trace.calibration
        }
    }

    /// The scenario's scripted gestures; a recording has none.
    public var touches: [TouchEvent] {
        switch feed {
        case let .device(scenario, _): scenario.touches
        case .recording: []
        }
    }

    /// For a recording, the time on its clock that subscriptions read as 0: the first instant every
    /// sensor has begun, so all of them share one time base; nil for the virtual device.
    public var origin: Double? {
        guard case let .recording(trace) = feed else { return nil }
        return trace.samples.values.filter { !$0.isEmpty }.map { $0[0].time }.max()
    }

    /// Seconds of recording every sensor covers from `origin`; nil for the virtual device, which never
    /// runs out.
    public var duration: Double? {
        guard case let .recording(trace) = feed, let origin else { return nil }
        let end = trace.samples.values.filter { !$0.isEmpty }.map { $0[$0.count - 1].time }.min() ?? origin
        return max(0, end - origin)
    }

    /// A recording's own samples of `sensors` from `origin` on, merged in time order, with times from 0:
    /// what a replay at the recording's timing delivers. Nil for the virtual device.
    public func recordedSamples(of sensors: [SensorKind]) -> [SensorSample]? {
        guard case let .recording(trace) = feed, let origin else { return nil }
        var merged = sensors.flatMap { trace[$0] }.filter { $0.time >= origin }
        merged.sort { ($0.time, $0.sensor) < ($1.time, $1.sensor) }
        return merged.map { SensorSample(sensor: $0.sensor, time: $0.time - origin, value: $0.value) }
    }

    /// A subscription to `sensors` at `rate` Hz, its time 0 the start of the source.
    public func subscribe(_ sensors: [SensorKind], rate: Double) throws -> any SensorSource {
        let missing = sensors.filter { !self.sensors.contains($0) }
        guard missing.isEmpty else { throw SensorHubError.missingSensors(missing) }
        switch feed {
        case let .device(scenario, seed):
            return VirtualDevice(scenario: scenario, seed: seed)
        case let .recording(trace):
            return ResampledSource(streams: trace.samples.filter { sensors.contains($0.key) }, rate: rate, origin: origin)
        }
    }
}

/// Why a subscription was refused.
public enum SensorHubError: Error, Equatable, CustomStringConvertible {
    /// The source has none of these sensors.
    case missingSensors([SensorKind])

    public var description: String {
        switch self {
        case let .missingSensors(sensors): "the source has no \(sensors.map(\.rawValue).joined(separator: ", "))"
        }
    }
}
