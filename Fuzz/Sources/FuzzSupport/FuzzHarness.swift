import Foundation
import MotionSensors

/// What every fuzz target shares: a scratch folder of the process's own, the fuzzed bytes written
/// there as a file (the importers read files, and a bytes-taking entry would be public API that only
/// fuzzing wants), and the verdict on what an importer did with them.
///
/// The verdict: a `TraceError` about a file in the scratch folder, with a line number of 0 or more,
/// is a clean refusal. Anything else traps, which libFuzzer reports as a crash and saves the input:
/// another error type, a `TraceError` naming some other place, and an imported trace that does not
/// survive the canonical round trip (`TraceWriter` then `TraceReader`, back to an equal trace).
/// The round trip is the check on what an importer accepts: the writer refuses exactly what the
/// rest of the tool must never see (a NaN or infinite value, times that do not increase), and
/// `trace convert` does the same to every trace it is given.
public enum FuzzHarness {
    /// This process's own folder, removed at exit: on tmpfs (`/dev/shm`) when there is one, so that
    /// writing each input costs no disk I/O, and per process so that parallel fuzzers do not collide.
    public static let scratch: URL = {
        let shm = URL(fileURLWithPath: "/dev/shm")
        let base = FileManager.default.fileExists(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent("motionbench-fuzz-\(getpid())")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FuzzHarness.scratch) }
        return folder
    }()

    /// Writes the fuzzed bytes to `scratch/input.csv`, imports them with `importer`, and judges the
    /// outcome; returns libFuzzer's 0 ("input handled").
    public static func importFile(_ start: UnsafeRawPointer, _ count: Int, with importer: (URL) throws -> ImportedTrace) -> CInt {
        let input = scratch.appendingPathComponent("input.csv")
        write(UnsafeRawBufferPointer(start: start, count: count), to: input)
        judge { try importer(input) }
        return 0
    }

    /// Replaces the file at `url` with `bytes`.
    public static func write(_ bytes: UnsafeRawBufferPointer, to url: URL) {
        try! Data(bytes).write(to: url)
    }

    /// Runs one import and traps unless it gave a clean `TraceError` or a trace that round-trips.
    public static func judge(_ importing: () throws -> ImportedTrace) {
        let imported: ImportedTrace
        do {
            imported = try importing()
        } catch let error as TraceError {
            precondition(error.path.hasPrefix(scratch.path), "the TraceError names a file that was not read: \(error)")
            precondition(error.line >= 0, "the TraceError has a negative line: \(error)")
            return
        } catch {
            fatalError("an error that is not a TraceError: \(error)")
        }
        expectRoundTrip(imported.trace)
    }

    /// Traps unless `trace` is written by `TraceWriter` and read back by `TraceReader` unchanged.
    private static func expectRoundTrip(_ trace: Trace) {
        let bytes: [UInt8]
        do {
            bytes = try TraceWriter.encode(trace)
        } catch {
            fatalError("imported, but the canonical writer refuses it: \(error)")
        }
        let url = scratch.appendingPathComponent("round-trip.csv")
        bytes.withUnsafeBytes { write($0, to: url) }
        do {
            let reread = try TraceReader.read(at: url).trace
            precondition(reread == trace, "the canonical round trip changed the trace")
        } catch {
            fatalError("the canonical reader refuses what the writer wrote: \(error)")
        }
    }
}
