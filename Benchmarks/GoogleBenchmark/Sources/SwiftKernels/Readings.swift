import KernelABI
import MotionSensors

/// Fills `samples` with `count` ticks at `rate` Hz of the virtual phone on the tilt-and-shake
/// scenario (seed 1, a phone's noise and biases), the input `motionbench run` feeds by default, so
/// every kernel is timed on realistic readings rather than on constants a branch could predict.
@_cdecl("mb_tilt_and_shake_readings")
public func tiltAndShakeReadings(_ samples: UnsafeMutablePointer<mb_sample>, _ count: Int32, _ rate: Double) {
    var device = VirtualDevice(scenario: .tiltAndShake, seed: 1)
    for tick in 0..<Int(count) {
        let time = Double(tick) / rate
        samples[tick] = mb_sample(
            gyroscope: mb_vector3(device.reading(of: .gyroscope, at: time).value),
            accelerometer: mb_vector3(device.reading(of: .accelerometer, at: time).value),
            magnetometer: mb_vector3(device.reading(of: .magnetometer, at: time).value)
        )
    }
}
