import MotionFilters
import MotionMath
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

@Suite struct ExponentialLowPassTests {
    // dt / (RC + dt) with dt = 0.1 s and RC = 1 / 2π s, computed in Python.
    @Test func alphaFromCutoff() {
        #expect(abs(ExponentialLowPass.alpha(cutoff: 1, sampleRate: 10) - 0.38586954509503757) < 1e-15)
        #expect(ExponentialLowPass(cutoff: 1, sampleRate: 10).alpha == ExponentialLowPass.alpha(cutoff: 1, sampleRate: 10))
    }

    @Test func startsSettledOnTheFirstInput() {
        var filter = ExponentialLowPass(alpha: 0.2)
        #expect(!filter.isPrimed)
        #expect(filter.update(Vector3(0.1, -0.2, -0.98)) == Vector3(0.1, -0.2, -0.98))
        // DC gain 1: a constant stays put.
        for _ in 0..<100 {
            #expect(filter.update(Vector3(0.1, -0.2, -0.98)) == Vector3(0.1, -0.2, -0.98))
        }
    }

    @Test func stepResponseIsOneMinusDecay() {
        let alpha = 0.25
        var filter = ExponentialLowPass(alpha: alpha)
        filter.update(.zero)
        for n in 1...20 {
            let expected = 1 - pow(1 - alpha, Double(n))
            #expect(abs(filter.update(Vector3(1, 2, 3)).z - 3 * expected) < 1e-14)
        }
    }

    // |α / (1 − (1 − α) e^{−jω})| at ω = 2π f / rate, computed in Python.
    @Test(arguments: [(0.5, 0.8440268655956645), (1.0, 0.6231226289536735)])
    func sineGainMatchesTransferFunction(frequency: Double, expected: Double) {
        var filter = ExponentialLowPass(cutoff: 1, sampleRate: 10)
        let gain = measuredGain(frequency: frequency, sampleRate: 10) { filter.update($0) }
        #expect(abs(gain - expected) < 1e-3)
    }

    @Test func minusThreeDecibelsAtCutoffWhenCutoffIsFarBelowTheRate() {
        var filter = ExponentialLowPass(cutoff: 1, sampleRate: 1000)
        let gain = measuredGain(frequency: 1, sampleRate: 1000) { filter.update($0) }
        #expect(abs(gain - 0.5.squareRoot()) < 0.005)
    }
}

@Suite struct HighPassTests {
    @Test func removesAConstant() {
        var filter = HighPass(cutoff: 1, sampleRate: 50)
        for _ in 0..<200 {
            #expect(filter.update(Vector3(0, 0, -1)) == .zero)
        }
    }

    @Test func stepResponseDecays() {
        var filter = HighPass(cutoff: 1, sampleRate: 10)
        let alpha = filter.lowPass.alpha
        filter.update(.zero)
        for n in 1...20 {
            #expect(abs(filter.update(Vector3(0, 1, 0)).y - pow(1 - alpha, Double(n))) < 1e-14)
        }
    }

    @Test func passesFastChanges() {
        var filter = HighPass(cutoff: 1, sampleRate: 1000)
        #expect(measuredGain(frequency: 50, sampleRate: 1000) { filter.update($0) } > 0.99)
    }
}
