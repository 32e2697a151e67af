import Foundation
import MotionMath

/// Reads motionbench's canonical CSV trace format (written by `TraceWriter`, described in
/// `traces/FORMAT.md`), bit-exact, refusing anything malformed with one `TraceError` naming the line.
public enum TraceReader {
    /// Reads the canonical trace at `url`, with unit warnings.
    public static func read(at url: URL) throws -> ImportedTrace {
        let scanner = try CSVScanner(path: url.path)
        let trace = try read(scanner)
        return ImportedTrace(trace: trace, warnings: UnitCheck.warnings(for: trace, path: url.path))
    }

    /// Header state: metadata so far and the line each stream was declared on, to name it later.
    private struct Header {
        var metadata = TraceMetadata(name: "")
        var seenKeys = Set<String>()
        var estimateIDs: [String: Int] = [:]
        var estimates: [RecordedEstimate] = []
        var declaredOn: [TraceStream: Int] = [:]
        var calibration: SensorCalibration?
        var calibrationParts = Set<String>()
        var calibrationLine = 0
    }

    private static func read(_ scanner: CSVScanner) throws -> Trace {
        guard try scanner.next() else { throw scanner.error("empty file: expected '\(TraceWriter.signature)'") }
        guard scanner.fieldCount == 2, scanner.fieldEquals(0, "motionbench-trace") else {
            throw scanner.error("not a motionbench trace: the first line must be '\(TraceWriter.signature)'")
        }
        guard scanner.fieldEquals(1, "1") else {
            throw scanner.error("unsupported motionbench trace version '\(try scanner.string(1))' (this reader knows 1)")
        }
        var header = try readHeader(scanner)

        var sensors: [SensorKind: [SensorSample]] = [:]
        var calibrated: [SensorSample] = []
        var truth: [GroundTruth] = []
        var estimateSamples = [[GroundTruth]](repeating: [], count: header.estimates.count)
        var events: [LabelledEvent] = []
        while try scanner.next() {
            if scanner.fieldCount < 2 { try scanner.expectFields(5) }
            let time = try scanner.double(0, "time")
            if scanner.fieldEquals(1, "event") {
                try scanner.expectFields(4)
                if let previous = events.last?.time, time < previous { throw scanner.error("event at \(time) goes back from \(previous)") }
                events.append(try event(scanner, time: time))
            } else if let kind = sensorKind(scanner) {
                try scanner.expectFields(5)
                try scanner.expectIncreasing(time, after: sensors[kind]?.last?.time, stream: kind.rawValue)
                sensors[kind, default: []].append(try scanner.sample(kind, time: time, try vector(scanner)))
            } else if scanner.fieldEquals(1, "magnetometer-calibrated") {
                try scanner.expectFields(5)
                try scanner.expectIncreasing(time, after: calibrated.last?.time, stream: "magnetometer-calibrated")
                calibrated.append(try scanner.sample(.magnetometer, time: time, try vector(scanner)))
            } else if scanner.fieldEquals(1, "truth") {
                try scanner.expectFields(11)
                try scanner.expectIncreasing(time, after: truth.last?.time, stream: "truth")
                truth.append(try groundTruth(scanner, time: time))
            } else {
                let name = try scanner.string(1)
                guard case .estimate(let id)? = TraceStream(name: name), let index = header.estimateIDs[id] else {
                    throw scanner.error("unknown stream '\(name.prefix(80))' (estimates must be declared in the header)")
                }
                try scanner.expectFields(11)
                try scanner.expectIncreasing(time, after: estimateSamples[index].last?.time, stream: name)
                estimateSamples[index].append(try groundTruth(scanner, time: time))
            }
        }
        for index in header.estimates.indices { header.estimates[index].samples = estimateSamples[index] }
        let trace = Trace(
            metadata: header.metadata, samples: sensors, calibratedMagnetometer: calibrated, truth: truth,
            estimates: header.estimates, calibration: header.calibration, events: events
        )
        let present = Set(trace.streams)
        guard !present.isEmpty else { throw scanner.error("no samples after the header") }
        for (stream, line) in header.declaredOn.sorted(by: { $0.value < $1.value }) where !present.contains(stream) {
            throw TraceError(path: scanner.path, line: line, reason: "\(stream) is declared here but has no samples")
        }
        return trace
    }

    private static func readHeader(_ scanner: CSVScanner) throws -> Header {
        var header = Header()
        while try scanner.next() {
            let key = try scanner.string(0)
            func text(from index: Int) throws -> String {
                guard scanner.fieldCount > index else { throw scanner.error("'\(key)' needs a value") }
                guard let value = TextEscaping.unescape(try scanner.rest(from: index)) else {
                    throw scanner.error("bad escape in '\(key)': only \\\\, \\n and \\r are allowed")
                }
                return value
            }
            switch key {
            case "name", "dataset", "device", "licence", "clock":
                guard header.seenKeys.insert(key).inserted else { throw scanner.error("'\(key)' is given twice") }
                let value = try text(from: 1)
                switch key {
                case "name": header.metadata.name = value
                case "dataset": header.metadata.dataset = value
                case "device": header.metadata.device = value
                case "licence": header.metadata.licence = value
                default: header.metadata.clock = value
                }
            case "rate":
                try scanner.expectFields(3)
                let name = try scanner.string(1)
                guard let stream = TraceStream(name: name) else { throw scanner.error("unknown stream '\(name.prefix(80))'") }
                guard header.metadata.nominalRates[stream] == nil else { throw scanner.error("the rate of \(stream) is given twice") }
                let rate = try scanner.double(2, "rate")
                guard rate > 0 else { throw scanner.error("the rate of \(stream) must be positive") }
                header.metadata.nominalRates[stream] = rate
                header.declaredOn[stream] = header.declaredOn[stream] ?? scanner.line
            case "estimate":
                guard scanner.fieldCount >= 3 else { throw scanner.error("'estimate' needs an id and a label") }
                let id = try scanner.string(1)
                guard RecordedEstimate.isValidID(id[...]) else {
                    throw scanner.error("estimate id '\(id.prefix(80))' is not letters, digits, - and _")
                }
                guard header.estimateIDs[id] == nil else { throw scanner.error("estimate '\(id)' is declared twice") }
                header.estimateIDs[id] = header.estimates.count
                header.estimates.append(RecordedEstimate(id: id, label: try text(from: 2), samples: []))
                header.declaredOn[.estimate(id)] = scanner.line
            case "note":
                header.metadata.notes.append(try text(from: 1))
            case "calibration":
                try readCalibration(scanner, into: &header, text: text)
            case "time":
                guard try scanner.rest(from: 0) == TraceWriter.columns else {
                    throw scanner.error("the header must end with '\(TraceWriter.columns)'")
                }
                if let calibration = header.calibration {
                    func fail(_ reason: String) -> TraceError { TraceError(path: scanner.path, line: header.calibrationLine, reason: reason) }
                    guard header.calibrationParts.contains("origin") else { throw fail("the calibration has no 'calibration,origin,…' line") }
                    guard calibration.magnetometerSoftIron == nil || calibration.magnetometerOffset != nil else {
                        throw fail("the calibration has a magnetometer soft-iron correction but no magnetometer offset")
                    }
                }
                return header
            default:
                throw scanner.error("unknown header line '\(key.prefix(80))'")
            }
        }
        throw scanner.error("no data: the header does not end with a '\(TraceWriter.columns)' line")
    }

    /// One `calibration,PART,…` header line: `origin,TEXT`, `gyroscope-bias,X,Y,Z`,
    /// `magnetometer-offset,X,Y,Z`, `magnetometer-soft-iron,` nine numbers row by row, or
    /// `magnetometer-field,µT`; each part at most once.
    private static func readCalibration(_ scanner: CSVScanner, into header: inout Header, text: (Int) throws -> String) throws {
        guard scanner.fieldCount >= 3 else { throw scanner.error("'calibration' needs a part and a value") }
        let part = try scanner.string(1)
        guard ["origin", "gyroscope-bias", "magnetometer-offset", "magnetometer-soft-iron", "magnetometer-field"].contains(part) else {
            throw scanner.error(
                "unknown calibration part '\(part.prefix(80))' (known: origin, gyroscope-bias, magnetometer-offset, magnetometer-soft-iron, magnetometer-field)"
            )
        }
        guard header.calibrationParts.insert(part).inserted else { throw scanner.error("calibration \(part) is given twice") }
        if header.calibration == nil { header.calibrationLine = scanner.line }
        var calibration = header.calibration ?? SensorCalibration(origin: "")
        func vector(from index: Int) throws -> Vector3 {
            Vector3(try scanner.double(index, "\(part) x"), try scanner.double(index + 1, "\(part) y"), try scanner.double(index + 2, "\(part) z"))
        }
        /// A bias or offset, in the unit of `sensor`'s readings and within their range.
        func correction(of sensor: SensorKind) throws -> Vector3 {
            let value = try vector(from: 2)
            if let reason = sensor.refusal(of: value) { throw scanner.error("calibration \(part): \(reason)") }
            return value
        }
        switch part {
        case "origin":
            calibration.origin = try text(2)
        case "gyroscope-bias":
            try scanner.expectFields(5)
            calibration.gyroscopeBias = try correction(of: .gyroscope)
        case "magnetometer-offset":
            try scanner.expectFields(5)
            calibration.magnetometerOffset = try correction(of: .magnetometer)
        case "magnetometer-soft-iron":
            try scanner.expectFields(11)
            calibration.magnetometerSoftIron = Matrix3(rows: try vector(from: 2), try vector(from: 5), try vector(from: 8))
        default:
            try scanner.expectFields(3)
            let strength = try scanner.double(2, "magnetometer field")
            guard strength > 0 else { throw scanner.error("the magnetometer field strength must be positive") }
            calibration.magnetometerFieldStrength = strength
        }
        header.calibration = calibration
    }

    /// The sensor a row's stream field names, without building a string.
    private static func sensorKind(_ scanner: CSVScanner) -> SensorKind? {
        if scanner.fieldEquals(1, "accelerometer") { return .accelerometer }
        if scanner.fieldEquals(1, "gyroscope") { return .gyroscope }
        if scanner.fieldEquals(1, "magnetometer") { return .magnetometer }
        if scanner.fieldEquals(1, "barometer") { return .barometer }
        return nil
    }

    private static func vector(_ scanner: CSVScanner) throws -> Vector3 {
        Vector3(try scanner.double(2, "x"), try scanner.double(3, "y"), try scanner.double(4, "z"))
    }

    /// `time,event,label,end`: an instant when the end is empty, else a state to it.
    private static func event(_ scanner: CSVScanner, time: Double) throws -> LabelledEvent {
        let label = try scanner.string(2)
        guard LabelledEvent.isValidLabel(label) else {
            throw scanner.error("event label '\(label.prefix(80))' is not lower-case letters and digits in words joined by hyphens")
        }
        let end = try scanner.optionalDouble(3, "end")
        if let end, end < time { throw scanner.error("event \(label) ends at \(end), before it starts at \(time)") }
        return LabelledEvent(label, at: time, until: end)
    }

    private static func groundTruth(_ scanner: CSVScanner, time: Double) throws -> GroundTruth {
        let parts = [2, 3, 4, 5].map { scanner.isEmpty($0) }
        guard parts.allSatisfy({ $0 }) || !parts.contains(true) else {
            throw scanner.error("attitude needs all four of qw, qx, qy, qz, or none")
        }
        let attitude =
            parts[0]
            ? nil
            : Quaternion(
                w: try scanner.double(2, "qw"), x: try scanner.double(3, "qx"),
                y: try scanner.double(4, "qy"), z: try scanner.double(5, "qz")
            )
        var activity: Activity?
        if !scanner.isEmpty(10) {
            let word = try scanner.string(10)
            guard let known = Activity(rawValue: word) else { throw scanner.error("unknown activity '\(word.prefix(80))'") }
            activity = known
        }
        return GroundTruth(
            time: time, attitude: attitude,
            magneticHeading: try scanner.optionalDouble(6, "magnetic heading"),
            trueHeading: try scanner.optionalDouble(7, "true heading"),
            altitude: try scanner.optionalDouble(8, "altitude"),
            steps: scanner.isEmpty(9) ? nil : try scanner.integer(9, "steps"),
            activity: activity
        )
    }
}
