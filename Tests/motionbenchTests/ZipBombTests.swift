import Foundation
import SystemView
import TestSupport
import Testing

/// Zips that inflate to far more than they hold: memory stays bounded by the rows kept, not by what
/// an entry inflates to, and a warning repeated on every row is counted, not printed a million times.
@Suite(.serialized) struct ZipBombTests {
    static let metadata = ZipWriter.Entry(
        "Metadata.csv",
        head:
            "version,device name,recording time,platform,appVersion,device id,sampleRateMs,standardisation\n3,iPhone,2023-11-14_22-13-20,ios,1.31.0,x,10,false\n"
    )

    /// Whether the process's heap is glibc's: a sanitizer's allocator keeps freed blocks in quarantine
    /// (hundreds of MiB), so the resident bound holds only without one, where the counter is built.
    static let glibcHeap = AllocationCounter.isAvailable

    /// A Sensor Logger zip at a new temporary path, its folder removed by `body`'s end.
    func withZip(_ entries: [ZipWriter.Entry], _ body: (URL) throws -> Void) throws {
        let folder = try Repository.scratchFolder("motionbench-zip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("bomb.zip")
        try ZipWriter.write([Self.metadata] + entries, to: zip)
        try body(zip)
    }

    @Test func duplicateRowsCostTheirCountNotTheirSize() throws {
        let row = "1700000000010000000,0.010000,-1.000000,0.000000,0.000000\n"
        // 64 MiB of one row repeated, after a first one: all but one of them dropped as duplicates.
        let repeats = (64 << 20) / row.utf8.count
        let rows = ZipWriter.Entry(
            "AccelerometerUncalibrated.csv", head: "time,seconds_elapsed,z,y,x\n1700000000000000000,0.000000,-1.000000,0.000000,0.000000\n" + row,
            block: row, repeats: repeats)
        try withZip([rows]) { zip in
            #expect(try FileHandle(forReadingFrom: zip).seekToEnd() < 1 << 20, "a bomb: under a MiB on disk")
            let (outcome, peakKiB) = try CLI.runMeasuringMemory(["trace", "info", zip.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("accelerometer"))
            let warnings = outcome.stderr.split(separator: "\n")
            let entry = "\(zip.path)/AccelerometerUncalibrated.csv"
            #expect(warnings.count == 4, "\(warnings.prefix(6))")
            #expect(
                warnings.prefix(3).map { String($0) } == [4, 5, 6].map { "\(entry):\($0): warning: row repeats the previous row exactly; dropped" })
            #expect(warnings.last == "\(entry): warning: row repeats the previous row exactly; dropped: \(repeats) rows in all, the first 3 listed")
            if let peakKiB, Self.glibcHeap { #expect(peakKiB < 48 << 10, "peak resident \(peakKiB >> 10) MiB for an entry of 64 MiB") }
        }
    }

    @Test func anEntryOfZerosIsRefusedWithoutInflatingItIntoMemory() throws {
        try withZip([.zeros("AccelerometerUncalibrated.csv", size: 256 << 20)]) { zip in
            let (outcome, peakKiB) = try CLI.runMeasuringMemory(["trace", "info", zip.path])
            #expect(outcome.status == 65)
            #expect(outcome.stderr.contains("\(zip.path)/AccelerometerUncalibrated.csv:1: line longer than 65536 bytes"), "\(outcome.stderr)")
            if let peakKiB, Self.glibcHeap { #expect(peakKiB < 48 << 10, "peak resident \(peakKiB >> 10) MiB for an entry of 256 MiB") }
        }
    }
}
