/// The background gray that follows relative altitude (the barometer screen, the tilt-ball's extra
/// credit): lower is lighter, higher is darker.
///
/// Linear in altitude: mid-gray (50 %) where the stream started, white at `range` metres below it,
/// black at `range` above, saturating beyond. Starting mid-way leaves room for both directions; a
/// white start could not get lighter going down. Ten metres is about three floors, so a flight of
/// stairs or a lift ride shows plainly and the walk up a building's floors saturates.
public enum AltitudeShade {
    /// How far up or down, in metres, the shade reaches black or white.
    public static let range = 10.0

    /// The brightness (0 black … 1 white) for `relativeAltitude` metres.
    public static func brightness(relativeAltitude: Double) -> Double {
        min(1, max(0, 0.5 - relativeAltitude / (2 * range)))
    }

    /// The gray for `relativeAltitude` metres.
    public static func color(relativeAltitude: Double) -> RGBColor {
        let level = brightness(relativeAltitude: relativeAltitude)
        return RGBColor(red: level, green: level, blue: level)
    }
}
