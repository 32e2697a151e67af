/// Percentiles by linear interpolation between closest ranks (NumPy's default, Excel's PERCENTILE.INC),
/// so small samples give values between observations rather than jumping from one to the next.
public enum Percentile {
    /// The `fraction` (0…1) percentile of values already sorted ascending.
    public static func of(sorted values: [Double], _ fraction: Double) -> Double {
        precondition(!values.isEmpty && (0...1).contains(fraction))
        let position = fraction * Double(values.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, values.count - 1)
        let weight = position - Double(lower)
        return values[lower] + (values[upper] - values[lower]) * weight
    }
}
