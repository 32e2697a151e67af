/// Numbers as text with a fixed number of decimals, the same on every platform (no locale, no
/// `printf`), so labels and golden files compare as text.
public enum FixedDecimal {
    /// `value` rounded half away from zero to `decimals` places (0...9), e.g. `-9.81`; never `-0.00`.
    public static func format(_ value: Double, decimals: Int) -> String {
        precondition((0...9).contains(decimals), "decimals \(decimals) outside 0...9")
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded(.toNearestOrAwayFromZero)
        // Beyond 2^53 a Double has no fractional digits left to show.
        guard scaled < 0x1p53 else { return String(value) }
        let units = UInt64(scaled), divisor = UInt64(scale)
        var text = units != 0 && value < 0 ? "-" : ""
        text += String(units / divisor)
        if decimals > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}
