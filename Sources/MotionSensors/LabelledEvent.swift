/// Something that happened at an instant (a tap, a step, a shake recognized) or over a stretch of time
/// (face down from … to …), named by a label: what a source knows happened, and what a workload
/// detected. `GroundTruth` is to an estimate what this is to a detection: one shape for both sides.
public struct LabelledEvent: Hashable, Sendable, Codable {
    /// What happened, lower-case words joined by hyphens (`shake`, `step`, `face-down`).
    public var label: String
    /// When it happened or began, in seconds on the source's clock (a detection: the time of the
    /// sample it came from).
    public var time: Double
    /// When a state ended, in seconds; nil for an instant, and for a detected state still on when
    /// the replay ended.
    public var end: Double?

    /// An instant at `time`, or a state from `time` to `end`.
    public init(_ label: String, at time: Double, until end: Double? = nil) {
        self.label = label
        self.time = time
        self.end = end
    }

    /// When it ended: `end`, or `time` for an instant.
    public var endOrTime: Double { end ?? time }

    /// Whether `label` is usable as a label: lower-case ASCII letters and digits in words joined by
    /// single hyphens, as workload and filter names are, so it sits in a CSV field and a file name as is.
    public static func isValidLabel(_ label: some StringProtocol) -> Bool {
        let words = label.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return !label.isEmpty
            && words.allSatisfy { word in
                !word.isEmpty
                    && word.allSatisfy {
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    }
            }
    }
}
