import Foundation

/// Number formatting shared by labels, CSV and Markdown, so one value reads the same everywhere.
public enum Format {
    /// A rate without a needless fraction: 10 → "10", 12.5 → "12.5".
    public static func hertz(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `value` with `decimals` digits after the point, or "" for a missing figure.
    public static func fixed(_ value: Double?, _ decimals: Int) -> String {
        guard let value, value.isFinite else { return "" }
        var text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-") && Double(text) == 0 { text.removeFirst() }
        return text
    }
}
