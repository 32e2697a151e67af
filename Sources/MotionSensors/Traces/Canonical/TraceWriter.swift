import Foundation
import MotionMath

/// Writes a trace in motionbench's canonical CSV format (see `traces/FORMAT.md`), which
/// `TraceReader` reads back to the same bits.
///
/// The format is long: one header block, then one row per sample, `time,stream,values…`, all streams
/// merged in time order. Long rather than wide because every stream keeps its own clock (a phone's
/// accelerometer, gyroscope and magnetometer tick at 100.7, 94.8 and 24.7 Hz, unaligned): a wide row
/// would need empty cells or resampling, and resampling would change the data. Numbers are Swift's
/// shortest round-trip text, which the reader's correctly rounded parser turns back into the same
/// `Double`.
public enum TraceWriter {
    /// The first line of every canonical trace; the number is the format version.
    public static let signature = "motionbench-trace,1"
    /// The line that ends the header; data rows follow.
    public static let columns = "time,stream,values"

    /// Writes `trace` to `url`, atomically (a temporary file renamed into place), so an interrupted
    /// write leaves the previous file or none, never half a trace.
    public static func write(_ trace: Trace, to url: URL) throws {
        let bytes: [UInt8]
        do {
            bytes = try encode(trace)
        } catch var error as TraceError {
            error.path = url.path
            throw error
        }
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw TraceError(path: url.path, line: 0, reason: "cannot write: \(error.localizedDescription)")
        }
    }

    /// The canonical CSV text of `trace`. Throws for what the reader would refuse: a non-finite
    /// value, timestamps that do not increase, an invalid or repeated estimate id, a rate for a
    /// stream without samples, an event with a malformed label or an end before its start.
    public static func encode(_ trace: Trace) throws -> [UInt8] {
        try validate(trace)
        var out: [UInt8] = []
        out.reserveCapacity(64 * (trace.samples.values.reduce(0) { $0 + $1.count } + trace.truth.count))
        func line(_ parts: String...) {
            out.append(contentsOf: parts.joined(separator: ",").utf8)
            out.append(UInt8(ascii: "\n"))
        }
        let metadata = trace.metadata
        line(signature)
        line("name", TextEscaping.escape(metadata.name))
        line("dataset", TextEscaping.escape(metadata.dataset))
        line("device", TextEscaping.escape(metadata.device))
        line("licence", TextEscaping.escape(metadata.licence))
        line("clock", TextEscaping.escape(metadata.clock))
        for (stream, rate) in metadata.nominalRates.sorted(by: { $0.key < $1.key }) {
            line("rate", stream.name, rate.description)
        }
        for estimate in trace.estimates {
            line("estimate", estimate.id, TextEscaping.escape(estimate.label))
        }
        if let calibration = trace.calibration {
            func numbers(_ values: Double...) -> String { values.map(\.description).joined(separator: ",") }
            func numbers(_ vector: Vector3) -> String { numbers(vector.x, vector.y, vector.z) }
            line("calibration", "origin", TextEscaping.escape(calibration.origin))
            if let bias = calibration.gyroscopeBias { line("calibration", "gyroscope-bias", numbers(bias)) }
            if let offset = calibration.magnetometerOffset { line("calibration", "magnetometer-offset", numbers(offset)) }
            if let softIron = calibration.magnetometerSoftIron {
                line("calibration", "magnetometer-soft-iron", numbers(softIron.row0), numbers(softIron.row1), numbers(softIron.row2))
            }
            if let strength = calibration.magnetometerFieldStrength { line("calibration", "magnetometer-field", strength.description) }
        }
        for note in metadata.notes {
            line("note", TextEscaping.escape(note))
        }
        line(columns)

        // Streams in `TraceStream` order; merging picks the earliest next sample, the first stream
        // on a tie, so the output is deterministic.
        let sensorRows: [(name: String, samples: [SensorSample])] =
            trace.sensors.map { ($0.rawValue, trace[$0]) }
            + [(TraceStream.calibratedMagnetometer.name, trace.calibratedMagnetometer)]
        let truthRows: [(name: String, samples: [GroundTruth])] =
            [(TraceStream.truth.name, trace.truth)]
            + trace.estimates.map { (TraceStream.estimate($0.id).name, $0.samples) }
        var sensorNext = [Int](repeating: 0, count: sensorRows.count)
        var truthNext = [Int](repeating: 0, count: truthRows.count)
        var eventNext = 0
        while true {
            var best: (time: Double, index: Int, isTruth: Bool)?
            for (index, row) in sensorRows.enumerated() where sensorNext[index] < row.samples.count {
                let time = row.samples[sensorNext[index]].time
                if best == nil || time < best!.time { best = (time, index, false) }
            }
            for (index, row) in truthRows.enumerated() where truthNext[index] < row.samples.count {
                let time = row.samples[truthNext[index]].time
                if best == nil || time < best!.time { best = (time, index, true) }
            }
            // Events last on a tie, as the format's table lists them.
            if eventNext < trace.events.count, best.map({ trace.events[eventNext].time < $0.time }) ?? true {
                append(trace.events[eventNext], to: &out)
                eventNext += 1
                continue
            }
            guard let best else { break }
            if best.isTruth {
                let sample = truthRows[best.index].samples[truthNext[best.index]]
                truthNext[best.index] += 1
                append(sample, stream: truthRows[best.index].name, to: &out)
            } else {
                let sample = sensorRows[best.index].samples[sensorNext[best.index]]
                sensorNext[best.index] += 1
                append(sample, stream: sensorRows[best.index].name, to: &out)
            }
        }
        return out
    }

    /// `time,stream,x,y,z`.
    private static func append(_ sample: SensorSample, stream: String, to out: inout [UInt8]) {
        appendNumber(sample.time, to: &out)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: stream.utf8)
        out.append(UInt8(ascii: ","))
        appendNumber(sample.value.x, to: &out)
        out.append(UInt8(ascii: ","))
        appendNumber(sample.value.y, to: &out)
        out.append(UInt8(ascii: ","))
        appendNumber(sample.value.z, to: &out)
        out.append(UInt8(ascii: "\n"))
    }

    /// `time,stream,qw,qx,qy,qz,magneticHeading,trueHeading,altitude,steps,activity`, unknown parts empty.
    private static func append(_ sample: GroundTruth, stream: String, to out: inout [UInt8]) {
        appendNumber(sample.time, to: &out)
        out.append(UInt8(ascii: ","))
        out.append(contentsOf: stream.utf8)
        let attitude = sample.attitude
        let numbers = [attitude?.w, attitude?.x, attitude?.y, attitude?.z, sample.magneticHeading, sample.trueHeading, sample.altitude]
        for value in numbers {
            out.append(UInt8(ascii: ","))
            if let value { appendNumber(value, to: &out) }
        }
        out.append(UInt8(ascii: ","))
        if let steps = sample.steps { out.append(contentsOf: steps.description.utf8) }
        out.append(UInt8(ascii: ","))
        if let activity = sample.activity { out.append(contentsOf: activity.rawValue.utf8) }
        out.append(UInt8(ascii: "\n"))
    }

    /// `time,event,label,end`, the end empty for an instant.
    private static func append(_ event: LabelledEvent, to out: inout [UInt8]) {
        appendNumber(event.time, to: &out)
        out.append(contentsOf: ",event,\(event.label),".utf8)
        if let end = event.end { appendNumber(end, to: &out) }
        out.append(UInt8(ascii: "\n"))
    }

    /// Shortest text that reads back to the same `Double` (Swift's `description`).
    @inline(__always) private static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        out.append(contentsOf: value.description.utf8)
    }

    private static func validate(_ trace: Trace) throws {
        func fail(_ reason: String) -> TraceError {
            TraceError(path: "trace '\(trace.metadata.name)'", line: 0, reason: reason)
        }
        func checkTimes(_ times: some Sequence<Double>, _ stream: String) throws {
            var previous: Double?
            for time in times {
                guard time.isFinite else { throw fail("\(stream) has a non-finite timestamp") }
                if let previous, time <= previous {
                    throw fail("\(stream) timestamps do not increase at \(time)")
                }
                previous = time
            }
        }
        func checkSensor(_ samples: [SensorSample], _ stream: String) throws {
            try checkTimes(samples.lazy.map(\.time), stream)
            for sample in samples where !(sample.value.x.isFinite && sample.value.y.isFinite && sample.value.z.isFinite) {
                throw fail("\(stream) has a non-finite value at \(sample.time)")
            }
        }
        func checkTruth(_ samples: [GroundTruth], _ stream: String) throws {
            try checkTimes(samples.lazy.map(\.time), stream)
            for sample in samples {
                let a = sample.attitude
                let values = [a?.w, a?.x, a?.y, a?.z, sample.magneticHeading, sample.trueHeading, sample.altitude]
                guard values.allSatisfy({ $0?.isFinite ?? true }) else {
                    throw fail("\(stream) has a non-finite value at \(sample.time)")
                }
            }
        }
        for sensor in trace.sensors { try checkSensor(trace[sensor], sensor.rawValue) }
        try checkSensor(trace.calibratedMagnetometer, TraceStream.calibratedMagnetometer.name)
        try checkTruth(trace.truth, TraceStream.truth.name)
        var ids = Set<String>()
        for estimate in trace.estimates {
            guard RecordedEstimate.isValidID(estimate.id[...]) else { throw fail("estimate id '\(estimate.id)' is not letters, digits, - and _") }
            guard ids.insert(estimate.id).inserted else { throw fail("estimate id '\(estimate.id)' is used twice") }
            guard !estimate.samples.isEmpty else { throw fail("estimate '\(estimate.id)' has no samples") }
            try checkTruth(estimate.samples, TraceStream.estimate(estimate.id).name)
        }
        if let calibration = trace.calibration {
            let vectors = [
                calibration.gyroscopeBias, calibration.magnetometerOffset, calibration.magnetometerSoftIron?.row0,
                calibration.magnetometerSoftIron?.row1, calibration.magnetometerSoftIron?.row2,
            ].compactMap { $0 }
            guard vectors.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }), calibration.magnetometerFieldStrength?.isFinite ?? true
            else {
                throw fail("the calibration has a non-finite value")
            }
            guard calibration.magnetometerSoftIron == nil || calibration.magnetometerOffset != nil else {
                throw fail("the calibration has a soft-iron correction without a magnetometer offset")
            }
            guard (calibration.magnetometerFieldStrength ?? 1) > 0 else { throw fail("the calibration's field strength is not positive") }
        }
        for event in trace.events {
            guard event.time.isFinite, event.end?.isFinite ?? true else { throw fail("event \(event.label) has a non-finite time") }
            guard LabelledEvent.isValidLabel(event.label) else {
                throw fail("event label '\(event.label)' is not lower-case words joined by hyphens")
            }
            guard event.endOrTime >= event.time else { throw fail("event \(event.label) at \(event.time) ends before it starts") }
        }
        let present = Set(trace.streams)
        for (stream, rate) in trace.metadata.nominalRates {
            guard present.contains(stream) else { throw fail("a nominal rate is given for \(stream), which has no samples") }
            guard rate.isFinite, rate > 0 else { throw fail("the nominal rate of \(stream) is not a positive number") }
        }
        guard !present.isEmpty else { throw fail("the trace has no samples") }
    }
}
