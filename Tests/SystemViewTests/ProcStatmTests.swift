import Testing

@testable import SystemView

@Suite struct ProcStatmTests {
    private func parse(_ fixture: String) throws -> ProcStatm {
        try Fixture.bytes(fixture).withUnsafeBytes { try ProcStatm(parsing: $0) }
    }

    @Test func residentPagesAreTheSecondField() throws {
        #expect(try parse("self-statm").residentPages == 438)
    }

    @Test(arguments: ["malformed-statm-bad-resident", "malformed-statm-one-field", "malformed-empty"])
    func malformedStatmThrows(_ fixture: String) throws {
        #expect(throws: ProcessProbeError.malformed(file: "statm", reason: "no resident page count in the second field")) {
            _ = try parse(fixture)
        }
    }

    @Test func aResidentCountPast64BitsThrows() throws {
        let text = Array("100 18446744073709551616 3 1 0 5 0\n".utf8)
        #expect(throws: ProcessProbeError.self) { _ = try text.withUnsafeBytes { try ProcStatm(parsing: $0) } }
        #expect(try Array("100 18446744073709551615 3\n".utf8).withUnsafeBytes { try ProcStatm(parsing: $0) }.residentPages == .max)
    }
}
