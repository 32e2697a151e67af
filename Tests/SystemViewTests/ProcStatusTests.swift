import Testing

@testable import SystemView

@Suite struct ProcStatusTests {
    private func parse(_ fixture: String) throws -> ProcStatus {
        try Fixture.bytes(fixture).withUnsafeBytes { try ProcStatus(parsing: $0) }
    }

    @Test func residentAndPeakInBytes() throws {
        let status = try parse("self-status")
        #expect(status.residentBytes == 1472 * 1024)
        #expect(status.peakResidentBytes == 9284 * 1024)
    }

    @Test(arguments: [
        ("kthread-status-no-memory", "no VmRSS line"),
        ("malformed-status-bad-vmrss", "VmRSS is not a number"),
        ("malformed-status-wrong-unit", "VmHWM is not in kB"),
        ("malformed-empty", "no VmRSS line"),
    ])
    func malformedStatusThrows(_ fixture: String, _ reason: String) throws {
        #expect(throws: ProcessProbeError.malformed(file: "status", reason: reason)) {
            _ = try parse(fixture)
        }
    }
}
