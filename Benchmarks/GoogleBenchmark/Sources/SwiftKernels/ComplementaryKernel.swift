import KernelABI
import MotionFilters

/// `ComplementaryFilter.update` with its default time constant (1 s) on every sample.
@_cdecl("mb_swift_complementary_run")
public func complementaryRun(_ samples: UnsafePointer<mb_sample>, _ count: Int32, _ dt: Double, _ out: UnsafeMutablePointer<Double>) {
    runAttitudeFilter(ComplementaryFilter(), samples, count, dt, out)
}
