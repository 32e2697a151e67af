import MotionFilters
import MotionMath
import Testing

@Suite struct DisturbanceRejectionTests {
    /// 50 Hz readings of `field` for `seconds`, held level and facing north: whether each was accepted.
    static func feed(_ rejection: inout DisturbanceRejection, _ field: Vector3, seconds: Double, reference: Vector3? = nil) -> [Bool] {
        (0..<Int(seconds * 50)).map { _ in rejection.acceptsField(field, attitude: .identity, reference: reference, dt: 0.02) }
    }

    static let earth = Vector3(30, 0, -40), magnet = Vector3(60, 0, -40)

    @Test func offByDefault() {
        var rejection = DisturbanceRejection()
        #expect(rejection.acceptsGravity(Vector3(0, 0, -3)))
        #expect(Self.feed(&rejection, Self.earth, seconds: 1).allSatisfy { $0 })
        #expect(Self.feed(&rejection, Self.earth * 10, seconds: 1).allSatisfy { $0 })
    }

    @Test func accelerationOtherThanGravityIsRejected() {
        let rejection = DisturbanceRejection(accelerationTolerance: 0.1)
        #expect(rejection.acceptsGravity(Vector3(0, 0.6, -0.8)))
        #expect(rejection.acceptsGravity(Vector3(0, 0, -1.09)))
        #expect(!rejection.acceptsGravity(Vector3(0, 0, -1.2)) && !rejection.acceptsGravity(Vector3(0, 0, -0.85)))
    }

    /// Against the field learnt from the first readings: a magnet is refused at once, the Earth's
    /// field is trusted again after half a second of clean readings, and a field that lasts is
    /// taken as the new local one within the minute.
    @Test func aMagnetIsRefusedUntilTheFieldIsCleanOrLasting() throws {
        var rejection = DisturbanceRejection(fieldTolerance: 3)
        #expect(Self.feed(&rejection, Self.earth, seconds: 5).allSatisfy { $0 })
        #expect(Self.feed(&rejection, Self.magnet, seconds: 1).allSatisfy { !$0 } && rejection.isFieldDisturbed)
        let back = Self.feed(&rejection, Self.earth, seconds: 1)
        #expect(back.prefix(24).allSatisfy { !$0 } && back.suffix(20).allSatisfy { $0 } && !rejection.isFieldDisturbed)
        let lasting = Self.feed(&rejection, Self.magnet, seconds: 61)
        let adopted = try #require(lasting.firstIndex(of: true))
        #expect(adopted > 50 && lasting[adopted...].allSatisfy { $0 }, "adopted after \(Double(adopted) / 50) s")
    }

    /// A field of the right strength whose dip is wrong (iron bends it) is refused too; the reference
    /// can come from a calibrator, and then a disturbance is refused from the first reading.
    @Test func aBentFieldIsRefusedAgainstACalibratorsReference() {
        var rejection = DisturbanceRejection(fieldTolerance: 3)
        let bent = Vector3(50, 0, 0)  // 50 µT like the Earth's here, but horizontal
        #expect(!Self.feed(&rejection, bent, seconds: 0.02, reference: Self.earth)[0])
        #expect(!Self.feed(&rejection, Self.magnet, seconds: 0.02, reference: Self.earth)[0])
        #expect(Self.feed(&rejection, Self.earth, seconds: 1, reference: Self.earth).suffix(10).allSatisfy { $0 })
    }
}
