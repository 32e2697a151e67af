import MotionFilters
import MotionMath
import Testing

@Suite struct DisturbanceRejectionTests {
    /// 50 Hz readings of `field` for `seconds`, held level and facing north: whether each was accepted.
    static func feed(
        _ rejection: inout DisturbanceRejection, _ field: Vector3, seconds: Double, reference: Vector3? = nil, turnRate: Double = 0
    ) -> [Bool] {
        (0..<Int(seconds * 50)).map { _ in rejection.acceptsField(field, attitude: .identity, reference: reference, turnRate: turnRate, dt: 0.02) }
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

    /// Another room's field holds its strength and dip while the device turns: it is taken as the
    /// local field after `newFieldTime` (20 s). A magnet beside a device lying still holds too, but
    /// the device does not turn, so it is refused for the whole `maximumRejectionTime` (60 s).
    @Test func aSteadyFieldIsANewRoomOnlyWhileTheDeviceTurns() throws {
        var turning = DisturbanceRejection(fieldTolerance: 3)
        #expect(Self.feed(&turning, Self.earth, seconds: 5, turnRate: 1).allSatisfy { $0 })
        let room = Self.feed(&turning, Self.magnet, seconds: 30, turnRate: 1)
        let taken = try #require(room.firstIndex(of: true))
        #expect(abs(Double(taken) / 50 - 20) < 1 && room[taken...].allSatisfy { $0 }, "taken after \(Double(taken) / 50) s")

        var still = DisturbanceRejection(fieldTolerance: 3)
        #expect(Self.feed(&still, Self.earth, seconds: 5).allSatisfy { $0 })
        let beside = Self.feed(&still, Self.magnet, seconds: 61)
        let trusted = try #require(beside.firstIndex(of: true))
        #expect(abs(Double(trusted) / 50 - 60) < 1, "trusted after \(Double(trusted) / 50) s")
    }
}
