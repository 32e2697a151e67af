/// The outcome of `SelfTest.run`: every check, in the order they ran.
public struct SelfTestReport: Sendable, Codable, Hashable {
    /// The checks, in the order they ran.
    public var checks: [SelfTestCheck]

    /// True when no check failed (skipped checks do not fail the self-test).
    public var passed: Bool { !checks.contains { $0.outcome == .failed } }

    /// Creates a report.
    public init(checks: [SelfTestCheck]) {
        self.checks = checks
    }
}
