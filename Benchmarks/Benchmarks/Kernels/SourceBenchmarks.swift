import Benchmark
import Foundation
import MotionSensors

/// The repository's root, found from this file's place in it.
let repositoryFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The committed recordings (slices of the shared data).
let tracesFolder = repositoryFolder.appendingPathComponent("traces")

/// The full recordings beside the repository, when present: import throughput is read on them, as
/// the slices are small enough for per-file costs to weigh.
let sharedDataFolder = repositoryFolder.deletingLastPathComponent().appendingPathComponent("shared/data")

/// `path` under the shared data if it is there, else `slice` under `traces/`.
func recording(_ path: String, slice: String) -> URL {
    let full = sharedDataFolder.appendingPathComponent(path)
    return FileManager.default.fileExists(atPath: full.path) ? full : tracesFolder.appendingPathComponent(slice)
}

/// Bytes of a file, or of every file in a folder (a tyrex trial).
func byteCount(_ url: URL) -> Int {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
    let files = isFolder.boolValue ? (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [] : [url]
    return files.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? NSNumber)?.intValue ?? 0) }
}

/// Import throughput (one import per iteration; the name carries the bytes, so MB/s = bytes / wall time)
/// and the hub's delivery cost per sample per subscriber.
func sourceBenchmarks() {
    let recordings = [
        (
            "tyrex trial",
            recording("tyrex-attitude-iphone/Thibaud_iPhone5_NoDist_Texting", slice: "tyrex-attitude-iphone/Thibaud_iPhone5_NoDist_Texting")
        ),
        ("Oxford walk", recording("oxford-step-counter/user1_hand_1506421989895.csv", slice: "oxford-step-counter/user1_hand_1506421989895.csv")),
        (
            "BROAD",
            recording(
                "broad-imu-orientation/07_undisturbed_fast_rotation_B_first100s.csv",
                slice: "broad-imu-orientation/07_undisturbed_fast_rotation_B_first100s.csv")
        ),
        ("x-io Fusion", recording("xio-fusion/sensor_data.csv", slice: "xio-fusion/sensor_data.csv")),
    ]
    for (name, url) in recordings {
        Benchmark(
            "import \(name) (\(byteCount(url)) bytes)",
            configuration: .init(metrics: [.wallClock, .mallocCountTotal, .throughput], scalingFactor: .one, maxIterations: 200)
        ) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try importTrace(at: url)) }
        }
    }

    let trial = tracesFolder.appendingPathComponent("tyrex-attitude-iphone/Thibaud_iPhone5_NoDist_Texting")
    for rate in [50.0, 200.0] {
        Benchmark("resampled reading, tyrex accelerometer ~100 → \(Int(rate)) Hz, per sample") { benchmark in
            let streams = [SensorKind.accelerometer: try importTrace(at: trial).trace[.accelerometer]]
            var subscription = ResampledSource(streams: streams, rate: rate)
            let ticks = Int(subscription.duration * rate)
            benchmark.startMeasurement()
            var tick = 0
            for _ in benchmark.scaledIterations {
                blackHole(subscription.reading(of: .accelerometer, at: Double(tick) / rate))
                tick += 1
                if tick == ticks {
                    benchmark.stopMeasurement()
                    subscription = ResampledSource(streams: streams, rate: rate)
                    tick = 0
                    benchmark.startMeasurement()
                }
            }
        }
    }
}
