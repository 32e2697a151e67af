/// One self-test check: a figure the probe measured against what a calibrated load makes true.
public struct SelfTestCheck: Sendable, Codable, Hashable, CustomStringConvertible {
    /// What the measured figure must be to pass.
    public enum Expectation: Sendable, Codable, Hashable, CustomStringConvertible {
        /// Within `tolerance` of a value, either side.
        case near(Double, tolerance: Double)
        /// No more than a limit.
        case atMost(Double)

        /// Whether `value` meets the expectation.
        public func isMet(by value: Double) -> Bool {
            switch self {
            case let .near(expected, tolerance): return abs(value - expected) <= tolerance
            case let .atMost(limit): return value <= limit
            }
        }

        /// "25 ± 2", or "≤ 1000".
        public var description: String {
            switch self {
            case let .near(expected, tolerance): return "\(SelfTestCheck.format(expected)) ± \(SelfTestCheck.format(tolerance))"
            case let .atMost(limit): return "≤ \(SelfTestCheck.format(limit))"
            }
        }
    }

    /// How the check ended.
    public enum Outcome: String, Sendable, Codable, Hashable {
        /// The measured figure met the expectation.
        case passed
        /// It did not, or nothing could be measured.
        case failed
        /// The platform cannot give the figure (for example a resettable peak on Apple platforms).
        case skipped
    }

    /// What is checked, e.g. "CPU of mb-load-25".
    public var name: String
    /// The unit of `expected` and `measured`, e.g. "%", "MiB", "µs".
    public var unit: String
    /// What the figure must be.
    public var expected: Expectation
    /// What the probe read; nil when it could not read it.
    public var measured: Double?
    /// How the check ended.
    public var outcome: Outcome
    /// Context for a reader: how the truth was made, what went wrong.
    public var detail: String

    /// A check judged from `measured`: failed when nothing was measured.
    public init(name: String, unit: String, expected: Expectation, measured: Double?, detail: String = "") {
        self.name = name
        self.unit = unit
        self.expected = expected
        self.measured = measured
        self.outcome = measured.map { expected.isMet(by: $0) } == true ? .passed : .failed
        self.detail = detail
    }

    /// A check the platform cannot make; it neither passes nor fails the self-test.
    public static func skipped(name: String, unit: String, expected: Expectation, reason: String) -> SelfTestCheck {
        var check = SelfTestCheck(name: name, unit: unit, expected: expected, measured: nil, detail: reason)
        check.outcome = .skipped
        return check
    }

    /// One line: "PASS  CPU of mb-load-25: 25.1 % (expected 25 ± 2 %); detail".
    public var description: String {
        let label =
            switch outcome {
            case .passed: "PASS"
            case .failed: "FAIL"
            case .skipped: "SKIP"
            }
        let reading = measured.map { "\(Self.format($0)) \(unit)" } ?? "not measured"
        let note = detail.isEmpty ? "" : "; \(detail)"
        return "\(label)  \(name): \(reading) (expected \(expected) \(unit))\(note)"
    }

    /// Two decimals at most, trailing zeros dropped, so "25" and "25.13" read naturally.
    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        let integral = rounded == rounded.rounded() && abs(rounded) < 1e15
        return integral ? String(Int(rounded)) : String(rounded)
    }
}
