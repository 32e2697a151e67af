import Foundation

/// Where the committed slices and bad inputs are, found from this file so a fresh clone tests on
/// its own, and a scratch folder for files a test writes.
enum TraceFiles {
    /// The repository's `traces/` folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    /// A file or folder under `traces/`.
    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// A bad-input file under `traces/bad-input/`.
    static func bad(_ name: String) -> URL { url("bad-input/" + name) }

    static let tyrexTrial = url("tyrex-attitude-iphone/Thibaud_iPhone5_NoDist_Texting")
    static let oxford = url("oxford-step-counter/user1_hand_1506421989895.csv")
    static let broad = url("broad-imu-orientation/07_undisturbed_fast_rotation_B_first100s.csv")
    static let xio = url("xio-fusion/sensor_data.csv")

    /// A new empty folder in the temporary directory.
    static func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-traces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
