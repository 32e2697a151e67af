import Foundation
import MotionSensors

/// A tyrex trial folder, with its calibration recordings beside it, one of whose files the fuzzed
/// bytes replace for each run (see `FuzzedFolder`): the Texting trial and set i5d3 in
/// `traces/tyrex-attitude-iphone/full/`, a header and 50 rows of each.
public enum FuzzedTrial {
    /// The files a run can replace, relative to the folder holding the trial and its calibration.
    public static let files = [
        "trial/trial.json", "trial/accelerometer.csv", "trial/gyroscope.csv", "trial/magnetometer.csv",
        "trial/magnetometer_calibrated.csv", "trial/attitude.csv", "trial/groundtruth_qualisys.csv",
        "calib_gyr_iPhone5_d3/gyroscope.csv", "calib_mag_iPhone5_d3/magnetometer.csv",
    ]

    static let folder: FuzzedFolder = {
        let source = FuzzedFolder.traces.appendingPathComponent("tyrex-attitude-iphone/full")
        return FuzzedFolder(name: "tyrex", files: files, keptLines: 51) { relative in
            relative.hasPrefix("trial/")
                ? source.appendingPathComponent("Thibaud_iPhone5_NoDist_Texting").appendingPathComponent(String(relative.dropFirst("trial/".count)))
                : source.appendingPathComponent(relative)
        }
    }()

    /// One run of the trial's import; returns libFuzzer's 0.
    public static func importTrial(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        folder.run(start, count) { try TyrexImporter.importTrial(at: folder.root.appendingPathComponent("trial")) }
    }
}
