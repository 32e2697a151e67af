import MotionMath

/// The eight points of the compass, each covering the 45° centred on its direction: north from
/// 337.5° up to (not including) 22.5°, north-east from 22.5° up to 67.5°, and so on clockwise.
public enum CardinalDirection: String, CaseIterable, Hashable, Sendable {
    case north = "N", northEast = "NE", east = "E", southEast = "SE"
    case south = "S", southWest = "SW", west = "W", northWest = "NW"

    /// The direction a heading (degrees clockwise from north, any value) falls in.
    @inlinable public init(heading: Double) {
        let sector = Int((Angle.wrappedDegrees(heading) + 22.5) / 45) % 8
        self = Self.allCases[sector]
    }

    /// The direction's own heading, in degrees: 0 for north, 45 for north-east…
    public var heading: Double { Double(Self.allCases.firstIndex(of: self)!) * 45 }
}
