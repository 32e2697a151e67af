import Foundation
import FuzzSupport
import MotionSensors

/// The iOS Sensor Logger export (traces/own-recordings/sensor-logger/ios-walk), one of whose files
/// the input replaces.
let recording = FuzzedFolder(
    name: "sensor-logger",
    files: [
        "Metadata.csv", "AccelerometerUncalibrated.csv", "Accelerometer.csv", "Gravity.csv", "GyroscopeUncalibrated.csv",
        "Gyroscope.csv", "MagnetometerUncalibrated.csv", "Magnetometer.csv", "Barometer.csv", "Orientation.csv",
    ],
    keptLines: 51
) { FuzzedFolder.traces.appendingPathComponent("own-recordings/sensor-logger/ios-walk").appendingPathComponent($0) }

/// libFuzzer's entry point: a first byte of 255 makes the rest a zip of a Sensor Logger export (the
/// zip reader's hostile input); any other picks the file of the folder the rest replaces, in
/// `recording.files`' order (see `FuzzedFolder`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if count > 0, start.load(as: UInt8.self) == 255 {
        return FuzzHarness.importFile(start + 1, count - 1) { try SensorLoggerImporter.importRecording(at: $0) }
    }
    return recording.run(start, count) { try SensorLoggerImporter.importRecording(at: recording.root) }
}
