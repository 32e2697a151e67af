import KernelABI
import MotionFilters

/// `MadgwickFilter.update` with its default gain (β 0.1) on every sample.
@_cdecl("mb_swift_madgwick_run")
public func madgwickRun(_ samples: UnsafePointer<mb_sample>, _ count: Int32, _ dt: Double, _ out: UnsafeMutablePointer<Double>) {
    runAttitudeFilter(MadgwickFilter(), samples, count, dt, out)
}
