extension RGBColor {
    /// `UIColor.red`.
    public static let red = RGBColor(red: 1, green: 0, blue: 0)
    /// `UIColor.blue`.
    public static let blue = RGBColor(red: 0, green: 0, blue: 1)
    /// `UIColor.yellow`.
    public static let yellow = RGBColor(red: 1, green: 1, blue: 0)
    /// `UIColor.purple`.
    public static let purple = RGBColor(red: 0.5, green: 0, blue: 0.5)
    /// `UIColor.gray`: 50 % white.
    public static let gray = RGBColor(red: 0.5, green: 0.5, blue: 0.5)

    /// The colour lightened toward white (`lightness` > 0.5) or darkened toward black (< 0.5) as
    /// a gray of that brightness would be: 0.5 leaves it as it is, 1 gives white, 0 black. Shading
    /// `gray` this way gives the gray of that brightness (to rounding).
    public func shaded(toward lightness: Double) -> RGBColor {
        let target = lightness >= 0.5 ? 1.0 : 0.0, share = min(1, abs(2 * lightness - 1))
        return RGBColor(
            red: red + (target - red) * share, green: green + (target - green) * share, blue: blue + (target - blue) * share)
    }
}
