import Foundation
import MotionMath

/// Imports a file of the Oxford Step Counter dataset (`traces/oxford-step-counter`: an Android
/// phone's accelerometer while walking, with step counts from foot-mounted pressure pads).
///
/// What the file has: no header, seven columns per row: timestamp in nanoseconds since boot;
/// Android `TYPE_ACCELEROMETER` x, y, z in m/s² (specific force, +9.8 on the axis pointing up); the
/// app's own step count; the ground-truth step count; the hardware step counter (all 0 for user1).
///
/// The conversion, and why:
/// - time: nanoseconds / 10⁹, seconds since boot, as `CMLogItem.timestamp` counts.
/// - acceleration: `−a / 9.80665`. Android's device axes are Core Motion's (x right, y up the
///   screen, z out of it), but Android reports specific force and Core Motion its negative, in g.
/// - column 6 becomes the truth's `steps`, and each rise of it that many `step` events (the pads
///   report each step as it happens), the truth a step detector is scored against; column 5 the estimate `oxford-app-steps`, column 7 the
///   estimate `android-hardware-steps` only when it is ever non-zero (all zeros is a counter that
///   was not running, not zero steps). Cumulative counts are stored only where they change (and
///   at the first row): the same information in a fiftieth of the memory. A count going down is an
///   error.
/// - dropped, each with a warning naming the line: leading rows that read exactly (0, 0, 0) (the
///   sensor warming up: a real accelerometer never reads zero with gravity on it), and a row that
///   repeats the previous one byte for byte (two user1 files log a sample twice around a gap). A
///   repeated timestamp with different values is an error.
public enum OxfordImporter {
    /// Imports the Oxford CSV file at `url`.
    public static func importFile(at url: URL) throws -> ImportedTrace {
        let path = url.path
        let scanner = try CSVScanner(path: path)
        var accelerations: [SensorSample] = []
        accelerations.reserveCapacity(32_768)
        var truth: [GroundTruth] = []
        var appSteps: [GroundTruth] = []
        var hardwareSteps: [GroundTruth] = []
        var hardwareCounted = false
        var warnings = TraceWarnings()
        var previousLine: [UInt8] = []
        var lastTime: Double?
        var warmUpRows = 0

        while try scanner.next() {
            try scanner.expectFields(7)
            if scanner.lineBytes.elementsEqual(previousLine) {
                warnings.add(path: path, line: scanner.line, reason: "row repeats the previous row exactly; dropped")
                continue
            }
            previousLine.removeAll(keepingCapacity: true)
            previousLine.append(contentsOf: scanner.lineBytes)
            let nanoseconds = try scanner.integer(0, "timestamp (ns)")
            let time = Double(nanoseconds) / 1e9
            try scanner.expectIncreasing(time, after: lastTime, stream: "accelerometer")
            lastTime = time
            let force = Vector3(try scanner.double(1, "accx"), try scanner.double(2, "accy"), try scanner.double(3, "accz"))
            let counts = (
                app: try scanner.integer(4, "app steps"), truth: try scanner.integer(5, "ground-truth steps"),
                hardware: try scanner.integer(6, "hardware steps")
            )
            if accelerations.isEmpty, force == .zero {
                if warmUpRows == 0 {
                    warnings.add(path: path, line: scanner.line, reason: "accelerometer reads exactly 0 (sensor warm-up); row dropped")
                }
                warmUpRows += 1
                continue
            }
            accelerations.append(
                try scanner.sample(
                    .accelerometer, time: time,
                    FrameAlignment.coreMotionAcceleration(fromSpecificForce: force, unitsPerG: FrameAlignment.standardGravity)
                ))
            try record(counts.truth, at: time, in: &truth, scanner, "ground-truth")
            try record(counts.app, at: time, in: &appSteps, scanner, "app")
            try record(counts.hardware, at: time, in: &hardwareSteps, scanner, "hardware")
            hardwareCounted = hardwareCounted || counts.hardware != 0
        }
        guard !accelerations.isEmpty else {
            throw TraceError(path: path, line: max(scanner.line, 1), reason: scanner.line == 0 ? "empty file" : "no accelerometer samples")
        }
        var estimates = [
            RecordedEstimate(
                id: "oxford-app-steps", label: "steps counted live by the Oxford step-counter app on the phone; a competitor, not truth",
                samples: appSteps
            )
        ]
        if hardwareCounted {
            estimates.append(
                RecordedEstimate(
                    id: "android-hardware-steps", label: "the phone's hardware step counter; a competitor, not truth", samples: hardwareSteps))
        }
        // The pads send each step as it happens: where the count rises, that many steps were taken.
        let steps = zip(truth, truth.dropFirst()).flatMap { before, after in
            Array(repeating: LabelledEvent("step", at: after.time), count: (after.steps ?? 0) - (before.steps ?? 0))
        }
        var notes = [
            "truth: cumulative steps from foot-mounted pressure pads, stored where the count changes",
            "events: a step at each rise of the truth's count (the pads report each step as it happens)",
        ]
        if warmUpRows > 0 { notes.append("dropped \(warmUpRows) leading all-zero accelerometer row(s) (sensor warm-up)") }
        let name = url.deletingPathExtension().lastPathComponent
        let metadata = TraceMetadata(
            name: name, dataset: "oxford-step-counter", device: "Android phone (the source names a Samsung S6)",
            licence: "CC-BY-4.0", clock: "seconds since phone boot (Android nanoseconds / 1e9)",
            nominalRates: [.sensor(.accelerometer): 100], notes: notes
        )
        let trace = Trace(metadata: metadata, samples: [.accelerometer: accelerations], truth: truth, estimates: estimates, events: steps)
        return ImportedTrace(trace: trace, warnings: warnings.all + UnitCheck.warnings(for: trace, path: path))
    }

    /// Appends a cumulative count where it changes (and the first one).
    private static func record(_ count: Int, at time: Double, in samples: inout [GroundTruth], _ scanner: CSVScanner, _ name: String) throws {
        guard count >= 0 else { throw scanner.error("\(name) step count \(count) is negative") }
        if let last = samples.last?.steps {
            guard count >= last else { throw scanner.error("\(name) step count goes down from \(last) to \(count)") }
            if count == last { return }
        }
        samples.append(GroundTruth(time: time, steps: count))
    }
}
