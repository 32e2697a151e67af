import MotionFilters
import MotionMath
import Testing

/// Reference values from SciPy: `signal.butter(2, 1.0, fs=10.0)` and `signal.lfilter` on it.
@Suite struct ButterworthLowPassTests {
    let filter = ButterworthLowPass(cutoff: 1, sampleRate: 10)

    @Test func coefficientsMatchReference() {
        let section = filter.section
        #expect(abs(section.b0 - 0.0674552738890719) < 1e-15)
        #expect(abs(section.b1 - 0.1349105477781438) < 1e-15)
        #expect(abs(section.b2 - 0.0674552738890719) < 1e-15)
        #expect(abs(section.a1 - -1.1429805025399011) < 1e-15)
        #expect(abs(section.a2 - 0.41280159809618877) < 1e-15)
        #expect(abs(section.dcGain - 1) < 1e-15)
    }

    @Test func impulseResponseMatchesReference() {
        let reference = [
            0.0674552738890719, 0.21201061062684184, 0.2819336233057059, 0.2347263155687418,
            0.15190495187045563, 0.07672900004518596, 0.024993144140182014, -0.003107177389577876,
            -0.01386865301673587, -0.014568952202634189,
        ]
        var filter = self.filter
        filter.update(.zero)
        for (n, expected) in reference.enumerated() {
            let output = filter.update(n == 0 ? Vector3(1, 0, -1) : .zero)
            #expect(abs(output.x - expected) < 1e-15 && abs(output.z + expected) < 1e-15 && output.y == 0)
        }
    }

    @Test func stepResponseMatchesReferenceAndSettlesAtOne() {
        let reference = [
            0.0674552738890719, 0.27946588451591375, 0.5613995078216196, 0.7961258233903614,
            0.9480307752608171, 1.024759775306003, 1.049752919446185, 1.046645742056607,
            1.032777089039871, 1.0182081368372369,
        ]
        var filter = self.filter
        filter.update(.zero)
        for expected in reference {
            #expect(abs(filter.update(Vector3(1, 1, 1)).y - expected) < 1e-14)
        }
        for _ in 0..<200 { filter.update(Vector3(1, 1, 1)) }
        #expect(abs(filter.update(Vector3(1, 1, 1)).y - 1) < 1e-12)
    }

    @Test func startsSettledOnTheFirstInput() {
        var filter = self.filter
        for _ in 0..<50 {
            #expect((filter.update(Vector3(0.3, -0.4, -0.87)) - Vector3(0.3, -0.4, -0.87)).length < 1e-15)
        }
    }

    @Test(arguments: [(1.0, 10.0), (5.0, 100.0), (20.0, 60.0)])
    func minusThreeDecibelsAtCutoff(cutoff: Double, sampleRate: Double) {
        var filter = ButterworthLowPass(cutoff: cutoff, sampleRate: sampleRate)
        let gain = measuredGain(frequency: cutoff, sampleRate: sampleRate) { filter.update($0) }
        #expect(abs(gain - 0.5.squareRoot()) < 1e-3)
    }

    @Test func fallsOffTwiceAsFastAsTheExponentialFilter() {
        var filter = self.filter
        // SciPy's freqz at 2 Hz.
        #expect(abs(measuredGain(frequency: 2, sampleRate: 10) { filter.update($0) } - 0.19611613513818396) < 1e-3)
    }
}
