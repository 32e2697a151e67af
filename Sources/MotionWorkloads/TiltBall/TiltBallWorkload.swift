import MotionFilters
import MotionMath
import MotionSensors

/// The tilt-the-ball exercise: a 100 × 100 object rolls the way the screen is
/// tilted inside four coloured walls.
///
/// - A timer at the display rate moves it: velocity grows by the accelerometer's (x, −y) in g
///   times `pointsPerG` (1000 points/s² per g, `UIGravityBehavior`'s scale, so it rolls like a
///   UIKit Dynamics item with no friction) times the frame interval, and the position by the
///   velocity times the interval (semi-implicit Euler). The first frame only shows the start.
/// - It never crosses a wall: it is stopped at the wall's inner face (`wallThickness` points
///   wide), its speed into the wall dropped to 0.
/// - Touching a wall it did not touch the frame before gives it that wall's colour (`TiltWall`).
/// - A double tap anywhere toggles circle and square; a drag anywhere moves it by the finger's
///   travel, held still against tilt until the finger lifts (the exercise's recognizers sit on the
///   whole screen). A shake (`ShakeDetector` on the raw accelerometer) draws a seeded random
///   background colour.
/// - The background follows relative altitude from the barometer as the barometer screen's gray
///   does (`AltitudeShade`): the colour is lightened toward white or darkened toward black as that
///   gray would be (`RGBColor.shaded`). It starts mid-gray, so before a shake it is that gray.
public final class TiltBallWorkload: Workload {
    /// Accelerometer and barometer at 60 Hz, raw, animated at 60 frames a second; shakes reported as events.
    public static let descriptor = WorkloadDescriptor(
        name: "tilt-ball",
        summary: "a ball rolls with tilt inside four coloured walls; double tap, drag, shake; altitude gray",
        sensors: [.accelerometer, .barometer], defaultRates: [60],
        filters: ["raw"], defaultFilters: ["raw"],
        displayRate: 60, events: [.shake])

    /// The object's side (or diameter), in points.
    public static let objectSize = 100.0
    /// How thick each wall is, in points.
    public static let wallThickness = 20.0
    /// The ball's acceleration per g of tilt, points/s²: the "factor" of the exercise.
    public static let pointsPerG = 1000.0

    /// How the workload was set up.
    public let configuration: WorkloadConfiguration
    /// The object's centre, in points.
    public private(set) var position: Vector2
    /// The object's velocity, points per second.
    public private(set) var velocity = Vector2.zero
    /// Whether it is drawn as a circle (else a square).
    public private(set) var isCircle = false
    /// Its colour: red at the start, then the last wall's it touched.
    public private(set) var color = RGBColor.red
    /// The colour the last shake chose, before altitude shading; mid-gray before any shake.
    public private(set) var backgroundBase = RGBColor.gray
    /// Relative altitude since the first barometer sample, in metres.
    public private(set) var relativeAltitude = 0.0
    /// Shakes recognized, with the time of the last.
    public private(set) var shakes = EventTally<Double>()
    /// Times it came to touch a wall.
    public private(set) var wallTouches = 0
    /// Double taps that toggled its shape.
    public private(set) var shapeToggles = 0
    /// Samples handled, of both sensors.
    public private(set) var samples = 0
    /// Frames rendered.
    public private(set) var frames = 0

    private var acceleration = Vector3.zero
    private var shakeDetector: ShakeDetector
    private var random: SplitMix64
    private var detected: EventLog
    private var referencePressure: Double?
    private var lastFrame: Double?
    private var drag: (start: Double, duration: Double, from: Vector2, translation: Vector2)?
    /// The walls touched in the last frame, one bit per `TiltWall.rawValue`.
    private var touchingMask = 0

    /// Creates the screen with the object red, square, at rest at the centre; throws for a filter
    /// other than `raw` or a rate that is not positive.
    public init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        self.configuration = configuration
        position = Vector2(configuration.canvasWidth / 2, configuration.canvasHeight / 2)
        shakeDetector = ShakeDetector(sampleRate: configuration.rate)
        random = SplitMix64(seed: configuration.seed)
        detected = EventLog(for: configuration)
    }

    /// The background: the shake colour shaded by altitude.
    public var background: RGBColor {
        backgroundBase.shaded(toward: AltitudeShade.brightness(relativeAltitude: relativeAltitude))
    }

    /// The walls it touched in the last frame, in `TiltWall` order.
    public var touchingWalls: [TiltWall] {
        TiltWall.allCases.filter { touchingMask & (1 << $0.rawValue) != 0 }
    }

    /// The farthest the centre goes from the canvas edges: a wall and half the object.
    public var reach: Double { Self.wallThickness + Self.objectSize / 2 }

    /// Keeps the tilt and watches for a shake (accelerometer), or follows altitude (barometer).
    public func handle(_ sample: SensorSample) {
        let sample = sample.saturated
        samples += 1
        switch sample.sensor {
        case .accelerometer:
            acceleration = sample.value
            if shakeDetector.update(sample.value, at: sample.time) {
                backgroundBase = .random(using: &random)
                shakes.record(sample.time)
                detected.record(EventKind.shake.label, at: sample.time)
            }
        case .barometer:
            let reference = referencePressure ?? sample.value.x
            referencePressure = reference
            relativeAltitude = StandardAtmosphere.relativeAltitude(atPressure: sample.value.x, reference: reference)
        case .gyroscope, .magnetometer:
            return
        }
    }

    /// Each shake recognized, on the sample that completed it, when the run keeps them.
    public var detectedEvents: [LabelledEvent] { detected.events }

    /// A double tap toggles the shape; a drag takes hold of the object.
    public func handle(_ touch: TouchEvent) {
        switch touch.gesture {
        case .doubleTap:
            isCircle.toggle()
            shapeToggles += 1
        case let .drag(from, to, duration):
            drag = (touch.time, duration, position, to - from)
            velocity = .zero
        case .tap, .press, .pinch, .rotation:
            return
        }
    }

    /// Moves the object by the tilt (or the finger) over the interval since the last frame, stops it
    /// at the walls and colours it by the wall it comes to touch.
    public func renderFrame(at time: Double) {
        frames += 1
        let dt = lastFrame.map { time - $0 } ?? 0
        lastFrame = time
        if let held = drag {
            let progress = held.duration > 0 ? min(1, max(0, (time - held.start) / held.duration)) : 1
            position = held.from + held.translation * progress
            velocity = .zero
            if progress >= 1 { drag = nil }
        } else {
            velocity = velocity + Vector2(acceleration.x, -acceleration.y) * (Self.pointsPerG * dt)
            position = position + velocity * dt
        }
        confine()
    }

    /// `frames`, `samples`, `shakes`, `wall_touches`, `shape_toggles`, `position_x`, `position_y`
    /// (points), `is_circle` (0 or 1), `relative_altitude` (m), `background_brightness` (0 … 1).
    public var outputSummary: [String: Double] {
        [
            "frames": Double(frames), "samples": Double(samples), "shakes": Double(shakes.count),
            "wall_touches": Double(wallTouches), "shape_toggles": Double(shapeToggles),
            "position_x": position.x, "position_y": position.y, "is_circle": isCircle ? 1 : 0,
            "relative_altitude": relativeAltitude,
            "background_brightness": AltitudeShade.brightness(relativeAltitude: relativeAltitude),
        ]
    }

    /// The object in the frame, the walls it touches, the background and the events so far.
    public static let outputColumns: [OutputColumn] = [
        .number("x_pt", decimals: 3, "the object's centre x in this frame, points (origin top-left)"),
        .number("y_pt", decimals: 3, "its centre y, points (y down)"),
        .number("vx_pt_s", decimals: 3, "its velocity x, points/s"),
        .number("vy_pt_s", decimals: 3, "its velocity y, points/s"),
        .text("shape", "circle or square"),
        .text("color", "its colour, #RRGGBB (red, then the last wall's touched)"),
        .text("walls", "the walls it touches in this frame (left, right, top, bottom joined by +); empty for none"),
        .text("background", "background, #RRGGBB: the last shake's colour shaded by altitude"),
        .number("relative_altitude_m", decimals: 4, "relative altitude since the first barometer sample, m"),
        .number("wall_touches", decimals: 0, "times it came to touch a wall so far"),
        .number("shakes", decimals: 0, "shakes so far"),
        .number("shape_toggles", decimals: 0, "double taps that toggled its shape so far"),
    ]

    /// The object, the walls, the background and the counts in this frame.
    public func writeOutputs(into rows: inout OutputRows) {
        rows.add(position)
        rows.add(velocity)
        rows.add(isCircle ? "circle" : "square")
        rows.add(color)
        rows.add(touchingWalls.map { "\($0)" }.joined(separator: "+"))
        rows.add(background)
        rows.add(relativeAltitude)
        rows.add(wallTouches)
        rows.add(shakes.count)
        rows.add(shapeToggles)
        rows.endRow()
    }

    /// The object and the background, e.g.
    /// `square (187.50, 333.50) #FF0000 walls - background #808080 altitude 0.00 m`.
    public func describeState() -> String {
        let center = "(\(FixedDecimal.format(position.x, decimals: 2)), \(FixedDecimal.format(position.y, decimals: 2)))"
        let walls = touchingWalls.isEmpty ? "-" : touchingWalls.map { "\($0)" }.joined(separator: ",")
        return "\(isCircle ? "circle" : "square") \(center) \(color.hex) walls \(walls) background \(background.hex)"
            + " altitude \(FixedDecimal.format(relativeAltitude, decimals: 2)) m"
    }

    /// Stops the object at the walls and takes the colour of a wall it has just come to touch.
    private func confine() {
        let reach = reach
        let maxX = configuration.canvasWidth - reach, maxY = configuration.canvasHeight - reach
        var mask = 0
        if position.x <= reach {
            position.x = reach
            velocity.x = max(0, velocity.x)
            mask |= 1 << TiltWall.left.rawValue
        }
        if position.x >= maxX {
            position.x = maxX
            velocity.x = min(0, velocity.x)
            mask |= 1 << TiltWall.right.rawValue
        }
        if position.y <= reach {
            position.y = reach
            velocity.y = max(0, velocity.y)
            mask |= 1 << TiltWall.top.rawValue
        }
        if position.y >= maxY {
            position.y = maxY
            velocity.y = min(0, velocity.y)
            mask |= 1 << TiltWall.bottom.rawValue
        }
        let newlyTouched = mask & ~touchingMask
        touchingMask = mask
        for wall in TiltWall.allCases where newlyTouched & (1 << wall.rawValue) != 0 {
            color = wall.color
            wallTouches += 1
        }
    }
}
