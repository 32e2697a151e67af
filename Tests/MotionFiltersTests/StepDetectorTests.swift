import MotionFilters
import MotionMath
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A phone lying in a pocket face up while its carrier takes `steps` steps at `cadence` steps per
/// second after `lead` seconds standing: each step a lobe of `amplitude` g on the vertical, plus
/// 0.005 g of noise, at `rate` Hz. Returns the samples' times and accelerations.
func bouncingWalk(
    steps: Int, cadence: Double = 1.8, amplitude: Double = 0.3, lead: Double = 2, rate: Double, seed: UInt64 = 7
) -> [(Double, Vector3)] {
    var noise = GaussianGenerator(SplitMix64(seed: seed))
    let end = lead + Double(steps) / cadence + 2
    return (0..<Int(end * rate)).map { index in
        let time = Double(index) / rate
        let phase = (time - lead) * cadence
        let bounce = phase > 0 && phase < Double(steps) ? amplitude * sin(2 * Double.pi * phase) : 0
        return (time, Vector3(0, 0, -1 - bounce) + noise.nextVector(standardDeviation: 0.005))
    }
}

@Suite struct StepDetectorTests {
    func count(_ samples: [(Double, Vector3)], rate: Double) -> (steps: Int, detector: StepDetector) {
        var detector = StepDetector(sampleRate: rate)
        for (time, acceleration) in samples { detector.update(acceleration, at: time) }
        return (detector.steps, detector)
    }

    @Test(arguments: [20.0, 50.0, 100.0, 200.0])
    func countsEveryStepAtAnyRate(rate: Double) {
        #expect(count(bouncingWalk(steps: 60, rate: rate), rate: rate).steps == 60)
    }

    @Test(arguments: [(1.4, 0.15), (1.8, 0.3), (2.8, 1.2)])
    func countsSlowAndFastGaits(cadence: Double, amplitude: Double) {
        #expect(count(bouncingWalk(steps: 80, cadence: cadence, amplitude: amplitude, rate: 50), rate: 50).steps == 80)
    }

    /// The first steps count together once the rhythm is established, with their own times.
    @Test func aWalkCountsRetroactivelyOnceRegular() throws {
        var detector = StepDetector(sampleRate: 50)
        var firstCount: (time: Double, steps: Int, times: [Double])?
        for (time, acceleration) in bouncingWalk(steps: 20, rate: 50) {
            let counted = detector.update(acceleration, at: time)
            if counted > 0, firstCount == nil { firstCount = (time, counted, detector.newlyCounted) }
        }
        let first = try #require(firstCount)
        #expect(first.steps == StepDetector.Parameters.standard.regularSteps)
        #expect(first.times.count == first.steps && first.times.last! < first.time)
        // The first lobe peaks a quarter step in; the band-pass delays it by under 0.15 s.
        #expect(first.times[0] > 2 + 0.25 / 1.8 && first.times[0] < 2 + 0.25 / 1.8 + 0.15)
        #expect(abs(first.times[1] - first.times[0] - 1 / 1.8) < 0.03)
    }

    @Test func stillnessAndTremorAreNoSteps() {
        let still = bouncingWalk(steps: 0, lead: 60, rate: 50)
        #expect(count(still, rate: 50).steps == 0)
        // A car's 1.7 Hz body bounce of 0.047 g: regular, but too small for a step.
        let bounce = bouncingWalk(steps: 100, cadence: 1.7, amplitude: 0.047, rate: 50)
        #expect(count(bounce, rate: 50).steps == 0)
    }

    /// Knocks every 3 s (a phone set down, a bag bumped) are strong but never in a walking rhythm.
    @Test func isolatedJoltsAreNoSteps() {
        let samples = (0..<(60 * 50)).map { index -> (Double, Vector3) in
            let time = Double(index) / 50
            let sinceKnock = time.truncatingRemainder(dividingBy: 3)
            return (time, Vector3(0, 0, sinceKnock < 0.1 ? -2 : -1))
        }
        #expect(count(samples, rate: 50).steps == 0)
    }

    /// A pause longer than two seconds ends a walk: the next one must establish its rhythm again.
    @Test func aPauseEndsTheWalk() {
        var detector = StepDetector(sampleRate: 50)
        let first = bouncingWalk(steps: 10, rate: 50)
        for (time, acceleration) in first { detector.update(acceleration, at: time) }
        #expect(detector.steps == 10)
        #expect(!detector.isWalking(at: first.last!.0))
        var sawEstablishment = false
        for (time, acceleration) in bouncingWalk(steps: 10, rate: 50, seed: 8) {
            if detector.update(acceleration, at: time + first.last!.0) == 4 { sawEstablishment = true }
        }
        #expect(sawEstablishment && detector.steps == 20)
    }
}
