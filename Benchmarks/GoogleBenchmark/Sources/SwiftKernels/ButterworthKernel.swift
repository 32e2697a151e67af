import KernelABI
import MotionMath

/// `ButterworthLowPass.update` (one biquad section) at the signal kernels' cutoff on every
/// accelerometer reading.
@_cdecl("mb_swift_butterworth_run")
public func butterworthRun(_ samples: UnsafePointer<mb_sample>, _ count: Int32, _ dt: Double, _ out: UnsafeMutablePointer<Double>) {
    runVectorFilter(ButterworthLowPass(cutoff: signalCutoff, sampleRate: 1 / dt), samples, count, out)
}
