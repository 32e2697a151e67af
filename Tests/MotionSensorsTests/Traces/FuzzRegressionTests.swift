import Foundation
import MotionSensors
import TestSupport
import Testing

/// The inputs fuzzing (`scripts/fuzz.sh`) broke the importers with, committed in
/// `traces/fuzz-regressions/` (its README says what each was): each must now be refused with one
/// `TraceError` naming the file and line. Before, most were imported into a trace with infinite or
/// repeated values, which the canonical writer, and the rest of the tool, cannot take; the empty
/// `trial.json` leaked memory on its way to an error; the phyphox export with no readings became a
/// trace without samples.
@Suite struct FuzzRegressionTests {
    @Test(arguments: [
        (
            "broad-quaternion-overflow.csv", "broad-quaternion-overflow.csv", 2,
            "opt_qw, opt_qx, opt_qy, opt_qz is not a unit quaternion (norm inf)"
        ),
        (
            "tyrex-time-offset-overflow/trial", "tyrex-time-offset-overflow/trial/groundtruth_qualisys.csv", 2,
            "t_s 0.0 + boot_time_s - time_alignment_s (inf) is inf, not a later time on the phone's clock"
        ),
        (
            "tyrex-time-offset-rounding/trial", "tyrex-time-offset-rounding/trial/groundtruth_qualisys.csv", 3,
            "t_s 0.0166 + boot_time_s - time_alignment_s (1e+20) is 1e+20, not a later time on the phone's clock"
        ),
        (
            "tyrex-gyroscope-bias-overflow/trial", "tyrex-gyroscope-bias-overflow/calib_gyr_iPhone5_d3/gyroscope.csv", 2,
            "gyroscope x is 1e+308 rad/s, outside the accepted ±1000 rad/s"
        ),
        ("tyrex-empty-trial-json/trial", "tyrex-empty-trial-json/trial/trial.json", 0, "empty file: not a trial.json"),
        ("phyphox-empty-readings.csv", "phyphox-empty-readings.csv", 3, "no sensor readings: the sensor columns of every row are empty"),
    ])
    func findingIsOneCleanError(input: String, file: String, line: Int, reason: String) throws {
        let folder = Repository.trace("fuzz-regressions")
        let error = try #require(throws: TraceError.self) { try importTrace(at: folder.appendingPathComponent(input)) }
        #expect(error.path == folder.appendingPathComponent(file).path)
        #expect(error.line == line)
        #expect(error.reason == reason)
    }
}
