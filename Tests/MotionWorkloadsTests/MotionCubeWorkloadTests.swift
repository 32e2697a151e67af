import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@Suite struct MotionCubeWorkloadTests {
    func makeWorkload(shapes: Int = 0, seed: UInt64 = 1, displayRate: Double = 60, swept: Bool = false) throws -> MotionCubeWorkload {
        try MotionCubeWorkload(
            configuration: WorkloadConfiguration(
                rate: 60, filter: "raw", displayRate: displayRate, seed: seed, parameters: ["shapes": Double(shapes)],
                sweptParameters: swept ? ["shapes"] : []))
    }

    func accelerometer(_ x: Double, _ y: Double, _ z: Double, at time: Double = 0) -> SensorSample {
        SensorSample(sensor: .accelerometer, time: time, value: Vector3(x, y, z))
    }

    /// Renders frames j / 60 for j in `frames`.
    func render(_ workload: MotionCubeWorkload, frames: Range<Int>) {
        for frame in frames { workload.renderFrame(at: Double(frame) / 60) }
    }

    @Test func golden() throws {
        let workload = try makeWorkload(shapes: 3, seed: 42)
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        var lines: [String] = [], frame = 0
        drive(
            workload, source: &device, sensors: [.accelerometer], rate: 60, displayRate: 60, duration: 20,
            touches: Scenario.tiltAndShake.touches
        ) { delivery in
            switch delivery {
            case let .touch(touch):
                lines.append("touch  \(FixedDecimal.format(touch.time, decimals: 3)) \(describe(touch))")
            case .sample:
                break
            case let .frame(time):
                if frame % 15 == 0 { lines.append("frame  \(FixedDecimal.format(time, decimals: 3)) \(workload.describeState())") }
                frame += 1
            }
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "motion-cube-raw.txt")
        #expect(workload.outputSummary["frames"] == 1200 && workload.outputSummary["steps"] == 1199)
        // Three to start, five taps, and the two taps of a double tap.
        #expect(workload.outputSummary["shapes"] == 10 && workload.outputSummary["taps"] == 7)
    }

    @Test func shapeSideKeepsAThirdOfTheCanvasCovered() {
        let side = { (count: Int) in ShapeArrangement.side(count: count, width: 375, height: 667) }
        #expect(side(1) == 100 && side(8) == 100)
        #expect(abs(side(10) - 91.31) < 0.01 && abs(side(100) - 28.87) < 0.01 && abs(side(1000) - 9.13) < 0.01)
    }

    @Test(arguments: [1, 10, 100, 1000])
    func shapesStartSeededInsideAndApart(count: Int) throws {
        let workload = try makeWorkload(shapes: count, seed: 5)
        let bodies = workload.world.bodies
        #expect(bodies.count == count)
        #expect(bodies.allSatisfy { $0.size == ShapeArrangement.side(count: count, width: 375, height: 667) })
        #expect(bodies.allSatisfy { $0.bounds.minX >= 0 && $0.bounds.minY >= 0 && $0.bounds.maxX <= 375 && $0.bounds.maxY <= 667 })
        for i in bodies.indices {
            for j in (i + 1)..<bodies.count where bodies[i].bounds.overlaps(bodies[j].bounds) {
                Issue.record("shapes \(i) and \(j) start overlapping")
            }
        }
        let again = try makeWorkload(shapes: count, seed: 5), other = try makeWorkload(shapes: count, seed: 6)
        #expect(again.world.bodies == bodies && again.colors == workload.colors)
        #expect(other.world.bodies.map(\.position) != bodies.map(\.position))
        #expect(Set(bodies.map(\.kind)).count == (count == 1 ? 1 : 2))
    }

    @Test func gravityFollowsTheAccelerometerInPortrait() throws {
        let workload = try makeWorkload()
        #expect(workload.world.gravity == Vector2(0, 1000))
        workload.handle(accelerometer(0.5, -0.25, -0.8))
        #expect(workload.world.gravity == Vector2(500, 250))
        workload.handle(accelerometer(0, 0, -1))
        #expect(workload.world.gravity == Vector2(0, 0))
        #expect(workload.samples == 2)
    }

    @Test func tapsAddSeededShapesUnderTheFinger() throws {
        let workload = try makeWorkload(seed: 3)
        workload.handle(TouchEvent(time: 0, .tap(Vector2(120, 200))))
        workload.handle(TouchEvent(time: 0, .tap(Vector2(5, 660))))
        let bodies = workload.world.bodies
        #expect(bodies.count == 2 && bodies.allSatisfy { $0.size == 100 })
        #expect(bodies[0].position == Vector2(120, 200))
        // At the corner the shape is moved inside the canvas.
        #expect(bodies[1].bounds.minX >= 0 && abs(bodies[1].bounds.maxY - 667) < 1e-9)
        let again = try makeWorkload(seed: 3)
        again.handle(TouchEvent(time: 0, .tap(Vector2(120, 200))))
        again.handle(TouchEvent(time: 0, .tap(Vector2(5, 660))))
        #expect(again.world.bodies.map(\.kind) == bodies.map(\.kind) && again.colors == workload.colors)
        workload.handle(TouchEvent(time: 0, .doubleTap(Vector2(300, 100))))
        #expect(workload.world.bodies.count == 4 && workload.taps == 4)
    }

    /// In a sweep a case measures the count it names at the sweep's size, settled before it starts,
    /// whatever the scenario's taps, double tap and pinch do; its outputs say so.
    @Test func aSweptCaseKeepsItsShapesAndTheirSizeThroughTheScenario() throws {
        let workload = try makeWorkload(shapes: 100, seed: 42, swept: true)
        let side = ShapeArrangement.side(count: 100, width: 375, height: 667)
        #expect(workload.settlingSteps == 300 && workload.world.steps == 300)
        // Settled: piled on the floor half of the canvas, barely moving.
        let bodies = workload.world.bodies
        #expect(bodies.allSatisfy { $0.position.y > 333.5 })
        #expect(bodies.map(\.velocity.length).reduce(0, +) / 100 < 5)
        let settled = DeepestOverlap.of(workload.world)
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        var frames = 0, wrong: [String] = []
        // The worst overlap any step of the case started from, and the worst with the taps' shapes.
        var worst = 0.0, worstWithTaps = 0.0
        drive(
            workload, source: &device, sensors: [.accelerometer], rate: 60, displayRate: 60, duration: 20,
            touches: Scenario.tiltAndShake.touches
        ) { delivery in
            guard case let .frame(time) = delivery else { return }
            frames += 1
            worst = max(worst, workload.world.deepestOverlap)
            worstWithTaps = max(worstWithTaps, DeepestOverlap.of(workload.world))
            let bodies = workload.world.bodies
            if bodies.count != 100 || !bodies.allSatisfy({ $0.size == side }) { wrong.append("\(time) s") }
        }
        #expect(frames == 1200 && wrong.isEmpty, "count or size changed at \(wrong.prefix(3))")
        #expect(workload.taps == 7)
        let outputs = workload.outputSummary
        #expect(outputs["shapes"] == 100 && outputs["steps"] == 1199 && outputs["settling_steps"] == 300)
        // The worst over the case, not where it stopped, and not where a tap dropped a shape into
        // the pile; the settled pile's named apart.
        #expect(outputs["deepest_overlap"] == worst && worst > DeepestOverlap.of(workload.world) && worst >= settled)
        #expect(worstWithTaps > 2 * worst, "a tap puts a shape \(worstWithTaps) points into the pile")
        #expect(outputs["settled_overlap"] == settled)
    }

    /// The figure does not depend on where a case stops: a longer case reads at least as much.
    /// Before a step there is none, and outside a sweep there is no settled pile to name.
    @Test func theDeepestOverlapIsTheWorstOfTheCase() throws {
        var readings: [Double] = []
        for frames in [240, 241, 300] {
            let workload = try makeWorkload(shapes: 30, seed: 5, swept: true)
            workload.handle(accelerometer(0.6, -0.8, 0))
            render(workload, frames: 0..<frames)
            readings.append(try #require(workload.outputSummary["deepest_overlap"]))
        }
        #expect(readings == readings.sorted() && readings[0] > 0)
        let unswept = try makeWorkload(shapes: 30)
        #expect(unswept.outputSummary["deepest_overlap"] == nil && unswept.outputSummary["settled_overlap"] == nil)
    }

    @Test func inASweepATapReplacesTheOldestShapeWithOneOfTheSweepsSize() throws {
        let workload = try makeWorkload(shapes: 10, seed: 3, swept: true)
        let side = ShapeArrangement.side(count: 10, width: 375, height: 667)
        let colors = workload.colors
        workload.handle(TouchEvent(time: 0, .tap(Vector2(120, 200))))
        workload.handle(TouchEvent(time: 0, .doubleTap(Vector2(5, 660))))
        let bodies = workload.world.bodies
        #expect(bodies.count == 10 && bodies.allSatisfy { $0.size == side } && workload.taps == 3)
        #expect(bodies[0].position == Vector2(120, 200) && bodies[0].velocity == .zero)
        // At the corner the shape is moved inside the canvas.
        #expect(bodies[1].position == Vector2(side / 2, 667 - side / 2) && bodies[2].position == bodies[1].position)
        #expect(workload.colors[3...] == colors[3...] && workload.colors.count == 10)
        // Then the fourth oldest, and so on round.
        for _ in 0..<7 { workload.handle(TouchEvent(time: 0, .tap(Vector2(300, 100)))) }
        workload.handle(TouchEvent(time: 0, .tap(Vector2(60, 60))))
        #expect(workload.world.bodies[0].position == Vector2(60, 60) && workload.world.bodies.count == 10)
        // A sweep of no shapes stays empty.
        let empty = try makeWorkload(shapes: 0, swept: true)
        empty.handle(TouchEvent(time: 0, .tap(Vector2(120, 200))))
        #expect(empty.world.bodies.isEmpty)
    }

    @Test func inASweepAPinchHoldsAShapeWithoutScalingIt() throws {
        let workload = try makeWorkload(shapes: 1, swept: true)
        let shape = workload.world.bodies[0]
        workload.handle(TouchEvent(time: 0, .pinch(center: shape.position, scale: 1.5, duration: 0.5)))
        #expect(workload.world.bodies[0].isHeld && workload.gestures == 1)
        render(workload, frames: 0..<40)
        #expect(workload.world.bodies[0].size == shape.size && !workload.world.bodies[0].isHeld)
    }

    /// Outside a sweep the app's behaviour stays: a tap adds a 100-point shape to the arranged ones,
    /// and nothing settles before the first frame.
    @Test func outsideASweepATapAddsAHundredPointShape() throws {
        let workload = try makeWorkload(shapes: 10)
        #expect(workload.settlingSteps == 0 && workload.world.steps == 0)
        workload.handle(TouchEvent(time: 0, .tap(Vector2(120, 200))))
        #expect(workload.world.bodies.count == 11 && workload.world.bodies[10].size == 100)
        #expect(workload.outputSummary["shapes"] == 11 && workload.outputSummary["settling_steps"] == 0)
    }

    @Test func aHeldShapeIgnoresGravityAndFallsWhenReleased() throws {
        let workload = try makeWorkload()
        workload.handle(TouchEvent(time: 0, .tap(Vector2(187.5, 200))))
        workload.handle(TouchEvent(time: 0, .drag(from: Vector2(190, 210), to: Vector2(100, 310), duration: 1)))
        #expect(workload.world.bodies[0].isHeld && workload.gestures == 1)
        render(workload, frames: 0..<31)
        // Half way: where the finger put it, not fallen (gravity would have pulled it 125 points).
        #expect((workload.world.bodies[0].position - Vector2(142.5, 250)).length < 0.5)
        render(workload, frames: 31..<61)
        #expect((workload.world.bodies[0].position - Vector2(97.5, 300)).length < 0.5)
        #expect(!workload.world.bodies[0].isHeld)
        render(workload, frames: 61..<300)
        let body = workload.world.bodies[0]
        // At rest on the floor (a circle may still roll along it).
        #expect(abs(body.position.y - (667 - 50)) < 1 && abs(body.velocity.y) < 1)
    }

    @Test func pinchScalesAndRotationTurnsTheShapeUnderTheFingers() throws {
        let workload = try makeWorkload()
        workload.handle(accelerometer(0, 0, -1))
        workload.handle(TouchEvent(time: 0, .tap(Vector2(187.5, 333.5))))
        workload.handle(TouchEvent(time: 0, .pinch(center: Vector2(187.5, 333.5), scale: 1.5, duration: 0.5)))
        workload.handle(TouchEvent(time: 0, .rotation(center: Vector2(187.5, 333.5), angle: Double.pi / 4, duration: 0.5)))
        render(workload, frames: 0..<16)
        #expect(abs(workload.world.bodies[0].size - 125) < 1e-9 && workload.world.bodies[0].isHeld)
        #expect(abs(workload.world.bodies[0].angle - Double.pi / 8) < 1e-6)
        render(workload, frames: 16..<40)
        #expect(abs(workload.world.bodies[0].size - 150) < 1e-9 && !workload.world.bodies[0].isHeld)
        #expect(abs(workload.world.bodies[0].angle - Double.pi / 4) < 1e-6)
        #expect(workload.gestures == 2)
    }

    @Test func gesturesOnTheBackgroundHoldNothing() throws {
        let workload = try makeWorkload()
        workload.handle(TouchEvent(time: 0, .tap(Vector2(100, 100))))
        workload.handle(TouchEvent(time: 0, .drag(from: Vector2(300, 600), to: Vector2(100, 100), duration: 1)))
        workload.handle(TouchEvent(time: 0, .press(button: "light", at: Vector2(100, 100))))
        #expect(workload.gestures == 0 && !workload.world.bodies[0].isHeld && workload.world.bodies.count == 1)
    }

    /// Hundreds of frames of two hundred shapes shaken and tilted, plus taps at the corners: every
    /// shape inside the canvas on every frame.
    @Test func noShapeEverLeavesTheCanvas() throws {
        let workload = try makeWorkload(shapes: 200, seed: 9)
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 9)
        let corners = [Vector2(0, 0), Vector2(375, 0), Vector2(0, 667), Vector2(375, 667)]
        let taps = corners.enumerated().map { TouchEvent(time: 2 + Double($0.offset), .tap($0.element)) }
        var outside = 0, frames = 0
        drive(
            workload, source: &device, sensors: [.accelerometer], rate: 60, displayRate: 60, duration: 10,
            touches: taps
        ) { delivery in
            guard case .frame = delivery else { return }
            frames += 1
            for body in workload.world.bodies {
                let bounds = body.bounds
                if bounds.minX < -1e-9 || bounds.minY < -1e-9 || bounds.maxX > 375 + 1e-9 || bounds.maxY > 667 + 1e-9 { outside += 1 }
            }
        }
        #expect(frames == 600 && workload.world.bodies.count == 204)
        #expect(outside == 0)
    }

    /// Dropped under plain gravity, shapes settle into a pile whose deepest overlap is a small share
    /// of their side (what the soft contacts give under the weight of a pile 7 deep).
    @Test(arguments: [(10, 0.5), (100, 1.0)])
    func shapesComeToRestStackedWithoutOverlapping(count: Int, tolerance: Double) throws {
        let workload = try makeWorkload(shapes: count, seed: 11)
        workload.handle(accelerometer(0, -1, 0))
        render(workload, frames: 0..<480)
        let bodies = workload.world.bodies
        #expect(DeepestOverlap.of(workload.world) < tolerance)
        let meanSpeed = bodies.map(\.velocity.length).reduce(0, +) / Double(count)
        #expect(meanSpeed < 2, "mean speed \(meanSpeed) points/s")
    }

    @Test func oneFixedStepPerFrameCatchingUpAtMostFour() throws {
        let workload = try makeWorkload(displayRate: 120)
        for frame in 0..<240 { workload.renderFrame(at: Double(frame) / 120) }
        #expect(workload.world.steps == 239)
        workload.renderFrame(at: 2.5)
        #expect(workload.world.steps == 243)
        workload.renderFrame(at: 2.5 + 1.0 / 120)
        #expect(workload.world.steps == 244)
    }

    @Test func onlyRawAndPositiveRates() {
        #expect(throws: WorkloadError.unknownFilter(workload: "motion-cube", filter: "low-pass", known: ["raw"])) {
            try MotionCubeWorkload(configuration: WorkloadConfiguration(rate: 60, filter: "low-pass"))
        }
        #expect(throws: WorkloadError.invalidRate(0)) {
            try MotionCubeWorkload(configuration: WorkloadConfiguration(rate: 0, filter: "raw"))
        }
    }
}
