import Foundation
import MotionMath
import Testing

@testable import MotionSensors

@Suite struct ResamplingTests {
    /// A stream of x = f(t) sampled at `rate` from 0 for `seconds`.
    func stream(rate: Double, seconds: Double, _ f: (Double) -> Double) -> [SensorSample] {
        (0..<Int(seconds * rate)).map { index in
            let time = Double(index) / rate
            return SensorSample(sensor: .accelerometer, time: time, value: Vector3(f(time), 0, 0))
        }
    }

    @Test func upsamplingInterpolatesLinearlyBetweenNeighbours() {
        var resampler = StreamResampler(samples: stream(rate: 10, seconds: 1) { $0 * 10 }, outputRate: 100)
        #expect(resampler.value(at: -1).x == 0, "before the first sample: the first")
        #expect(abs(resampler.value(at: 0.25).x - 2.5) < 1e-12)
        #expect(abs(resampler.value(at: 0.31).x - 3.1) < 1e-12)
        #expect(resampler.value(at: 0.4).x == 4, "on a sample: that sample")
        #expect(resampler.value(at: 5).x == 9, "after the last sample: the last")
    }

    @Test func acrossAGapTheLastReadingIsHeld() {
        var samples = stream(rate: 10, seconds: 1) { _ in 1 }
        samples += stream(rate: 10, seconds: 1) { _ in 5 }.map { sample in
            var shifted = sample
            shifted.time += 3
            return shifted
        }
        var resampler = StreamResampler(samples: samples, outputRate: 10)
        #expect(resampler.value(at: 2).x == 1, "inside the 2.1 s gap nothing is invented")
        #expect(resampler.value(at: 3.05).x == 5)
    }

    @Test func decimationAttenuatesWhatTheOutputRateCannotCarry() {
        // 40 Hz motion recorded at 200 Hz, read at 20 Hz: unfiltered it would alias to a false
        // constant; the anti-aliasing low-pass (8 Hz, second order: about −32 dB at 40 Hz) must remove
        // nearly all of it.
        let samples = stream(rate: 200, seconds: 4) { 1 + sin(2 * .pi * 40 * $0 + 0.3) }
        var resampler = StreamResampler(samples: samples, outputRate: 20)
        let readings = (20..<80).map { resampler.value(at: Double($0) / 20).x }
        let worst = readings.map { abs($0 - 1) }.max()!
        #expect(worst < 0.03, "40 Hz leaks \(worst) into a 20 Hz reading")
        // Without the filter every 20 Hz reading would be the raw sample, sin(0.3) ≈ 0.3 off the mean.
        let aliased = abs(samples[40].value.x - 1)
        #expect(aliased > 0.25)
    }

    @Test func slowMotionPassesDecimationUnchanged() {
        let samples = stream(rate: 200, seconds: 4) { sin(2 * .pi * 0.5 * $0) }
        var resampler = StreamResampler(samples: samples, outputRate: 20)
        for index in 40..<80 {
            let time = Double(index) / 20
            #expect(abs(resampler.value(at: time).x - sin(2 * .pi * 0.5 * time)) < 0.03)
        }
    }

    @Test func sourceTimesStartAtTheFirstInstantEveryStreamHasBegun() {
        var accelerometer = stream(rate: 10, seconds: 2) { $0 }
        accelerometer = accelerometer.map {
            var s = $0
            s.time += 1000
            return s
        }
        var source = ResampledSource(streams: [.accelerometer: accelerometer], rate: 10)
        #expect(source.sensors == [.accelerometer])
        #expect(abs(source.duration - 1.9) < 1e-9)
        let sample = source.reading(of: .accelerometer, at: 0.5)
        #expect(sample.time == 0.5 && abs(sample.value.x - 0.5) < 1e-9)
    }
}
