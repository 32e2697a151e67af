import Foundation
import MotionSensors

/// A recording that is a folder of files (a tyrex trial, a Sensor Logger or phyphox export), laid out
/// in the scratch folder, one of whose files the fuzzed bytes replace for each run.
///
/// The first byte chooses the file (modulo the count of `files`), the rest is its content; the other
/// files are the first `keptLines` lines of the real ones, so the import gets past them to the fuzzed
/// one and every file is reached. The replaced file is put back after the run. Files left out of a
/// recording are not fuzzed: that is a missing-file check, which the tests cover.
public final class FuzzedFolder {
    /// The files a run can replace, relative to `root`.
    public let files: [String]
    /// Where the copy is laid out.
    public let root: URL
    /// The shortened real files, in the order of `files`. Bytes, not `Data`: LeakSanitizer cannot
    /// see the pointers `Data` keeps, and calls a global one a leak.
    private let originals: [[UInt8]]

    /// The repository's `traces/` folder, found from this source file.
    public static let traces = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    /// Copies the first `keptLines` lines of each of `files`, read from `source(file)`, into the
    /// scratch folder's `name`.
    public init(name: String, files: [String], keptLines: Int, source: (String) -> URL) {
        self.files = files
        let root = FuzzHarness.scratch.appendingPathComponent(name)
        self.root = root
        originals = files.map { relative in
            let text = try! String(contentsOf: source(relative), encoding: .utf8)
            let kept = Array((text.split(separator: "\n", omittingEmptySubsequences: false).prefix(keptLines).joined(separator: "\n") + "\n").utf8)
            let copy = root.appendingPathComponent(relative)
            try! FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            kept.withUnsafeBytes { FuzzHarness.write($0, to: copy) }
            return kept
        }
    }

    /// One run: replaces the chosen file with the rest of the bytes, runs `importing`, judges it and
    /// puts the file back; returns libFuzzer's 0.
    public func run(_ start: UnsafeRawPointer, _ count: Int, importing: () throws -> ImportedTrace) -> CInt {
        guard count > 0 else { return 0 }
        let index = Int(start.load(as: UInt8.self)) % files.count
        let fuzzed = root.appendingPathComponent(files[index])
        FuzzHarness.write(UnsafeRawBufferPointer(start: start + 1, count: count - 1), to: fuzzed)
        defer { originals[index].withUnsafeBytes { FuzzHarness.write($0, to: fuzzed) } }
        FuzzHarness.judge(importing)
        return 0
    }
}
