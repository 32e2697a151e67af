import MotionMath
import Testing

@Suite struct Vector3Tests {
    @Test func arithmetic() {
        let a = Vector3(1, 2, 3), b = Vector3(4, 5, 6)
        #expect(a + b == Vector3(5, 7, 9))
        #expect(b - a == Vector3(3, 3, 3))
        #expect(-a == Vector3(-1, -2, -3))
        #expect(a * 2 == Vector3(2, 4, 6))
        #expect(2 * a == a * 2)
        #expect(b / 2 == Vector3(2, 2.5, 3))
        var c = a
        c += b
        c -= a
        c *= 3
        #expect(c == Vector3(12, 15, 18))
    }

    @Test func dotAndCross() {
        let a = Vector3(1, 2, 3), b = Vector3(4, 5, 6)
        #expect(a.dot(b) == 32)
        #expect(a.cross(b) == Vector3(-3, 6, -3))
        // Right-handed: x × y = z.
        #expect(Vector3(1, 0, 0).cross(Vector3(0, 1, 0)) == Vector3(0, 0, 1))
        #expect(a.cross(b).dot(a) == 0)
    }

    @Test func lengthAndNormalization() {
        let v = Vector3(3, 4, 12)
        #expect(v.lengthSquared == 169)
        #expect(v.length == 13)
        #expect((v.normalized - Vector3(3.0 / 13, 4.0 / 13, 12.0 / 13)).length < 1e-15)
        #expect(abs(v.normalized.length - 1) < 1e-15)
        #expect(Vector3.zero.normalized == .zero)
    }
}

@Suite struct Vector2Tests {
    @Test func arithmeticAndInterpolation() {
        let a = Vector2(10, 20), b = Vector2(30, -20)
        #expect(a + b == Vector2(40, 0))
        #expect(b - a == Vector2(20, -40))
        #expect(a * 0.5 == Vector2(5, 10))
        #expect(Vector2(3, 4).length == 5)
        #expect(a.interpolated(to: b, progress: 0) == a)
        #expect(a.interpolated(to: b, progress: 1) == b)
        #expect(a.interpolated(to: b, progress: 0.25) == Vector2(15, 10))
    }
}
