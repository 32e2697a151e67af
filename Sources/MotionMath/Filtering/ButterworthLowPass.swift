#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A second-order Butterworth low-pass (maximally flat, Q = 1/√2) per axis: the analogue prototype
/// mapped by the bilinear transform with the cutoff prewarped, so the gain is exactly −3 dB at
/// `cutoff` whatever the sample rate. It falls off at 40 dB a decade against the exponential
/// filter's 20, for a little overshoot on steps.
///
/// It lives in MotionMath, not MotionFilters, because resampling in MotionSensors needs it as its
/// anti-aliasing filter and MotionSensors may not import MotionFilters.
public struct ButterworthLowPass: Hashable, Sendable {
    /// The −3 dB frequency, in Hz.
    public let cutoff: Double
    /// The sample rate it was designed for, in Hz.
    public let sampleRate: Double
    /// The section doing the filtering.
    public var section: Biquad { biquad }
    // Stored under another name so that the inlinable `update` may set it, as for ExponentialLowPass.
    @usableFromInline var biquad: Biquad

    /// Designs the filter; `cutoff` must lie below the Nyquist frequency `sampleRate / 2`.
    public init(cutoff: Double, sampleRate: Double) {
        precondition(cutoff > 0 && cutoff < sampleRate / 2, "cutoff \(cutoff) Hz is not below Nyquist at \(sampleRate) Hz")
        self.cutoff = cutoff
        self.sampleRate = sampleRate
        // Prewarping: the analogue corner that the bilinear transform maps onto `cutoff`.
        let k = tan(Double.pi * cutoff / sampleRate)
        let kSquared = k * k
        let sqrt2 = 2.0.squareRoot()
        let norm = 1 / (1 + sqrt2 * k + kSquared)
        let b0 = kSquared * norm
        biquad = Biquad(
            b0: b0, b1: 2 * b0, b2: b0,
            a1: 2 * (kSquared - 1) * norm, a2: (1 - sqrt2 * k + kSquared) * norm)
    }

    /// Filters one input and returns the new output.
    @inlinable @inline(__always) @discardableResult public mutating func update(_ input: Vector3) -> Vector3 {
        biquad.update(input)
    }
}
