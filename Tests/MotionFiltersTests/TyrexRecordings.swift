import Foundation
import MotionMath
import MotionSensors
import TestSupport

/// The committed full tyrex iPhone 5 recordings (`traces/tyrex-attitude-iphone/full`), found from
/// this file so a fresh clone tests on its own.
enum TyrexRecordings {
    static let folder = Repository.tyrexFull

    /// The five trials, clean texting first.
    static let trials = [
        "Thibaud_iPhone5_NoDist_Texting", "Thibaud_iPhone5_NoDist_Swinging", "Thibaud_iPhone5_NoDist_RunningHand",
        "Thibaud_iPhone5_NoDist_FrontPocket", "Thibaud_iPhone5_Dist_Texting",
    ]

    /// The recording in `name`'s folder, as the importer reads it.
    static func load(_ name: String) throws -> Trace {
        try importTrace(at: folder.appendingPathComponent(name)).trace
    }

    /// Each magnetometer reading with the truth attitude (device → North-West-Up) at the nearest
    /// truth frame, where that frame is within half a frame (1/120 s).
    static func magnetometerWithTruth(_ trace: Trace) -> [(raw: Vector3, attitude: Quaternion)] {
        var pairs: [(raw: Vector3, attitude: Quaternion)] = []
        var cursor = 0
        for sample in trace[.magnetometer] {
            while cursor + 1 < trace.truth.count, trace.truth[cursor + 1].time <= sample.time { cursor += 1 }
            let nearest = [cursor, cursor + 1].filter { $0 < trace.truth.count }
                .min { abs(trace.truth[$0].time - sample.time) < abs(trace.truth[$1].time - sample.time) }
            guard let nearest, abs(trace.truth[nearest].time - sample.time) <= 1.0 / 120,
                let attitude = trace.truth[nearest].attitude
            else { continue }
            pairs.append((sample.value, attitude))
        }
        return pairs
    }
}
