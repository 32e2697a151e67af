import Foundation
import MotionSensors

/// A tyrex trial folder, with its calibration recordings beside it, in the scratch folder, one of
/// whose files the fuzzed bytes replace for each run.
///
/// The first byte chooses the file (modulo the count of `files`), the rest is its content; the
/// other files are the first `keptLines` lines of the real ones (the Texting trial and set i5d3 in
/// `traces/tyrex-attitude-iphone/full/`), so the import gets past them to the fuzzed one and every
/// file is reached. The replaced file is put back after the run. Files left out of a trial are not
/// fuzzed: that is a missing-file check, which the tests cover.
public enum FuzzedTrial {
    /// The files a run can replace, relative to the folder holding the trial and its calibration.
    public static let files = [
        "trial/trial.json", "trial/accelerometer.csv", "trial/gyroscope.csv", "trial/magnetometer.csv",
        "trial/magnetometer_calibrated.csv", "trial/attitude.csv", "trial/groundtruth_qualisys.csv",
        "calib_gyr_iPhone5_d3/gyroscope.csv", "calib_mag_iPhone5_d3/magnetometer.csv",
    ]

    /// Lines kept of each real file (a header and 50 rows), so one run reads little.
    public static let keptLines = 51

    /// Where the real files are: `traces/tyrex-attitude-iphone/full/`, found from this source file.
    static let source = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces/tyrex-attitude-iphone/full")

    /// The shortened real files, in the order of `files`, laid out once in the scratch folder. Bytes,
    /// not `Data`: LeakSanitizer cannot see the pointers `Data` keeps, and calls a global one a leak.
    static let originals: [[UInt8]] = {
        files.map { relative in
            let real = relative.hasPrefix("trial/")
                ? source.appendingPathComponent("Thibaud_iPhone5_NoDist_Texting").appendingPathComponent(String(relative.dropFirst("trial/".count)))
                : source.appendingPathComponent(relative)
            let text = try! String(contentsOf: real, encoding: .utf8)
            let kept = Array((text.split(separator: "\n", omittingEmptySubsequences: false).prefix(keptLines).joined(separator: "\n") + "\n").utf8)
            let copy = root.appendingPathComponent(relative)
            try! FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            kept.withUnsafeBytes { FuzzHarness.write($0, to: copy) }
            return kept
        }
    }()

    static let root = FuzzHarness.scratch.appendingPathComponent("tyrex")

    /// One run: replaces the chosen file with the rest of the bytes, imports the trial, judges it
    /// and puts the file back; returns libFuzzer's 0.
    public static func importTrial(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        guard count > 0 else { return 0 }
        let index = Int(start.load(as: UInt8.self)) % files.count
        let original = originals[index]
        let fuzzed = root.appendingPathComponent(files[index])
        FuzzHarness.write(UnsafeRawBufferPointer(start: start + 1, count: count - 1), to: fuzzed)
        defer { original.withUnsafeBytes { FuzzHarness.write($0, to: fuzzed) } }
        FuzzHarness.judge { try TyrexImporter.importTrial(at: root.appendingPathComponent("trial")) }
        return 0
    }
}
