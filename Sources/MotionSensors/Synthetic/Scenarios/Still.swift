import MotionMath

extension Scenario {
    /// Flat on a table, screen up, never moved, for 60 s; meanwhile a finger presses the haptic
    /// screen's five buttons (light, medium, heavy, soft, rigid, left to right along the bottom) in
    /// turn, a round every 10 s.
    public static let still = Scenario(
        name: "still", summary: "flat on a table, screen up, not moved; the five haptic buttons pressed in turn",
        duration: 60, orientation: .flat,
        touches: (0..<5).flatMap { round in
            ["light", "medium", "heavy", "soft", "rigid"].enumerated().map { index, button in
                TouchEvent(
                    time: 1 + 10 * Double(round) + 1.5 * Double(index),
                    .press(button: button, at: Vector2(37.5 + 75 * Double(index), 600)))
            }
        })
}
