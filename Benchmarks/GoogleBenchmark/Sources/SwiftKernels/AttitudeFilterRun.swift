import KernelABI
import MotionFilters
import MotionMath

/// Runs `filter` over the samples, all three sensors each tick, writing its attitude after every
/// update: the loop of the heading workload with the workload taken away. Generic so that each
/// kernel gets a copy specialized to its filter, with direct calls as an app's code would have.
@inline(__always)
func runAttitudeFilter<Filter: AttitudeFilter>(
    _ filter: Filter, _ samples: UnsafePointer<mb_sample>, _ count: Int32, _ dt: Double, _ out: UnsafeMutablePointer<Double>
) {
    var filter = filter
    for update in 0..<Int(count) {
        let sample = samples[update]
        filter.update(
            gyroscope: Vector3(sample.gyroscope), accelerometer: Vector3(sample.accelerometer),
            magnetometer: Vector3(sample.magnetometer), dt: dt)
        out.store(filter.attitude, forUpdate: update)
    }
}
