import MotionMath

/// What really happened at one instant, when a source knows it: a virtual device's trajectory, or a
/// recording's optical motion capture or step-counting foot pads. Unknown parts are nil.
///
/// Attitude follows Core Motion's `xTrueNorthZVertical` reference frame: x points to true north,
/// y to the west, z up (a right-handed North-West-Up frame); the quaternion rotates device-frame
/// vectors into that frame.
public struct GroundTruth: Hashable, Sendable {
    /// Seconds on the source's clock, as the sensor samples it goes with.
    public var time: Double
    /// Device-to-reference rotation (North-West-Up).
    public var attitude: Quaternion?
    /// Where the top of the device (+y) points, degrees clockwise from magnetic north, 0 ..< 360.
    public var magneticHeading: Double?
    /// The same from true north.
    public var trueHeading: Double?
    /// Metres above the start of the run.
    public var altitude: Double?
    /// Steps taken since the start of the run.
    public var steps: Int?
    /// What the person carrying the device is doing.
    public var activity: Activity?

    /// Creates a truth sample; every part but the time is optional.
    public init(
        time: Double, attitude: Quaternion? = nil, magneticHeading: Double? = nil, trueHeading: Double? = nil,
        altitude: Double? = nil, steps: Int? = nil, activity: Activity? = nil
    ) {
        self.time = time
        self.attitude = attitude
        self.magneticHeading = magneticHeading
        self.trueHeading = trueHeading
        self.altitude = altitude
        self.steps = steps
        self.activity = activity
    }
}

/// `CMMotionActivity`'s classes.
public enum Activity: String, CaseIterable, Hashable, Sendable, Codable {
    case stationary, walking, running, cycling, automotive, unknown
}
