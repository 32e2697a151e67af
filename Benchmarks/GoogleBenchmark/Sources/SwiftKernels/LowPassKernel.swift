import KernelABI
import MotionFilters

/// `ExponentialLowPass.update` at the signal kernels' cutoff on every accelerometer reading.
@_cdecl("mb_swift_low_pass_run")
public func lowPassRun(_ samples: UnsafePointer<mb_sample>, _ count: Int32, _ dt: Double, _ out: UnsafeMutablePointer<Double>) {
    runVectorFilter(ExponentialLowPass(cutoff: signalCutoff, sampleRate: 1 / dt), samples, count, out)
}
