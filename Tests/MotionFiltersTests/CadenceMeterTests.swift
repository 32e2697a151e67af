import MotionFilters
import Testing

@Suite struct CadenceMeterTests {
    @Test func stepsPerMinuteOverTheWindow() {
        var meter = CadenceMeter()
        #expect(meter.cadence(at: 0) == 0)
        for step in 0..<40 { meter.record(stepAt: Double(step) * 0.5) }
        #expect(abs(meter.cadence(at: 19.6) - 120) < 1e-9)
        // Slower steps take over the window.
        for step in 1...30 { meter.record(stepAt: 19.5 + Double(step) * 0.6) }
        #expect(abs(meter.cadence(at: 37.6) - 100) < 1e-9)
        #expect(meter.cadence(at: 37.5 + 2.1) == 0)
    }
}
