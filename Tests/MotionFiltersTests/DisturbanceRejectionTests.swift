import MotionFilters
import MotionMath
import Testing

@Suite struct DisturbanceRejectionTests {
    @Test func offByDefault() {
        var rejection = DisturbanceRejection()
        #expect(rejection.acceptsGravity(Vector3(0, 0, -3)))
        let first = rejection.acceptsField(Vector3(40, 0, 0), dt: 0.02), tenfold = rejection.acceptsField(Vector3(400, 0, 0), dt: 0.02)
        #expect(first && tenfold)
    }

    @Test func accelerationOtherThanGravityIsRejected() {
        let rejection = DisturbanceRejection(accelerationTolerance: 0.1)
        #expect(rejection.acceptsGravity(Vector3(0, 0.6, -0.8)))
        #expect(rejection.acceptsGravity(Vector3(0, 0, -1.09)))
        #expect(!rejection.acceptsGravity(Vector3(0, 0, -1.2)) && !rejection.acceptsGravity(Vector3(0, 0, -0.85)))
    }

    /// The local strength starts at the first reading; a passing magnet is refused and barely moves
    /// it; a lasting new field is adopted within a few time constants (200 s here).
    @Test func aBentFieldIsRejectedAndTheLocalStrengthFollowsSlowly() throws {
        var rejection = DisturbanceRejection(fieldTolerance: 0.1, strengthTimeConstant: 30)
        let first = rejection.acceptsField(Vector3(0, 30, -40), dt: 0.02)
        #expect(first && rejection.localStrength == 50)
        let near = rejection.acceptsField(Vector3(0, 34, -40), dt: 0.02)
        let magnet = rejection.acceptsField(Vector3(0, 60, -40), dt: 0.02)
        #expect(near && !magnet)
        #expect(abs(try #require(rejection.localStrength) - 50) < 0.03)
        var accepted = false
        for _ in 0..<(50 * 200) { accepted = rejection.acceptsField(Vector3(0, 60, -40), dt: 0.02) }
        let adopted = try #require(rejection.localStrength)
        #expect(accepted && abs(adopted - 72.11) < 0.5)
    }
}
