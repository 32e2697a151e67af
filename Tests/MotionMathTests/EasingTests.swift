import MotionMath
import Testing

@Suite struct EasingTests {
    // Reference: the same Bézier solved by 200 bisection steps in Python, independently of this code.
    @Test(arguments: [
        (0.01, 0.00018981958520707085), (0.1, 0.019722453548311196), (0.25, 0.1291619310473198),
        (0.4, 0.3318838700976461), (0.5, 0.5), (0.75, 0.8708380689526802), (0.9, 0.9802775464516889),
        (0.99, 0.999810180414793),
    ])
    func easeInOutMatchesReference(x: Double, expected: Double) {
        #expect(abs(Easing.easeInOut(x) - expected) < 1e-11)
    }

    @Test func endpointsAndClamping() {
        #expect(Easing.easeInOut(0) == 0)
        #expect(Easing.easeInOut(1) == 1)
        #expect(Easing.easeInOut(-0.5) == 0)
        #expect(Easing.easeInOut(1.5) == 1)
    }

    @Test func symmetricAndMonotonic() {
        var previous = 0.0
        for step in 1...1000 {
            let x = Double(step) / 1000
            let y = Easing.easeInOut(x)
            #expect(y >= previous)
            #expect(abs(y + Easing.easeInOut(1 - x) - 1) < 1e-11)
            previous = y
        }
    }

    @Test func flatControlPointsFallBackToBisection() {
        // x1 = x2 = 1 makes x(t) flat near t = 1, where Newton's step is useless.
        let curve = UnitBezier(x1: 1, y1: 0, x2: 1, y2: 1)
        let y = curve.value(at: 0.999)
        #expect(y > 0 && y < 1)
        let linear = UnitBezier(x1: 0, y1: 0, x2: 1, y2: 1)
        #expect(abs(linear.value(at: 0.3) - 0.3) < 1e-11)
    }
}
