import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@Suite struct TiltBallWorkloadTests {
    let dt = 1.0 / 60

    func makeWorkload(seed: UInt64 = 1) throws -> TiltBallWorkload {
        try TiltBallWorkload(configuration: WorkloadConfiguration(rate: 60, filter: "raw", seed: seed))
    }

    func accelerometer(_ x: Double, _ y: Double, _ z: Double, at time: Double = 0) -> SensorSample {
        SensorSample(sensor: .accelerometer, time: time, value: Vector3(x, y, z))
    }

    func barometer(_ kPa: Double, at time: Double = 0) -> SensorSample {
        SensorSample(sensor: .barometer, time: time, value: Vector3(kPa, 0, 0))
    }

    /// Renders frames j / 60 for j in `frames`.
    func render(_ workload: TiltBallWorkload, frames: Range<Int>) {
        for frame in frames { workload.renderFrame(at: Double(frame) / 60) }
    }

    @Test func golden() throws {
        let workload = try makeWorkload(seed: 42)
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        var lines: [String] = [], frame = 0, shakes = 0
        drive(
            workload, source: &device, sensors: [.accelerometer, .barometer], rate: 60, displayRate: 60, duration: 40,
            touches: Scenario.tiltAndShake.touches
        ) { delivery in
            switch delivery {
            case let .touch(touch):
                lines.append("touch  \(FixedDecimal.format(touch.time, decimals: 3)) \(describe(touch))")
            case let .sample(sample):
                if workload.shakes.count > shakes {
                    shakes = workload.shakes.count
                    lines.append("shake  \(FixedDecimal.format(sample.time, decimals: 3)) background \(workload.background.hex)")
                }
            case let .frame(time):
                if frame % 6 == 0 { lines.append("frame  \(FixedDecimal.format(time, decimals: 3)) \(workload.describeState())") }
                frame += 1
            }
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "tilt-ball-raw.txt")
        #expect(workload.outputSummary["frames"] == 2400 && workload.outputSummary["samples"] == 4800)
        #expect(workload.shapeToggles == 2 && workload.shakes.count == 2)
    }

    @Test func startsRedSquareAtRestInTheCentre() throws {
        let workload = try makeWorkload()
        workload.handle(accelerometer(0, 0, -1))
        render(workload, frames: 0..<60)
        #expect(workload.position == Vector2(187.5, 333.5) && workload.velocity == .zero)
        #expect(workload.color == .red && !workload.isCircle && workload.touchingWalls.isEmpty)
        #expect(Set(TiltWall.allCases.map(\.color)).count == 4 && !TiltWall.allCases.map(\.color).contains(.red))
    }

    @Test func velocityGrowsWithTiltTimesTheFactor() throws {
        let workload = try makeWorkload()
        // Tilted right and toward the user: x = 0.2 g, y = 0.1 g (screen y is down, so it rolls up).
        workload.handle(accelerometer(0.2, 0.1, -0.97))
        render(workload, frames: 0..<31)
        // Semi-implicit Euler from rest: after n steps v = a n dt and x = a dt² n (n + 1) / 2.
        let n = 30.0, a = Vector2(200, -100)
        #expect((workload.velocity - a * (n * dt)).length < 1e-9)
        #expect((workload.position - (Vector2(187.5, 333.5) + a * (dt * dt * n * (n + 1) / 2))).length < 1e-9)
    }

    @Test func stopsAtAWallAndTakesItsColour() throws {
        let workload = try makeWorkload()
        workload.handle(accelerometer(1, 0, 0))
        render(workload, frames: 0..<120)
        #expect(workload.position.x == 375 - 70 && workload.velocity.x == 0)
        #expect(workload.color == TiltWall.right.color && workload.touchingWalls == [.right] && workload.wallTouches == 1)
        // Into the corner: the newly touched bottom wall gives its colour, the right one is still touched.
        workload.handle(accelerometer(1, -1, 0))
        render(workload, frames: 120..<240)
        #expect(workload.position == Vector2(305, 597))
        #expect(workload.color == TiltWall.bottom.color && workload.touchingWalls == [.right, .bottom])
        #expect(workload.wallTouches == 2)
        // Away and back to the left: purple.
        workload.handle(accelerometer(-1, 1, 0))
        render(workload, frames: 240..<400)
        #expect(workload.touchingWalls == [.left, .top] && workload.color == TiltWall.top.color)
    }

    /// A minute of tilting and shaking: never past a wall, and the colour changes exactly when a
    /// wall starts being touched.
    @Test func neverCrossesAWall() throws {
        let workload = try makeWorkload()
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 3)
        var crossings = 0, wrongColours = 0
        var touching: [TiltWall] = [], color = RGBColor.red
        drive(
            workload, source: &device, sensors: [.accelerometer, .barometer], rate: 60, displayRate: 60, duration: 60,
            touches: []
        ) { delivery in
            guard case .frame = delivery else { return }
            let p = workload.position
            if p.x < 70 || p.x > 305 || p.y < 70 || p.y > 597 { crossings += 1 }
            let new = workload.touchingWalls.filter { !touching.contains($0) }
            if let last = new.last { color = last.color }
            if workload.color != color { wrongColours += 1 }
            touching = workload.touchingWalls
        }
        #expect(crossings == 0 && wrongColours == 0)
        #expect(workload.wallTouches > 3)
    }

    @Test func doubleTapTogglesTheShape() throws {
        let workload = try makeWorkload()
        workload.handle(TouchEvent(time: 0, .doubleTap(Vector2(10, 10))))
        #expect(workload.isCircle && workload.describeState().hasPrefix("circle"))
        workload.handle(TouchEvent(time: 1, .doubleTap(Vector2(300, 600))))
        #expect(!workload.isCircle && workload.shapeToggles == 2)
        workload.handle(TouchEvent(time: 2, .tap(Vector2(300, 600))))
        #expect(!workload.isCircle)
    }

    @Test func aShakeSetsASeededRandomBackground() throws {
        func shaken(seed: UInt64) throws -> TiltBallWorkload {
            let workload = try makeWorkload(seed: seed)
            var device = VirtualDevice(scenario: .shake(), seed: 1)
            drive(workload, source: &device, sensors: [.accelerometer], rate: 60, displayRate: 60, duration: 6, touches: [])
            return workload
        }
        let first = try shaken(seed: 1), again = try shaken(seed: 1), other = try shaken(seed: 2)
        #expect(first.shakes.count == 1 && first.backgroundBase != .gray)
        #expect(again.backgroundBase == first.backgroundBase && other.backgroundBase != first.backgroundBase)
        #expect(first.background == first.backgroundBase)
    }

    @Test func aDragMovesTheObjectAndHoldsItAgainstTilt() throws {
        let workload = try makeWorkload()
        workload.handle(accelerometer(0, -1, 0))
        workload.handle(TouchEvent(time: 0, .drag(from: Vector2(300, 100), to: Vector2(250, 60), duration: 0.5)))
        render(workload, frames: 0..<16)
        #expect(workload.position == Vector2(162.5, 313.5) && workload.velocity == .zero)
        render(workload, frames: 16..<31)
        #expect(workload.position == Vector2(137.5, 293.5))
        render(workload, frames: 31..<40)
        // Released: falls again.
        #expect(workload.position.y > 293.5 && workload.velocity.y > 0)
    }

    /// Whether two colours agree to rounding.
    func close(_ a: RGBColor, _ b: RGBColor) -> Bool {
        abs(a.red - b.red) < 1e-12 && abs(a.green - b.green) < 1e-12 && abs(a.blue - b.blue) < 1e-12
    }

    @Test func backgroundGrayFollowsAltitude() throws {
        let workload = try makeWorkload()
        #expect(close(workload.background, AltitudeShade.color(relativeAltitude: 0)))
        let start = StandardAtmosphere.altitude(atPressure: 101)
        workload.handle(barometer(101))
        workload.handle(barometer(StandardAtmosphere.pressure(atAltitude: start + 5)))
        #expect(abs(workload.relativeAltitude - 5) < 1e-6)
        #expect(close(workload.background, AltitudeShade.color(relativeAltitude: 5)) && workload.background.red < 0.5)
        workload.handle(barometer(StandardAtmosphere.pressure(atAltitude: start - 3)))
        #expect(close(workload.background, AltitudeShade.color(relativeAltitude: -3)) && workload.background.red > 0.5)
    }

    @Test func shadingAColourAsTheGrayWould() {
        let color = RGBColor(red: 0.2, green: 0.6, blue: 1)
        #expect(color.shaded(toward: 0.5) == color)
        #expect(color.shaded(toward: 1) == .white && color.shaded(toward: 0) == RGBColor(red: 0, green: 0, blue: 0))
        #expect(close(RGBColor.gray.shaded(toward: 0.3), RGBColor(red: 0.3, green: 0.3, blue: 0.3)))
        #expect(close(color.shaded(toward: 0.75), RGBColor(red: 0.6, green: 0.8, blue: 1)))
    }
}
