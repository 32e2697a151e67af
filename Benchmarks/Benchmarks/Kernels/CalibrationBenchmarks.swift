import Benchmark
import Foundation
import MotionFilters
import MotionMath
import MotionSensors

/// A full tyrex iPhone 5 recording from `traces/tyrex-attitude-iphone/full`.
private func tyrexRecording(_ name: String) throws -> Trace {
    try importTrace(at: tracesFolder.appendingPathComponent("tyrex-attitude-iphone/full/\(name)")).trace
}

/// Each gyroscope reading of `trace` with the accelerometer reading before it and the interval since
/// the previous gyroscope reading (0.0105 s for the first), as the bias estimator takes them.
private func gyroscopeTicks(_ trace: Trace) -> [(gyroscope: Vector3, accelerometer: Vector3, dt: Double)] {
    let accelerations = trace[.accelerometer]
    var cursor = 0
    var previous: Double?
    return trace[.gyroscope].map { sample in
        while cursor + 1 < accelerations.count, accelerations[cursor + 1].time <= sample.time { cursor += 1 }
        defer { previous = sample.time }
        return (sample.value, accelerations[cursor].value, previous.map { sample.time - $0 } ?? 0.0105)
    }
}

/// The calibration kernels on real iPhone 5 readings, one reading per iteration.
func calibrationBenchmarks() {
    // 8.5 s still (the bias is learnt) then 124 s of texting (every window has motion), in a loop.
    Benchmark("gyro bias estimator update (tyrex calib_gyr + texting, 95 Hz)") { benchmark in
        let ticks = try gyroscopeTicks(tyrexRecording("calib_gyr_iPhone5_d3")) + gyroscopeTicks(tyrexRecording("Thibaud_iPhone5_NoDist_Texting"))
        var estimator = GyroBiasEstimator()
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            let tick = ticks[iteration % ticks.count]
            estimator.update(gyroscope: tick.gyroscope, accelerometer: tick.accelerometer, dt: tick.dt)
        }
        blackHole(estimator.bias)
    }

    // The swinging walk keeps about one reading in three and refits every 20 kept: the refits'
    // cost is spread over the readings, as on a phone.
    Benchmark("online magnetometer calibrator update (tyrex swinging, 25 Hz)") { benchmark in
        let readings = try tyrexRecording("Thibaud_iPhone5_NoDist_Swinging")[.magnetometer].map(\.value)
        var calibrator = OnlineMagnetometerCalibrator()
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations { blackHole(calibrator.update(readings[iteration % readings.count])) }
        blackHole(calibrator.calibration)
    }

    // The attitudes turn about the vertical and tilt a little: the sums and refits cost the same
    // whatever the attitude, and the recorded fields keep the fit's weights realistic.
    Benchmark("gyro-aided magnetometer calibrator update (tyrex swinging, 25 Hz)") { benchmark in
        let readings = try tyrexRecording("Thibaud_iPhone5_NoDist_Swinging")[.magnetometer].map(\.value)
        let attitudes = (0..<4096).map { index in
            Quaternion(axis: Vector3(0, 0, 1), angle: Double(index) * 0.02)
                * Quaternion(axis: Vector3(1, 0, 0), angle: 0.2 * sin(Double(index) * 0.05))
        }
        var calibrator = GyroAidedMagnetometerCalibrator()
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            calibrator.update(readings[iteration % readings.count], attitude: attitudes[iteration & 4095], dt: 0.04)
        }
        blackHole(calibrator.calibration)
    }

    // One refit as the calibrator does it, from the calibration recording's sums.
    Benchmark("ellipsoid fit solve (ellipsoid, then offset only)", configuration: .init(metrics: perSampleMetrics, scalingFactor: .one)) {
        benchmark in
        var fit = EllipsoidFit()
        for sample in try tyrexRecording("calib_mag_iPhone5_d3")[.magnetometer] { fit.add(sample.value) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(fit.solveEllipsoid())
            blackHole(fit.solveOffset())
        }
    }
}
