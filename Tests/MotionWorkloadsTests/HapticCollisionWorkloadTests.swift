import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

@Suite struct HapticCollisionWorkloadTests {
    func makeWorkload(displayRate: Double = 60) throws -> HapticCollisionWorkload {
        try HapticCollisionWorkload(configuration: WorkloadConfiguration(rate: 60, filter: "raw", displayRate: displayRate))
    }

    func press(_ style: ImpactStyle, at time: Double) -> TouchEvent {
        TouchEvent(time: time, .press(button: style.rawValue, at: Vector2(187.5, 600)))
    }

    /// The gap between the views at rest: 375 − 2 × 20 margin − 2 × 80 sides.
    let restGap = 175.0

    @Test func golden() throws {
        let workload = try makeWorkload()
        var device = VirtualDevice(scenario: .still, seed: 42)
        var lines: [String] = [], haptics = 0
        drive(
            workload, source: &device, sensors: [], rate: 60, displayRate: 60, duration: 20,
            touches: Scenario.still.touches
        ) { delivery in
            switch delivery {
            case let .touch(touch):
                lines.append("touch  \(FixedDecimal.format(touch.time, decimals: 3)) \(describe(touch))")
            case .sample:
                break
            case let .frame(time):
                guard workload.phase != .idle || workload.haptics.events.count > haptics else { return }
                lines.append("frame  \(FixedDecimal.format(time, decimals: 3)) \(workload.describeState())")
                if workload.haptics.events.count > haptics, let event = workload.haptics.events.last {
                    haptics = workload.haptics.events.count
                    lines.append(
                        "haptic \(FixedDecimal.format(event.time, decimals: 3)) \(event.style) intensity \(FixedDecimal.format(event.intensity, decimals: 2)) frame \(event.frame)"
                    )
                }
            }
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "haptic-collision-raw.txt")
        #expect(workload.presses == 10 && workload.haptics.events.count == 10)
        #expect(ImpactStyle.allCases.allSatisfy { workload.haptics.count(of: $0) == 2 })
    }

    /// The frame of contact, worked out by hand: the views close the gap at the style's speed from
    /// the press, so they touch at press + gap / speed, and the first frame at or after that
    /// instant is frame ⌈(press + gap / speed) × rate⌉. The impact fires on that frame, not before,
    /// and the views are drawn touching there.
    @Test(arguments: [60.0, 120.0], ImpactStyle.allCases)
    func hapticFiresOnTheFrameOfContact(displayRate: Double, style: ImpactStyle) throws {
        let workload = try makeWorkload(displayRate: displayRate)
        let pressTime = 1.003
        let contact = pressTime + restGap / HapticCollisionWorkload.closingSpeed(for: style)
        let expectedFrame = Int((contact * displayRate).rounded(.up))
        var pressed = false
        for frame in 0..<Int(2 * displayRate) {
            let time = Double(frame) / displayRate
            if !pressed, time >= pressTime {
                workload.handle(press(style, at: pressTime))
                pressed = true
            }
            workload.renderFrame(at: time)
            let gap = workload.right.center.x - workload.left.center.x - HapticCollisionWorkload.viewSize
            if frame < expectedFrame {
                #expect(workload.haptics.events.count == 0 && gap > 0, "frame \(frame)")
            } else if frame == expectedFrame {
                #expect(workload.haptics.events.count == 1)
                #expect(abs(gap) < 1e-9, "drawn touching")
            }
        }
        let event = try #require(workload.haptics.events.last)
        #expect(workload.haptics.events.count == 1)
        #expect(event.frame == expectedFrame && event.time == Double(expectedFrame) / displayRate)
        #expect(event.style == style && event.intensity == style.intensity)
    }

    @Test func strongerStylesCloseFaster() {
        let byStrength: [ImpactStyle] = [.soft, .light, .medium, .rigid, .heavy]
        let speeds = byStrength.map(HapticCollisionWorkload.closingSpeed(for:))
        #expect(speeds == speeds.sorted() && Set(speeds).count == 5)
        #expect(byStrength.map(\.intensity).allSatisfy { (0...1).contains($0) })
    }

    @Test func viewsReboundToRest() throws {
        let workload = try makeWorkload()
        workload.handle(press(.heavy, at: 0))
        var gaps: [Double] = []
        for frame in 0..<60 {
            workload.renderFrame(at: Double(frame) / 60)
            gaps.append(workload.right.center.x - workload.left.center.x - HapticCollisionWorkload.viewSize)
        }
        let contact = try #require(workload.haptics.events.last).frame
        // Closing until contact, opening after it, back at rest once the rebound's 0.3 s are over.
        #expect(zip(gaps[..<contact], gaps[1...contact]).allSatisfy { $0 > $1 })
        #expect(zip(gaps[contact..<(contact + 18)], gaps[(contact + 1)...(contact + 18)]).allSatisfy { $0 < $1 })
        #expect(gaps.last == restGap && workload.phase == .idle)
        #expect(workload.left.center == workload.leftRest && workload.right.center == workload.rightRest)
    }

    @Test func aPressWhileMovingStartsFromWhereTheViewsAre() throws {
        let workload = try makeWorkload()
        workload.handle(press(.soft, at: 0))
        for frame in 0...6 { workload.renderFrame(at: Double(frame) / 60) }
        let shown = workload.left.center.x
        workload.handle(press(.heavy, at: 0.1))
        #expect(workload.phase == .approaching(start: 0.1, leftX: shown, rightX: 375 - shown, style: .heavy))
        for frame in 7..<60 { workload.renderFrame(at: Double(frame) / 60) }
        #expect(workload.haptics.events.count == 1 && workload.haptics.events.last?.style == .heavy)
    }

    @Test func onlyTheFiveButtonsPress() throws {
        let workload = try makeWorkload()
        workload.handle(TouchEvent(time: 0, .press(button: "start", at: .zero)))
        workload.handle(TouchEvent(time: 0, .tap(Vector2(100, 100))))
        for frame in 0..<60 { workload.renderFrame(at: Double(frame) / 60) }
        #expect(workload.presses == 0 && workload.phase == .idle && workload.haptics.events.count == 0)
        #expect(workload.outputSummary["haptics"] == 0)
    }
}
