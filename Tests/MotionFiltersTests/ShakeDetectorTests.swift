import MotionFilters
import MotionMath
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

@Suite struct ShakeDetectorTests {
    /// A device tilted a little, shaken along x at 6 Hz, 3 g peak, during `bursts` (start, duration).
    func acceleration(at time: Double, bursts: [(start: Double, duration: Double)]) -> Vector3 {
        let gravity = Vector3(0.2, -0.3, -0.93).normalized
        for burst in bursts where time >= burst.start && time < burst.start + burst.duration {
            return gravity - Vector3(3 * cos(2 * Double.pi * 6 * (time - burst.start)), 0, 0)
        }
        return gravity
    }

    /// The times of the shakes recognized over `duration` seconds of samples at `rate` Hz.
    func shakes(rate: Double, duration: Double = 30, signal: (Double) -> Vector3) -> [Double] {
        var detector = ShakeDetector(sampleRate: rate)
        return (0..<Int(duration * rate)).map { Double($0) / rate }.filter { detector.update(signal($0), at: $0) }
    }

    @Test(arguments: [10.0, 15.0, 50.0, 100.0, 200.0])
    func oneShakePerBurstAtAnyRate(rate: Double) {
        let times = shakes(rate: rate) { acceleration(at: $0, bursts: [(5, 1), (25, 1)]) }
        #expect(times.count == 2)
        // Recognized once the burst has gone on for the minimum duration (0.2 s), give or take samples.
        for (time, start) in zip(times, [5.0, 25.0]) {
            #expect(abs(time - (start + 0.2)) <= 0.3)
        }
    }

    @Test(arguments: [10.0, 100.0])
    func aKnockIsNotAShake(rate: Double) {
        // A 3 g jolt lasting 0.1 s.
        let times = shakes(rate: rate) { time in
            time >= 5 && time < 5.1 ? Vector3(3, 0, -1) : Vector3(0, 0, -1)
        }
        #expect(times.isEmpty)
    }

    @Test func tiltingIsNotAShake() {
        // Turning from flat to upright and back, 90° in 1 s, over and over.
        let times = shakes(rate: 100) { time in
            let angle = Double.pi / 4 * (1 - cos(Double.pi * time))
            return Vector3(0, -sin(angle), -cos(angle))
        }
        #expect(times.isEmpty)
    }

    @Test func refractoryPeriodSeparatesShakes() {
        // Two 0.3 s bursts whose episodes are separate (gap 0.6 s) but closer than 1 s.
        let times = shakes(rate: 100) { acceleration(at: $0, bursts: [(5, 0.3), (5.9, 0.3)]) }
        #expect(times.count == 1)
    }
}
