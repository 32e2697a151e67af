import KernelABI
import MotionFilters
import MotionMath

/// A per-axis filter of vectors, as the signal filters are; a protocol rather than a closure so
/// that the kernel adds no indirect call to a filter of a few nanoseconds.
protocol VectorFilter {
    mutating func update(_ input: Vector3) -> Vector3
}

extension ExponentialLowPass: VectorFilter {}
extension ButterworthLowPass: VectorFilter {}

/// The cutoff of the signal kernels, in Hz: the accelerometer workload's at 50 Hz.
let signalCutoff = 1.0

/// Runs `filter` over the samples' accelerometer readings, writing its output after every update.
@inline(__always)
func runVectorFilter<Filter: VectorFilter>(
    _ filter: Filter, _ samples: UnsafePointer<mb_sample>, _ count: Int32, _ out: UnsafeMutablePointer<Double>
) {
    var filter = filter
    for update in 0..<Int(count) {
        out.store(filter.update(Vector3(samples[update].accelerometer)), forUpdate: update)
    }
}
