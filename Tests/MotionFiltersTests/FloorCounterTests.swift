import MotionFilters
import MotionMath
import Testing

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

@Suite struct FloorCounterTests {
    /// The pressure `altitude` metres up, with 1 Pa of noise, as a phone's barometer reads it.
    func pressures(_ altitude: (Double) -> Double, duration: Double, rate: Double) -> [Double] {
        var noise = GaussianGenerator(SplitMix64(seed: 3))
        return (0..<Int(duration * rate)).map { index in
            StandardAtmosphere.pressure(atAltitude: 120 + altitude(Double(index) / rate)) + 0.001 * noise.next()
        }
    }

    @Test func twoFloorsUpAndDownOnFoot() {
        var counter = FloorCounter(sampleRate: 50)
        // 6 m up over 24 s, 3 s on the landing, down again.
        let profile: (Double) -> Double = { t in t < 24 ? t / 4 : t < 27 ? 6 : max(0, 6 - (t - 27) / 4) }
        for pressure in pressures(profile, duration: 60, rate: 50) { counter.update(pressure: pressure, walking: true) }
        #expect(counter.ascended == 2 && counter.descended == 2)
        #expect(abs(counter.altitude) < 0.3)
    }

    @Test func noiseAndSwayCountNoFloor() {
        var counter = FloorCounter(sampleRate: 50)
        // Two metres up and down, again and again: less than a floor's counting threshold.
        let profile: (Double) -> Double = { t in 1 + sin(t / 3) }
        for pressure in pressures(profile, duration: 120, rate: 50) { counter.update(pressure: pressure, walking: true) }
        #expect(counter.ascended == 0 && counter.descended == 0)
    }

    @Test func aLiftRideIsNotClimbed() {
        var counter = FloorCounter(sampleRate: 50)
        for pressure in pressures({ t in min(12, t * 1.5) }, duration: 20, rate: 50) {
            counter.update(pressure: pressure, walking: false)
        }
        #expect(counter.ascended == 0)
        #expect(abs(counter.altitude - 12) < 0.2)
    }

    /// A corrupt reading puts the altitude 10⁶¹ m away: counted in one step, not one floor at a time
    /// (which never ended), and held to `largestAltitude`, so the counts stay whole numbers.
    @Test func anAbsurdPressureCountsAtOnceAndBounded() {
        var counter = FloorCounter(sampleRate: 1, countingFraction: 1)
        counter.update(pressure: 101.325, walking: true)
        counter.update(pressure: 1e300, walking: true)
        #expect(counter.descended > 1000 && counter.descended <= Int(FloorCounter.largestAltitude / 3) && counter.ascended == 0)
        counter.update(pressure: -1e300, walking: true)
        #expect(counter.ascended > 0 && counter.altitude.isFinite)
    }
}
