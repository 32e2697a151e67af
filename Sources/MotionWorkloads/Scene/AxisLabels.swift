import MotionMath

/// Three labels showing a vector's x, y and z, as the tour app's sensor screens do.
public struct AxisLabels: Hashable, Sendable {
    /// The x component's label.
    public private(set) var x: Label
    /// The y component's label.
    public private(set) var y: Label
    /// The z component's label.
    public private(set) var z: Label

    /// Creates labels reading `x: `, `y: `, `z: ` followed by the number and `suffix` (e.g. ` rad/s`).
    public init(decimals: Int, suffix: String) {
        x = Label(prefix: "x: ", decimals: decimals, suffix: suffix)
        y = Label(prefix: "y: ", decimals: decimals, suffix: suffix)
        z = Label(prefix: "z: ", decimals: decimals, suffix: suffix)
    }

    /// Shows a new vector.
    public mutating func show(_ vector: Vector3) {
        x.value = vector.x
        y.value = vector.y
        z.value = vector.z
    }

    /// The vector shown, if any.
    public var value: Vector3? {
        guard let x = x.value, let y = y.value, let z = z.value else { return nil }
        return Vector3(x, y, z)
    }

    /// The three texts, joined by ` | `.
    public var text: String { [x.text, y.text, z.text].joined(separator: " | ") }
}
