/// The four walls lining the tilt-ball canvas, each its own colour, in the order they are checked
/// when the ball touches two at once (a corner): the later one gives its colour.
public enum TiltWall: Int, CaseIterable, Hashable, Sendable {
    /// Along the left edge: purple.
    case left
    /// Along the top edge: blue.
    case top
    /// Along the right edge: green.
    case right
    /// Along the bottom edge: yellow.
    case bottom

    /// The wall's colour, which the ball takes on touching it.
    public var color: RGBColor {
        switch self {
        case .left: .purple
        case .top: .blue
        case .right: .green
        case .bottom: .yellow
        }
    }
}
