import Foundation

/// Where the repository's committed files are, found from this file so a fresh clone tests on its own,
/// and scratch folders for files a test writes.
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder under the root, e.g. `traces/xio-fusion/sensor_data.csv`.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// A file or folder under `traces/`.
    public static func trace(_ relative: String) -> URL { url("traces/" + relative) }

    /// A bad-input file under `traces/bad-input/`.
    public static func badInput(_ name: String) -> URL { trace("bad-input/" + name) }

    /// The committed recordings the tests replay most.
    public static let tyrexTrial = trace("tyrex-attitude-iphone/Thibaud_iPhone5_NoDist_Texting")
    public static let tyrexFull = trace("tyrex-attitude-iphone/full")
    public static let oxford = trace("oxford-step-counter/user1_hand_1506421989895.csv")
    public static let oxfordFull = trace("oxford-step-counter/full")
    public static let broad = trace("broad-imu-orientation/07_undisturbed_fast_rotation_B_first100s.csv")
    public static let xio = trace("xio-fusion/sensor_data.csv")

    /// A new empty folder in the temporary directory, its name starting with `prefix`. It is removed
    /// when the test process exits, whichever test made it and however that test ended (a failed
    /// `#require` returns early), so a test run leaves nothing in the temporary directory; a test
    /// may remove it sooner.
    public static func scratchFolder(_ prefix: String = "motionbench-test") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        ScratchFolders.removeAtExit(folder)
        return folder
    }
}

/// The scratch folders made in this process, removed when it exits.
private enum ScratchFolders {
    nonisolated(unsafe) static var folders: [String] = []
    static let lock = NSLock()
    static let registered: Void = {
        atexit {
            ScratchFolders.lock.lock()
            for folder in ScratchFolders.folders { try? FileManager.default.removeItem(atPath: folder) }
            ScratchFolders.lock.unlock()
        }
    }()

    static func removeAtExit(_ folder: URL) {
        _ = registered
        lock.lock()
        folders.append(folder.path)
        lock.unlock()
    }
}
