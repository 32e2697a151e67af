import MotionMath
import MotionResults
import MotionSensors
import MotionWorkloads

/// Replays a case's input through a fresh workload, unmeasured and as fast as it goes (like the
/// accuracy pass), and streams a row per sample instant (per frame for a workload that animates) to
/// a sink: the time, the latest input of each sensor, the workload's own outputs and, where the
/// source knows it, the truth and the error. Nothing is kept but the row being written.
enum OutputEmitter {
    /// The emitted file's columns: `time_s`, the inputs, the workload's outputs, and for each of
    /// `quantities` the truth and the error (after `scored`).
    static func columns(outputs: [OutputColumn], sensors: [SensorKind], quantities: [EstimatedQuantity]) -> [OutputColumn] {
        var columns = [OutputColumn.number("time_s", decimals: 6, "seconds since the case's start: the sample instant, or the frame's time")]
        columns += sensors.flatMap(inputColumns)
        columns += outputs
        if !quantities.isEmpty {
            columns.append(TruthColumns.scored)
            columns += quantities.flatMap(TruthColumns.of)
        }
        return columns
    }

    /// The input columns of `sensor`: its latest sample at or before the row's time, as delivered.
    static func inputColumns(_ sensor: SensorKind) -> [OutputColumn] {
        switch sensor {
        case .accelerometer:
            return ["x", "y", "z"].map { .number("accel_\($0)_g", decimals: 6, "accelerometer \($0), g (device axes)") }
        case .gyroscope:
            return ["x", "y", "z"].map { .number("gyro_\($0)_rad_s", decimals: 6, "gyroscope \($0), rad/s") }
        case .magnetometer:
            return ["x", "y", "z"].map { .number("mag_\($0)_ut", decimals: 4, "magnetometer \($0), µT, raw") }
        case .barometer:
            return [.number("pressure_in_kpa", decimals: 5, "barometer pressure read, kPa")]
        }
    }

    /// Feeds `workload` (made from `entry`) `seconds` of `input` and writes its rows to `sink`. `attitudeAlignment` is the
    /// fit the accuracy pass kept for this case (a recording's yaw offset and time shift), applied to
    /// the truth and error columns so they agree with `accuracy.csv`; nil for none.
    static func emit(
        _ spec: CaseSpec, workload: any WorkloadInstance, of entry: WorkloadCatalogue.Entry, sensors: [SensorKind], input: CaseInput,
        seconds: Double, attitudeAlignment: AttitudeAccuracy?, into sink: inout some EmittedRowSink
    ) throws {
        let descriptor = entry.descriptor
        let quantities = input.reference == nil ? [] : EstimatedQuantity.allCases.filter(descriptor.estimates.contains)
        let columns = columns(outputs: entry.outputColumns, sensors: sensors, quantities: quantities)
        try sink.begin(columns: columns)
        let animates = descriptor.displayRate != nil
        var latest: [SensorKind: Vector3] = [:]
        var truth = input.reference.map { TruthCells(reference: $0, quantities: quantities, alignment: attitudeAlignment) }
        var outputs = OutputRows()
        var extra = OutputRows()
        let outputCount = entry.outputColumns.count

        func writeRows(at time: Double) throws {
            outputs.removeAll()
            workload.writeOutputs(into: &outputs)
            precondition(outputs.cells.count == outputs.rowCount * outputCount, "\(descriptor.name) wrote cells that do not fill its columns")
            extra.removeAll()
            extra.add(time)
            for sensor in sensors { sensor == .barometer ? extra.add(latest[sensor]?.x) : extra.add(latest[sensor]) }
            let prefixCount = extra.cells.count
            truth?.add(workload.currentEstimate, rowTime: time, to: &extra)
            for row in 0..<outputs.rowCount {
                try sink.append(
                    Array(extra.cells[..<prefixCount] + outputs.cells[(row * outputCount)..<((row + 1) * outputCount)] + extra.cells[prefixCount...]))
            }
        }

        var pendingTime: Double?
        for event in input.events(for: spec, animates: animates, sensors: sensors, seconds: seconds) {
            // A sample instant's row is written once every sample of that instant was handled.
            if let time = pendingTime {
                var sameInstant = false
                if case let .sample(sample) = event { sameInstant = sample.time == time }
                if !sameInstant {
                    try writeRows(at: time)
                    pendingTime = nil
                }
            }
            event.deliver(to: workload)
            switch event {
            case let .sample(sample):
                latest[sample.sensor] = sample.value
                if !animates { pendingTime = sample.time }
            case let .frame(time):
                try writeRows(at: time)
            case .touch:
                break
            }
        }
        if let time = pendingTime { try writeRows(at: time) }
        workload.finish()
    }
}
