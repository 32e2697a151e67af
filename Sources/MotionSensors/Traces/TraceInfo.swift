import MotionMath

/// A summary of a trace, for `motionbench trace info`: each stream's samples, measured rate,
/// duration and gaps, whether ground truth is present, its labelled events, and the sensor calibration
/// it carries.
/// `description` is the printable report.
public struct TraceInfo: Hashable, Sendable, CustomStringConvertible {
    /// One stream's figures.
    public struct Stream: Hashable, Sendable {
        /// Which stream.
        public var stream: TraceStream
        /// Number of samples.
        public var count: Int
        /// First and last timestamp.
        public var start: Double, end: Double
        /// Median interval between samples in seconds, nil with fewer than two samples.
        public var medianInterval: Double?
        /// Intervals longer than twice the median: how many, and the longest in seconds.
        public var gapCount: Int
        /// The longest such gap, nil when there is none.
        public var longestGap: Double?

        /// Samples per second from the median interval, which ignores gaps and jitter.
        public var rate: Double? { medianInterval.map { 1 / $0 } }
    }

    /// The trace's metadata.
    public var metadata: TraceMetadata
    /// Every non-empty stream, in `TraceStream` order.
    public var streams: [Stream]
    /// Which parts of `GroundTruth` the truth has ("attitude", "steps"…); empty without truth.
    public var truthParts: [String]
    /// Labels of the recorded estimates, by id.
    public var estimateLabels: [String: String]
    /// How many labelled events the trace has, by label; empty without any.
    public var eventCounts: [String: Int]
    /// The sensor calibration the trace carries, if any.
    public var calibration: SensorCalibration?

    /// Summarises `trace`.
    public init(_ trace: Trace) {
        metadata = trace.metadata
        streams = trace.streams.map { Self.summarise($0, times: trace.times(of: $0)) }
        let truth = trace.truth
        truthParts = [
            ("attitude", truth.contains { $0.attitude != nil }), ("magnetic heading", truth.contains { $0.magneticHeading != nil }),
            ("true heading", truth.contains { $0.trueHeading != nil }), ("altitude", truth.contains { $0.altitude != nil }),
            ("steps", truth.contains { $0.steps != nil }), ("activity", truth.contains { $0.activity != nil }),
        ].filter(\.1).map(\.0)
        estimateLabels = Dictionary(uniqueKeysWithValues: trace.estimates.map { ($0.id, $0.label) })
        eventCounts = Dictionary(trace.events.map { ($0.label, 1) }, uniquingKeysWith: +)
        calibration = trace.calibration
    }

    /// True when the trace has ground truth.
    public var hasTruth: Bool { !truthParts.isEmpty }

    /// From the first sample of any stream to the last of any, in seconds.
    public var duration: Double {
        guard let start = streams.map(\.start).min(), let end = streams.map(\.end).max() else { return 0 }
        return end - start
    }

    /// A report to print: what the trace is, one line per stream, the truth, the calibration and the
    /// notes, with control characters in them shown as `\u{…}`.
    public var description: String {
        func fixed(_ value: Double, _ digits: Int) -> String {
            let scale = (0..<digits).reduce(1.0) { value, _ in value * 10 }
            let rounded = (value * scale).rounded() / scale
            var text = "\(rounded)"
            if let dot = text.firstIndex(of: "."), !text.contains("e") {
                let decimals = text.distance(from: dot, to: text.endIndex) - 1
                text += String(repeating: "0", count: max(0, digits - decimals))
            }
            return text
        }
        func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
            let spaces = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + spaces : spaces + text
        }
        var lines = ["\(metadata.name) (\(metadata.dataset.isEmpty ? "unknown dataset" : metadata.dataset))"]
        if !metadata.device.isEmpty { lines.append("device:   \(metadata.device)") }
        if !metadata.licence.isEmpty { lines.append("licence:  \(metadata.licence)") }
        if !metadata.clock.isEmpty { lines.append("clock:    \(metadata.clock)") }
        lines.append("duration: \(fixed(duration, 3)) s")
        // Wide enough for the longest stream name and a Unix time (Sensor Logger's clock) with a space to spare.
        let nameWidth = max(32, (streams.map(\.stream.name.count).max() ?? 0) + 2)
        lines.append(
            pad("stream", nameWidth, left: true) + pad("samples", 9) + pad("rate Hz", 10) + pad("nominal", 9)
                + pad("start s", 16) + pad("gaps", 6) + pad("longest s", 11))
        for stream in streams {
            let nominal = metadata.nominalRates[stream.stream].map { fixed($0, 1) } ?? "-"
            lines.append(
                pad(stream.stream.name, nameWidth, left: true) + pad("\(stream.count)", 9) + pad(stream.rate.map { fixed($0, 2) } ?? "-", 10)
                    + pad(nominal, 9) + pad(fixed(stream.start, 3), 16) + pad("\(stream.gapCount)", 6)
                    + pad(stream.longestGap.map { fixed($0, 3) } ?? "-", 11)
            )
        }
        lines.append("truth:    " + (hasTruth ? truthParts.joined(separator: ", ") : "none"))
        if !eventCounts.isEmpty {
            lines.append("events:   " + eventCounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
        }
        for (id, label) in estimateLabels.sorted(by: { $0.key < $1.key }) {
            lines.append("estimate: \(id): \(label)")
        }
        if let calibration {
            func vector(_ v: Vector3, _ digits: Int) -> String { "(\(fixed(v.x, digits)), \(fixed(v.y, digits)), \(fixed(v.z, digits)))" }
            lines.append("calibration: \(calibration.origin)")
            if let bias = calibration.gyroscopeBias { lines.append("  gyroscope bias:         \(vector(bias, 4)) rad/s") }
            if let offset = calibration.magnetometerOffset { lines.append("  magnetometer offset:    \(vector(offset, 2)) µT") }
            if let softIron = calibration.magnetometerSoftIron {
                lines.append("  magnetometer soft iron: rows \(vector(softIron.row0, 4)) \(vector(softIron.row1, 4)) \(vector(softIron.row2, 4))")
            }
            if let strength = calibration.magnetometerFieldStrength {
                lines.append("  magnetometer field:     \(fixed(strength, 1)) µT where calibrated")
            }
        }
        for note in metadata.notes { lines.append("note:     \(note)") }
        // The names, labels and notes are a file's free text: shown, never obeyed by the terminal.
        return lines.map { VisibleText.escaping($0) }.joined(separator: "\n")
    }

    private static func summarise(_ stream: TraceStream, times: [Double]) -> Stream {
        var intervals = zip(times.dropFirst(), times).map { $0 - $1 }
        intervals.sort()
        let median = intervals.isEmpty ? nil : intervals[intervals.count / 2]
        let gaps = median.map { median in intervals.reversed().prefix { $0 > 2 * median } } ?? []
        return Stream(
            stream: stream, count: times.count, start: times.first ?? 0, end: times.last ?? 0,
            medianInterval: median, gapCount: gaps.count, longestGap: gaps.first
        )
    }
}
