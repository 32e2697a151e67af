import MotionMath

/// One scripted gesture on the screen, for the workloads that take touch input (buttons pressed, a
/// tap adding a shape, a drag moving the ball).
///
/// Points are UIKit's: origin at the top-left of the default 375 × 667 canvas, y down.
public struct TouchEvent: Hashable, Sendable {
    /// What the finger (or two) does.
    public enum Gesture: Hashable, Sendable {
        /// One tap at a point.
        case tap(Vector2)
        /// Two taps in quick succession at a point, recognized as one double tap.
        case doubleTap(Vector2)
        /// A finger put down at `from`, moved steadily to `to` over `duration` seconds, lifted.
        case drag(from: Vector2, to: Vector2, duration: Double)
        /// A tap on the button whose identifier is `button` (for the haptic screen: `light`,
        /// `medium`, `heavy`, `soft`, `rigid`), at `at`.
        case press(button: String, at: Vector2)
        /// Two fingers around `center` spreading (`scale` > 1) or closing steadily over `duration`
        /// seconds, as `UIPinchGestureRecognizer.scale` reports at the end.
        case pinch(center: Vector2, scale: Double, duration: Double)
        /// Two fingers around `center` turning by `angle` radians (positive clockwise on screen, as
        /// `UIRotationGestureRecognizer`) over `duration` seconds.
        case rotation(center: Vector2, angle: Double, duration: Double)
    }

    /// The default canvas, in points: an iPhone 8 in portrait.
    public static let canvas = Vector2(375, 667)

    /// When the gesture starts, in seconds since the scenario's start.
    public var time: Double
    /// The gesture.
    public var gesture: Gesture

    /// Creates the event.
    public init(time: Double, _ gesture: Gesture) {
        self.time = time
        self.gesture = gesture
    }

    /// Where the gesture starts on the screen (a two-finger gesture's centre).
    public var point: Vector2 {
        switch gesture {
        case let .tap(point), let .doubleTap(point), let .press(_, point): point
        case let .drag(from, _, _): from
        case let .pinch(center, _, _), let .rotation(center, _, _): center
        }
    }

    /// How long the gesture lasts, in seconds: 0 for taps and presses.
    public var duration: Double {
        switch gesture {
        case .tap, .doubleTap, .press: 0
        case let .drag(_, _, duration), let .pinch(_, _, duration), let .rotation(_, _, duration): duration
        }
    }

    /// The gesture's event label: `tap`, `double-tap`, `press`, `drag`, `pinch` or `rotation`.
    public var label: String {
        switch gesture {
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .press: "press"
        case .drag: "drag"
        case .pinch: "pinch"
        case .rotation: "rotation"
        }
    }
}
