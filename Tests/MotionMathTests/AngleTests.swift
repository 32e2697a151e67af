import MotionMath
import Testing

@Suite struct AngleTests {
    @Test func conversions() {
        #expect(Angle.degrees(fromRadians: .pi) == 180)
        #expect(Angle.radians(fromDegrees: 90) == .pi / 2)
        #expect(abs(Angle.degrees(fromRadians: Angle.radians(fromDegrees: 37.5)) - 37.5) < 1e-13)
    }

    @Test func wrapsInto0To360() {
        #expect(Angle.wrappedDegrees(0) == 0)
        #expect(Angle.wrappedDegrees(360) == 0)
        #expect(Angle.wrappedDegrees(-30) == 330)
        #expect(Angle.wrappedDegrees(725) == 5)
        #expect(Angle.wrappedDegrees(-720) == 0)
        #expect(Angle.wrappedDegrees(359.5) == 359.5)
        // −1e-14 + 360 rounds to 360.0 exactly; the result must still be below 360.
        #expect(Angle.wrappedDegrees(-1e-14) == 0)
    }
}
