import Foundation

/// Number formatting shared by labels, CSV, Markdown and charts, so one value reads the same everywhere.
public enum Format {
    /// A rate without a needless fraction: 10 → "10", 12.5 → "12.5", a recording's 100.787162… → "100.787".
    public static func hertz(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.6g", value)
    }

    /// `value` with `decimals` digits after the point, or "" for a missing figure.
    public static func fixed(_ value: Double?, _ decimals: Int) -> String {
        guard let value, value.isFinite else { return "" }
        var text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-") && Double(text) == 0 { text.removeFirst() }
        return text
    }

    /// `value` with `digits` significant digits in plain decimal notation (0.0001793, 12.5, 1544), or
    /// "" for a missing figure: CPU shares of cheap workloads are tiny, and fixed decimals would round
    /// them to 0.
    public static func significant(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "" }
        guard value != 0 else { return "0" }
        let magnitude = Int(log10(abs(value)).rounded(.down))
        return fixed(value, min(12, max(0, digits - 1 - magnitude)))
    }
}
