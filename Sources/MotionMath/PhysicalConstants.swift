/// Constants of physics the project's units rest on.
public enum PhysicalConstants {
    /// Standard gravity, in m/s²: what 1 g means in Core Motion's accelerometer readings.
    public static let standardGravity = 9.80665
}
