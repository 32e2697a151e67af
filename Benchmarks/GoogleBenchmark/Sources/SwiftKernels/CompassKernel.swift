import KernelABI
import MotionFilters
import MotionMath

/// The e-compass on every sample: `TiltCompensatedCompass.attitude`, or zeros where it has none.
@_cdecl("mb_swift_compass_run")
public func compassRun(_ samples: UnsafePointer<mb_sample>, _ count: Int32, _ dt: Double, _ out: UnsafeMutablePointer<Double>) {
    for update in 0..<Int(count) {
        let sample = samples[update]
        let attitude = TiltCompensatedCompass.attitude(
            acceleration: Vector3(sample.accelerometer), magneticField: Vector3(sample.magnetometer))
        out.store(attitude ?? Quaternion(w: 0, x: 0, y: 0, z: 0), forUpdate: update)
    }
}
