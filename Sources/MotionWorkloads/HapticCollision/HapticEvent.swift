/// One haptic impact the screen played: when, which style, how strong.
public struct HapticEvent: Hashable, Sendable {
    /// The time of the frame on which the views met, in seconds.
    public var time: Double
    /// The button's style.
    public var style: ImpactStyle
    /// Strength, 0 … 1.
    public var intensity: Double
    /// The index of that frame among the frames rendered (0 for the first).
    public var frame: Int

    /// Creates an event.
    public init(time: Double, style: ImpactStyle, intensity: Double, frame: Int) {
        self.time = time
        self.style = style
        self.intensity = intensity
        self.frame = frame
    }
}
