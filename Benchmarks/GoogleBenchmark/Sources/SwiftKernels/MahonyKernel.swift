import KernelABI
import MotionFilters

/// `MahonyFilter.update` with its default gains (kp 1, ki 0.1) on every sample.
@_cdecl("mb_swift_mahony_run")
public func mahonyRun(_ samples: UnsafePointer<mb_sample>, _ count: Int32, _ dt: Double, _ out: UnsafeMutablePointer<Double>) {
    runAttitudeFilter(MahonyFilter(), samples, count, dt, out)
}
