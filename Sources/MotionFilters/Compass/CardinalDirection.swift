import MotionMath

/// The eight points of the compass, each covering the 45° centred on its direction: north from
/// 337.5° up to (not including) 22.5°, north-east from 22.5° up to 67.5°, and so on clockwise.
public enum CardinalDirection: String, CaseIterable, Hashable, Sendable {
    /// N, around 0°.
    case north = "N"
    /// NE, around 45°.
    case northEast = "NE"
    /// E, around 90°.
    case east = "E"
    /// SE, around 135°.
    case southEast = "SE"
    /// S, around 180°.
    case south = "S"
    /// SW, around 225°.
    case southWest = "SW"
    /// W, around 270°.
    case west = "W"
    /// NW, around 315°.
    case northWest = "NW"

    /// The direction a heading (degrees clockwise from north, any value) falls in.
    @inlinable public init(heading: Double) {
        let sector = Int((Angle.wrappedDegrees(heading) + 22.5) / 45) % 8
        self = Self.allCases[sector]
    }

    /// The direction's own heading, in degrees: 0 for north, 45 for north-east…
    public var heading: Double { Double(Self.allCases.firstIndex(of: self)!) * 45 }
}
