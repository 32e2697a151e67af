import MotionFilters
import MotionMath
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

@Suite struct MotionWindowTests {
    @Test func deviationAndRhythmOfASine() {
        var window = MotionWindow()
        #expect(window.features == nil)
        var band = StepBandPass(lowCutoff: 0.5, highCutoff: 3, sampleRate: 100)
        for index in 0..<2000 {
            let time = Double(index) / 100
            let magnitude = 1 + 0.2 * sin(2 * Double.pi * 1.5 * time)
            window.update(magnitude: magnitude, bandPassed: band.update(magnitude: magnitude), at: time)
        }
        let features = window.features!
        #expect(abs(features.duration - 5) < 0.02)
        #expect(abs(features.meanMagnitude - 1) < 0.01)
        #expect(abs(features.deviation - 0.2 / 2.0.squareRoot()) < 0.005)
        #expect(abs(features.frequency - 1.5) < 0.25)
    }
}
