import MotionFilters
import MotionMath
import Testing

@Suite struct TiltCompensatedCompassTests {
    /// A field of 47 µT dipping 60°, in North-West-Up about magnetic north: 23.5 µT north, 40.7 down.
    let horizontal = 47 * 0.5, vertical = 47 * 0.75.squareRoot()
    var referenceField: Vector3 { Vector3(horizontal, 0, -vertical) }

    func heading(_ acceleration: Vector3, _ field: Vector3) throws -> Double {
        Heading.degrees(of: try #require(TiltCompensatedCompass.attitude(acceleration: acceleration, magneticField: field)))
    }

    /// Readings written out by hand, lying flat screen up (accelerometer (0, 0, −1)): the horizontal
    /// field lies along whichever device axis points north.
    @Test func flatFacingEachCardinalPoint() throws {
        let flat = Vector3(0, 0, -1)
        // Top (+y) north: the field runs along +y.
        #expect(abs(try heading(flat, Vector3(0, horizontal, -vertical)) - 0) < 1e-9)
        // Top east: +x points south, so north is −x.
        #expect(abs(try heading(flat, Vector3(-horizontal, 0, -vertical)) - 90) < 1e-9)
        // Top south: north is −y.
        #expect(abs(try heading(flat, Vector3(0, -horizontal, -vertical)) - 180) < 1e-9)
        // Top west: +x points north.
        #expect(abs(try heading(flat, Vector3(horizontal, 0, -vertical)) - 270) < 1e-9)
        // Flat facing north, the attitude is the pure yaw that points the top north.
        let north = try #require(TiltCompensatedCompass.attitude(acceleration: flat, magneticField: Vector3(0, horizontal, -vertical)))
        let expected = Quaternion(EulerAngles(roll: 0, pitch: 0, yaw: Heading.yaw(forHeading: 0)))
        #expect(abs(abs(north.w * expected.w + north.x * expected.x + north.y * expected.y + north.z * expected.z) - 1) < 1e-12)
    }

    /// Tilted 30° about x (top raised) and about y, at several headings: the readings are gravity and
    /// the field rotated into device axes, and the compass recovers the whole attitude, so heading,
    /// roll and pitch are all right, though the dip puts 40 µT of vertical field into the tilted axes.
    @Test(arguments: [0.0, 45, 90, 200, 315])
    func tiltedThirtyDegrees(heading expected: Double) throws {
        let tilt = Angle.radians(fromDegrees: 30)
        for (roll, pitch) in [(tilt, 0.0), (0.0, tilt), (tilt, -tilt)] {
            let truth = Quaternion(EulerAngles(roll: roll, pitch: pitch, yaw: Heading.yaw(forHeading: expected)))
            let acceleration = truth.conjugate.rotate(Vector3(0, 0, -1))
            let field = truth.conjugate.rotate(referenceField)
            let attitude = try #require(TiltCompensatedCompass.attitude(acceleration: acceleration, magneticField: field))
            let angles = attitude.eulerAngles
            #expect(abs(angles.roll - roll) < 1e-9 && abs(angles.pitch - pitch) < 1e-9)
            // A tilt about one axis leaves the top's bearing alone; after both, the top's projection
            // turns, so the heading to expect is the true attitude's.
            let truthHeading = roll == 0 || pitch == 0 ? expected : Heading.degrees(of: truth)
            let error = Angle.wrappedDegrees(Heading.degrees(of: attitude) - truthHeading + 180) - 180
            #expect(abs(error) < 1e-9)
            // The scale of either reading does not matter.
            let scaled = try #require(TiltCompensatedCompass.attitude(acceleration: acceleration * 0.97, magneticField: field * 2))
            #expect(abs(Heading.degrees(of: scaled) - Heading.degrees(of: attitude)) < 1e-9)
        }
    }

    @Test func noNorthWithoutAHorizontalField() {
        #expect(TiltCompensatedCompass.attitude(acceleration: Vector3(0, 0, -1), magneticField: Vector3(0, 0, -47)) == nil)
        #expect(TiltCompensatedCompass.attitude(acceleration: .zero, magneticField: referenceField) == nil)
        #expect(TiltCompensatedCompass.attitude(acceleration: Vector3(0, 0, -1), magneticField: .zero) == nil)
    }

    @Test func quaternionFromRotationRowsRoundTrips() {
        for angles in [
            EulerAngles(roll: 0.3, pitch: -1.2, yaw: 2.9), EulerAngles(roll: 3.1, pitch: 0.1, yaw: -3.0), EulerAngles(roll: 0, pitch: 0, yaw: .pi),
        ] {
            let q = Quaternion(angles)
            let rows = [Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)].map { q.conjugate.rotate($0) }
            let back = Quaternion(rotationRows: rows[0], rows[1], rows[2])
            #expect(back.w >= 0)
            #expect(abs(abs(back.w * q.w + back.x * q.x + back.y * q.y + back.z * q.z) - 1) < 1e-12)
        }
    }
}

@Suite struct CardinalDirectionTests {
    @Test func eachPointCoversFortyFiveDegreesCentredOnIt() {
        let cases: [(Double, CardinalDirection)] = [
            (0, .north), (22.49, .north), (22.5, .northEast), (45, .northEast), (67.5, .east), (90, .east),
            (135, .southEast), (180, .south), (202.4, .south), (225, .southWest), (270, .west), (292.5, .northWest),
            (337.49, .northWest), (337.5, .north), (359.9, .north), (360, .north), (-10, .north), (-45, .northWest),
        ]
        for (heading, direction) in cases {
            #expect(CardinalDirection(heading: heading) == direction, "\(heading)°")
        }
        #expect(CardinalDirection.allCases.map(\.rawValue) == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
        #expect(CardinalDirection.southWest.heading == 225)
    }
}

@Suite struct MedianOfFiveTests {
    @Test func knownSequence() {
        var filter = MedianOfFive()
        let inputs: [Double] = [1, 100, 2, 3, -50, 4, 5, 6, 7, 7]
        // The window so far while filling, then the last five: spikes at 100 and −50 never show.
        let expected: [Double] = [1, 50.5, 2, 2.5, 2, 3, 3, 4, 5, 6]
        #expect(inputs.map { filter.update($0) } == expected)
        #expect(filter.value == 6 && filter.count == 5)
    }

    @Test func passesAStepTwoSamplesLate() {
        var filter = MedianOfFive()
        let outputs = ([0, 0, 0, 0, 0] + [1, 1, 1, 1] as [Double]).map { filter.update($0) }
        #expect(outputs == [0, 0, 0, 0, 0, 0, 0, 1, 1])
    }
}
