import MotionMath

/// An opaque colour with red, green and blue in 0...1, as `UIColor(red:green:blue:alpha: 1)`.
public struct RGBColor: Hashable, Sendable {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double

    /// Creates a colour.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `UIColor.white`, a view's default background.
    public static let white = RGBColor(red: 1, green: 1, blue: 1)
    /// `UIColor.green`.
    public static let green = RGBColor(red: 0, green: 1, blue: 0)

    /// A colour with each channel uniform in 0...1, as the exercises' `CGFloat.random(in: 0...1)`.
    public static func random(using generator: inout SplitMix64) -> RGBColor {
        RGBColor(red: generator.nextUnit(), green: generator.nextUnit(), blue: generator.nextUnit())
    }

    /// `#RRGGBB`, each channel rounded to 8 bits.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        return [red, green, blue].reduce(into: "#") { text, channel in
            let byte = Int((max(0, min(1, channel)) * 255).rounded())
            text.append(digits[byte / 16])
            text.append(digits[byte % 16])
        }
    }
}
