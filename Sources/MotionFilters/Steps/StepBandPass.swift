import MotionMath

/// The walking band of the acceleration's magnitude: |a| (in g, so orientation does not matter and
/// any carrying position works) through a Butterworth low-pass at `highCutoff` minus a Butterworth
/// low-pass at `lowCutoff`, leaving roughly 0.5–3 Hz, zero-mean: one lobe per step, gravity and
/// slow swaying gone, foot-strike ringing smoothed.
///
/// Both corners are in Hz, so the filter behaves the same from 20 Hz to 200 Hz; the magnitude rides
/// in the x lane of MotionMath's vector filters rather than in a scalar copy of them.
public struct StepBandPass: Hashable, Sendable {
    private var smooth: ButterworthLowPass
    private var baseline: ButterworthLowPass

    /// Designs the band for samples at `sampleRate` Hz; a corner at or above Nyquist is lowered to
    /// 0.45 × `sampleRate`.
    public init(lowCutoff: Double, highCutoff: Double, sampleRate: Double) {
        let nyquistSafe = 0.45 * sampleRate
        smooth = ButterworthLowPass(cutoff: min(highCutoff, nyquistSafe), sampleRate: sampleRate)
        baseline = ButterworthLowPass(cutoff: min(lowCutoff, nyquistSafe), sampleRate: sampleRate)
    }

    /// Filters one accelerometer sample (g) and returns the band-passed magnitude (g).
    public mutating func update(_ acceleration: Vector3) -> Double {
        update(magnitude: acceleration.length)
    }

    /// Filters one magnitude (g) and returns its band-passed value (g).
    public mutating func update(magnitude: Double) -> Double {
        let input = Vector3(magnitude, 0, 0)
        return smooth.update(input).x - baseline.update(input).x
    }
}
