import Testing

@testable import MotionMath

@Suite struct HeadingTests {
    /// A device turned to `heading`, then tilted about its own x axis by `tilt` degrees (nose up > 0).
    func attitude(heading: Double, tilt: Double) -> Quaternion {
        Quaternion(axis: Vector3(0, 0, 1), angle: Heading.yaw(forHeading: heading))
            * Quaternion(axis: Vector3(1, 0, 0), angle: Angle.radians(fromDegrees: tilt))
    }

    func difference(_ a: Double, _ b: Double) -> Double {
        abs(Angle.wrappedDegrees(a - b + 180) - 180)
    }

    @Test(arguments: [0.0, 45, 90, 200, 359])
    func nosingUpOrDownNeverFlipsTheHeading(heading: Double) {
        for tilt in stride(from: -89.0, through: 89, by: 1) {
            let measured = Heading.degrees(of: attitude(heading: heading, tilt: tilt))
            #expect(difference(measured, heading) < 1e-9, "tilt \(tilt)°: \(measured)° for \(heading)°")
        }
    }

    @Test func flatDeviceHeadingsAreClockwiseFromNorthAndNeverMinusZero() {
        #expect(Heading.degrees(of: attitude(heading: 0, tilt: 0)).sign == .plus)
        #expect(abs(Heading.degrees(of: attitude(heading: 90, tilt: 0)) - 90) < 1e-9)
        #expect(Angle.wrappedDegrees(-0.0).sign == .plus)
    }
}
