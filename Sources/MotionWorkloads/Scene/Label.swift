/// A text label of the headless screen, holding its number rather than its text: the hot path stores
/// a `Double`, and `text` is built only when someone reads it.
public struct Label: Hashable, Sendable {
    /// Text before the number, e.g. `x: `.
    public let prefix: String
    /// Decimals shown.
    public let decimals: Int
    /// Text after the number, e.g. ` m/s²`.
    public let suffix: String
    /// The number shown; nil until the first update, when the label shows a dash.
    public var value: Double?

    /// Creates a label showing nothing yet.
    public init(prefix: String, decimals: Int, suffix: String) {
        self.prefix = prefix
        self.decimals = decimals
        self.suffix = suffix
    }

    /// What the label reads, e.g. `x: -9.81 m/s²`.
    public var text: String {
        guard let value else { return prefix + "—" }
        return prefix + FixedDecimal.format(value, decimals: decimals) + suffix
    }
}
