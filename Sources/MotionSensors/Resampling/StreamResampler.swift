import MotionMath

/// Reads one recorded stream, taken at its own and possibly irregular times, at any increasing times:
/// what the hub does when a workload asks for another rate than the recording's.
///
/// - Asking for less (the output rate is below 0.9 × the stream's): every recorded sample first goes
///   through a second-order Butterworth low-pass at 0.4 × the output rate, below the output's Nyquist
///   frequency, so motion faster than the output can represent is attenuated instead of folding back
///   as a false slow signal; the filtered stream is then read by interpolation as below, √2 / (2π fc)
///   later than asked (the filter's group delay in its pass band), so that filtering does not shift
///   motion in time against a recording's ground truth. A recording can be read ahead; a phone's
///   sensor could not, but its delay is not what motionbench measures.
/// - Asking for more, or about the same: linear interpolation between the two recorded samples around
///   the asked time. A phone's sensor hub would hold the last reading; interpolation keeps the signal's
///   shape for the filters being compared. Across a gap (neighbours further apart than twice the
///   stream's median interval) it holds the last reading instead, as nothing is known in between.
/// - Before the first sample it gives the first; after the last, the last.
///
/// Times must be asked in increasing order; each recorded sample is consumed once, and nothing is
/// allocated per reading.
public struct StreamResampler {
    private let samples: [SensorSample]
    private var antiAliasing: ButterworthLowPass?
    /// How far ahead the filtered stream is read to undo the filter's delay; 0 without a filter.
    private let delayCompensation: Double
    private let gapSeconds: Double
    /// Index of the next recorded sample to consume.
    private var next = 0
    /// The last consumed sample at or before the asked time, and the one after it (filtered).
    private var before: (time: Double, value: Vector3)
    private var after: (time: Double, value: Vector3)

    /// A resampler of `samples` (time-ordered, not empty) read at `outputRate` Hz.
    public init(samples: [SensorSample], outputRate: Double) {
        precondition(!samples.isEmpty, "a stream to resample has samples")
        self.samples = samples
        let interval = Self.medianInterval(samples)
        gapSeconds = 2 * interval
        let streamRate = interval > 0 ? 1 / interval : outputRate
        if outputRate < 0.9 * streamRate {
            let cutoff = 0.4 * outputRate
            antiAliasing = ButterworthLowPass(cutoff: cutoff, sampleRate: streamRate)
            delayCompensation = 2.0.squareRoot() / (2 * Double.pi * cutoff)
        } else {
            delayCompensation = 0
        }
        let first = (time: samples[0].time, value: antiAliasing?.update(samples[0].value) ?? samples[0].value)
        before = first
        after = first
        next = 1
    }

    /// The stream's reading at `time` seconds (on the stream's own clock).
    public mutating func value(at askedTime: Double) -> Vector3 {
        let time = askedTime + delayCompensation
        while after.time <= time, next < samples.count {
            before = after
            let sample = samples[next]
            after = (time: sample.time, value: antiAliasing?.update(sample.value) ?? sample.value)
            next += 1
        }
        if time <= before.time || after.time <= time { return time < after.time ? before.value : after.value }
        let span = after.time - before.time
        guard span <= gapSeconds, span > 0 else { return before.value }
        let weight = (time - before.time) / span
        return before.value + (after.value - before.value) * weight
    }

    /// The median spacing of the samples' times, in seconds (0 for a single sample).
    public static func medianInterval(_ samples: [SensorSample]) -> Double {
        guard samples.count > 1 else { return 0 }
        var intervals = zip(samples, samples.dropFirst()).map { $1.time - $0.time }
        intervals.sort()
        return intervals[intervals.count / 2]
    }
}
