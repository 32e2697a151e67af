import MotionMath
import Testing

@Suite struct QuaternionTests {
    let i = Quaternion(w: 0, x: 1, y: 0, z: 0)
    let j = Quaternion(w: 0, x: 0, y: 1, z: 0)
    let k = Quaternion(w: 0, x: 0, y: 0, z: 1)

    @Test func hamiltonProduct() {
        #expect(i * j == k)
        #expect(j * k == i)
        #expect(k * i == j)
        #expect(j * i == Quaternion(w: 0, x: 0, y: 0, z: -1))
        #expect(i * i == Quaternion(w: -1, x: 0, y: 0, z: 0))
        let q = Quaternion(w: 1, x: 2, y: 3, z: 4)
        // q q* = |q|² with no vector part.
        #expect(q * q.conjugate == Quaternion(w: 30, x: 0, y: 0, z: 0))
        #expect(q.norm == 30.0.squareRoot())
        #expect(abs(q.normalized.norm - 1) < 1e-15)
    }

    @Test func axisAngleRotatesRightHanded() {
        let quarterTurnZ = Quaternion(axis: Vector3(0, 0, 5), angle: .pi / 2)
        #expect((quarterTurnZ.rotate(Vector3(1, 0, 0)) - Vector3(0, 1, 0)).length < 1e-15)
        let quarterTurnX = Quaternion(axis: Vector3(1, 0, 0), angle: .pi / 2)
        #expect((quarterTurnX.rotate(Vector3(0, 1, 0)) - Vector3(0, 0, 1)).length < 1e-15)
        #expect(Quaternion(axis: .zero, angle: 1) == .identity)
        // The conjugate undoes the rotation.
        let v = Vector3(1, 2, 3)
        #expect((quarterTurnZ.conjugate.rotate(quarterTurnZ.rotate(v)) - v).length < 1e-14)
    }

    // Reference values from SciPy: Rotation.from_euler('ZYX', [40, 20, 30], degrees=True).
    @Test func fromEulerAnglesMatchesReference() {
        let angles = EulerAngles(
            roll: Angle.radians(fromDegrees: 30), pitch: Angle.radians(fromDegrees: 20),
            yaw: Angle.radians(fromDegrees: 40))
        let q = Quaternion(angles)
        let reference = Quaternion(
            w: 0.9092553402520855, x: 0.18214796572990116, y: 0.24479231586341083, z: 0.2831140528086711)
        #expect(abs(q.w - reference.w) < 1e-15 && abs(q.x - reference.x) < 1e-15)
        #expect(abs(q.y - reference.y) < 1e-15 && abs(q.z - reference.z) < 1e-15)
        let rotated = q.rotate(Vector3(1, 2, 3))
        #expect((rotated - Vector3(1.5133923576102735, 1.5728077847931494, 3.039065521508361)).length < 1e-14)
        // Yaw, then pitch, then roll, about the moving axes.
        let composed =
            Quaternion(axis: Vector3(0, 0, 1), angle: angles.yaw)
            * Quaternion(axis: Vector3(0, 1, 0), angle: angles.pitch)
            * Quaternion(axis: Vector3(1, 0, 0), angle: angles.roll)
        #expect(abs(composed.w - q.w) + abs(composed.x - q.x) + abs(composed.y - q.y) + abs(composed.z - q.z) < 1e-15)
    }

    @Test func eulerAnglesRoundTrip() {
        for (roll, pitch, yaw) in [(0.3, -0.7, 2.9), (-2.5, 1.2, -0.4), (0.0, 0.0, 0.0), (3.0, -1.5, 1.0)] {
            let back = Quaternion(EulerAngles(roll: roll, pitch: pitch, yaw: yaw)).eulerAngles
            #expect(abs(back.roll - roll) < 1e-12 && abs(back.pitch - pitch) < 1e-12 && abs(back.yaw - yaw) < 1e-12)
        }
        // At the gimbal-lock pitch, asin stays defined.
        #expect(abs(Quaternion(axis: Vector3(0, 1, 0), angle: .pi / 2).eulerAngles.pitch - .pi / 2) < 1e-7)
    }

    // The series for small turns and libm's sine and cosine for large ones give the same rotation,
    // to the last bits, on both sides of the switch at a quarter radian.
    @Test func rotationVectorMatchesAxisAndAngle() {
        #expect(Quaternion(rotationVector: .zero) == .identity)
        for length in [1e-9, 1e-3, 0.1, 0.249, 0.25, 0.251, 1, 3] {
            let axis = Vector3(0.3, -0.5, 0.8).normalized
            let q = Quaternion(rotationVector: axis * length), reference = Quaternion(axis: axis, angle: length)
            #expect(abs(q.w - reference.w) + abs(q.x - reference.x) + abs(q.y - reference.y) + abs(q.z - reference.z) < 1e-15)
        }
    }

    // One Newton step where rounding left the norm a few bits from 1, a full normalization elsewhere.
    @Test func renormalizedHasNormOne() {
        let unit = Quaternion(w: 0.5, x: -0.5, y: 0.5, z: 0.5)
        for drift in [0, 3e-16, -5e-12, 2e-9, 0.01, -0.5, 4] {
            let q = Quaternion(w: unit.w * (1 + drift), x: unit.x * (1 + drift), y: unit.y * (1 + drift), z: unit.z * (1 + drift))
            let r = q.renormalized
            #expect(abs(r.norm - 1) < 3e-16)
            #expect(abs(r.w - unit.w) + abs(r.x - unit.x) + abs(r.y - unit.y) + abs(r.z - unit.z) < 1e-15)
        }
    }

    // Body-frame rates compose on the right: reference from SciPy, Rotation.from_euler('x', 90) * from_rotvec([0, 0, 0.5]).
    @Test func integratesBodyRate() {
        var q = Quaternion(axis: Vector3(1, 0, 0), angle: .pi / 2)
        for _ in 0..<50 {
            q = q.integrated(angularRate: Vector3(0, 0, 1), over: 0.01)
        }
        let reference = Quaternion(
            w: 0.6851245437674769, x: 0.6851245437674768, y: -0.17494101728127348, z: 0.1749410172812735)
        #expect(abs(q.w - reference.w) + abs(q.x - reference.x) + abs(q.y - reference.y) + abs(q.z - reference.z) < 1e-14)
        #expect(abs(q.norm - 1) < 1e-15)
        #expect(q.integrated(angularRate: .zero, over: 1) == q)
    }
}
