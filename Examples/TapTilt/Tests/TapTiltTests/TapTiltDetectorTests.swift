import TapTilt
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The detector on made-up readings at 100 Hz: flat and still, a knock, then the phone tipped.
@Suite struct TapTiltDetectorTests {
    /// Readings at 100 Hz: `seconds` of the phone flat, with a 30 ms knock at `tap` and from `tiltFrom`
    /// a turn about its x axis at 90 °/s for 0.5 s.
    func feed(_ detector: inout TapTiltDetector, seconds: Double, tap: Double?, tiltFrom: Double?) -> [TapTiltDetector.Gesture] {
        var gestures: [TapTiltDetector.Gesture] = []
        var angle = 0.0
        for index in 0..<Int(seconds * 100) {
            let time = Double(index) / 100
            let turning = tiltFrom.map { time >= $0 && time < $0 + 0.5 } ?? false
            let rate = turning ? 90.0 * .pi / 180 : 0
            angle += rate / 100
            var acceleration = SIMD3<Double>(0, sin(angle), -cos(angle))
            if let tap, time >= tap, time < tap + 0.03 { acceleration.z -= 1.2 }
            if let gesture = detector.update(acceleration: acceleration, rotationRate: SIMD3(rate, 0, 0), at: time) {
                gestures.append(gesture)
            }
        }
        return gestures
    }

    @Test(arguments: TapTiltDetector.Variant.allCases)
    func aTapThenATiltIsOneGesture(variant: TapTiltDetector.Variant) {
        var detector = TapTiltDetector(variant: variant)
        let gestures = feed(&detector, seconds: 3, tap: 1, tiltFrom: 1.2)
        #expect(gestures.count == 1 && detector.count == 1)
        #expect(gestures.first.map { abs($0.tapTime - 1) < 0.02 && $0.time > 1.2 && $0.time < 1.8 } == true)
    }

    @Test(arguments: TapTiltDetector.Variant.allCases)
    func aTiltWithoutATapOrTooLateIsNone(variant: TapTiltDetector.Variant) {
        var alone = TapTiltDetector(variant: variant)
        #expect(feed(&alone, seconds: 3, tap: nil, tiltFrom: 1).isEmpty)
        var late = TapTiltDetector(variant: variant)
        #expect(feed(&late, seconds: 4, tap: 0.5, tiltFrom: 2).isEmpty, "the tilt comes 1.5 s after the tap")
    }

    /// Held at an angle and still, the raw threshold sees no tap either; only a knock makes one.
    @Test func holdingThePhoneTiltedIsNoTap() {
        var detector = TapTiltDetector(variant: .filtered)
        for index in 0..<300 {
            _ = detector.update(acceleration: SIMD3(0, 0.5, -0.866), rotationRate: .zero, at: Double(index) / 100)
        }
        #expect(detector.tilt == 0 && detector.count == 0)
    }
}
