import MotionMath
import MotionSensors

/// The tour app's Haptic Feedback screen: a button per impact style sends two
/// views toward each other; when they meet, a haptic impact plays and they spring back.
///
/// Two `viewSize`-point squares rest at mid-height, `margin` points from the left and right edges.
/// A press starts both moving toward each other at constant speed, together closing the gap at
/// `closingSpeed(for:)` points per second (faster for a stronger style), from where they are shown
/// at that moment. The **frame of contact** is the first frame whose evaluated positions touch or
/// overlap: gap = gap at the press − closing speed × (frame time − press time) ≤ 0 (to within
/// 1e-9 points, so a meeting exactly on a frame counts). On that frame, and only that one, the
/// views are drawn touching (each having covered half the gap), a `HapticEvent` with the frame's
/// time goes to `haptics`, and the views rebound to their rest positions over `reboundDuration`
/// with UIKit's ease-out curve. A press while they move starts a new approach from where they are.
///
/// The screen reads no sensor: a case is clocked by its rate's ticks (60 Hz by default) with no sample
/// on them, so its cost per tick is its frames' and touches' cost.
public final class HapticCollisionWorkload: Workload {
    /// No sensor, ticks at 60 Hz, animated at 60 frames a second.
    public static let descriptor = WorkloadDescriptor(
        name: "haptic-collision",
        summary: "two views driven together by a style's button; a haptic impact on the frame they touch, then a rebound",
        sensors: [], defaultRates: [60],
        filters: ["raw"], defaultFilters: ["raw"],
        displayRate: 60)

    /// Each view's side, in points.
    public static let viewSize = 80.0
    /// The gap between a resting view and its edge of the canvas, in points.
    public static let margin = 20.0
    /// How long the views take to spring back to rest, in seconds.
    public static let reboundDuration = 0.3
    /// `UIView.AnimationOptions.curveEaseOut`: `cubic-bezier(0, 0, 0.58, 1)`.
    public static let easeOutCurve = UnitBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// A gap this small, in points, counts as touching (rounding in the gap's evaluation).
    public static let contactTolerance = 1e-9

    /// The speed at which the two views close their gap for `style`, points per second: 400 plus
    /// 800 per unit of intensity (640 for soft, 1200 for heavy).
    public static func closingSpeed(for style: ImpactStyle) -> Double {
        400 + 800 * style.intensity
    }

    /// What the views are doing.
    public enum Phase: Hashable, Sendable {
        /// At rest, or wherever a rebound left them.
        case idle
        /// Moving toward each other since `start`, from these centres' x, for `style`.
        case approaching(start: Double, leftX: Double, rightX: Double, style: ImpactStyle)
        /// Springing back since the contact.
        case rebounding(left: PositionAnimation, right: PositionAnimation)
    }

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// The left view as the last frame showed it.
    public private(set) var left: SceneRect
    /// The right view as the last frame showed it.
    public private(set) var right: SceneRect
    /// What the views are doing.
    public private(set) var phase = Phase.idle
    /// The impacts played.
    public private(set) var haptics = HapticSink()
    /// Buttons pressed.
    public private(set) var presses = 0
    /// Frames rendered.
    public private(set) var frames = 0

    /// Creates the screen with both views at rest; throws for a filter other than `raw` or a rate
    /// that is not positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        self.configuration = configuration
        let size = Self.viewSize, y = configuration.canvasHeight / 2
        left = SceneRect(center: Vector2(Self.margin + size / 2, y), width: size, height: size, color: .blue)
        right = SceneRect(
            center: Vector2(configuration.canvasWidth - Self.margin - size / 2, y), width: size, height: size, color: .red)
    }

    /// The left view's centre at rest.
    public var leftRest: Vector2 { Vector2(Self.margin + Self.viewSize / 2, configuration.canvasHeight / 2) }
    /// The right view's centre at rest.
    public var rightRest: Vector2 {
        Vector2(configuration.canvasWidth - Self.margin - Self.viewSize / 2, configuration.canvasHeight / 2)
    }

    /// Never called: the screen subscribes to no sensor.
    public func handle(_ sample: SensorSample) {}

    /// A press of a style's button starts the views toward each other; other gestures, and presses
    /// of anything but the five buttons, do nothing.
    public func handle(_ touch: TouchEvent) {
        guard case let .press(button, _) = touch.gesture, let style = ImpactStyle(rawValue: button) else { return }
        presses += 1
        let (leftX, rightX) = shownX(at: touch.time)
        phase = .approaching(start: touch.time, leftX: leftX, rightX: rightX, style: style)
    }

    /// Evaluates the views at `time`; on the frame of contact, plays the impact and starts the rebound.
    public func renderFrame(at time: Double) {
        defer { frames += 1 }
        if case let .approaching(start, leftX, rightX, style) = phase {
            let gap = rightX - leftX - Self.viewSize
            let closed = Self.closingSpeed(for: style) * max(0, time - start)
            if closed >= gap - Self.contactTolerance {
                let meetLeft = leftX + gap / 2, meetRight = rightX - gap / 2
                left.center.x = meetLeft
                right.center.x = meetRight
                haptics.play(HapticEvent(time: time, style: style, intensity: style.intensity, frame: frames))
                phase = .rebounding(
                    left: PositionAnimation(
                        from: Vector2(meetLeft, left.center.y), to: leftRest, start: time, duration: Self.reboundDuration,
                        curve: Self.easeOutCurve),
                    right: PositionAnimation(
                        from: Vector2(meetRight, right.center.y), to: rightRest, start: time,
                        duration: Self.reboundDuration, curve: Self.easeOutCurve))
                return
            }
        }
        let (leftX, rightX) = shownX(at: time)
        left.center.x = leftX
        right.center.x = rightX
        if case let .rebounding(animation, _) = phase, time >= animation.start + animation.duration { phase = .idle }
    }

    /// `frames`, `presses`, `haptics` (events played), `last_haptic_time` (s) and
    /// `last_haptic_intensity` once one played, and `haptics_<style>` for each style.
    public var outputSummary: [String: Double] {
        var summary = [
            "frames": Double(frames), "presses": Double(presses),
            "haptics": Double(haptics.events.count),
        ]
        summary["last_haptic_time"] = haptics.events.last?.time
        summary["last_haptic_intensity"] = haptics.events.last?.intensity
        for style in ImpactStyle.allCases { summary["haptics_\(style.rawValue)"] = Double(haptics.count(of: style)) }
        return summary
    }

    /// The views' centres, what they are doing, and the impact played on the frame, if one was.
    public static let outputColumns: [OutputColumn] = [
        .number("left_x_pt", decimals: 3, "the left view's centre x in this frame, points"),
        .number("right_x_pt", decimals: 3, "the right view's centre x, points (both views' y is the canvas middle)"),
        .text("phase", "idle, approaching or rebounding"),
        .text("haptic_style", "the impact played on this frame (light, medium, heavy, soft, rigid); empty on other frames"),
        .number("haptic_intensity", decimals: 2, "its intensity, 0–1"),
        .number("haptics", decimals: 0, "impacts played so far"),
    ]

    /// The frame's view positions and phase, and the impact when this frame played one.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.add(left.center.x)
        rows.add(right.center.x)
        switch phase {
        case .idle: rows.add("idle")
        case .approaching: rows.add("approaching")
        case .rebounding: rows.add("rebounding")
        }
        let played = haptics.events.last.flatMap { $0.frame == frames - 1 ? $0 : nil }
        rows.add(played?.style.rawValue)
        rows.add(played?.intensity)
        rows.add(haptics.events.count)
        rows.endRow()
    }

    /// The two views' centres' x and the haptic count, e.g. `left 60.00 right 315.00 haptics 0`.
    public func describeState() -> String {
        "left \(FixedDecimal.format(left.center.x, decimals: 2)) right \(FixedDecimal.format(right.center.x, decimals: 2))"
            + " haptics \(haptics.events.count)"
    }

    /// Where the views' centres are at `time`, before any contact check: approaching views at
    /// constant speed (never past touching), rebounding views on their curve, idle views where the
    /// last frame left them.
    private func shownX(at time: Double) -> (Double, Double) {
        switch phase {
        case .idle:
            return (left.center.x, right.center.x)
        case let .approaching(start, leftX, rightX, style):
            let half = min(Self.closingSpeed(for: style) * max(0, time - start), rightX - leftX - Self.viewSize) / 2
            return (leftX + half, rightX - half)
        case let .rebounding(leftMove, rightMove):
            return (leftMove.position(at: time).x, rightMove.position(at: time).x)
        }
    }
}
