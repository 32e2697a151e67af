/// One column of the per-sample (or per-frame) outputs a workload emits when a run emits its outputs: its name,
/// its unit and how it is written, so the emitted CSV's header and the documentation say the same.
public struct OutputColumn: Sendable, Equatable {
    /// The CSV column name, lower_snake_case ending in its unit where it has one, e.g. `pressure_kpa`.
    public var name: String
    /// Decimals a number is written with; nil for a text column (a label, a colour, an activity).
    public var decimals: Int?
    /// What it holds, with its unit and frame, for the documentation.
    public var meaning: String

    /// A number column written with `decimals` decimals.
    public static func number(_ name: String, decimals: Int, _ meaning: String) -> OutputColumn {
        OutputColumn(name: name, decimals: decimals, meaning: meaning)
    }

    /// A text column.
    public static func text(_ name: String, _ meaning: String) -> OutputColumn {
        OutputColumn(name: name, decimals: nil, meaning: meaning)
    }
}
