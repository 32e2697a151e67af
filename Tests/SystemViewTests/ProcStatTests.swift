import Testing

@testable import SystemView

@Suite struct ProcStatTests {
    private func parse(_ fixture: String) throws -> ProcStat {
        try Fixture.bytes(fixture).withUnsafeBytes { try ProcStat(parsing: $0) }
    }

    @Test func commandWithSpacesAndParenthesesIsWhole() throws {
        let stat = try parse("self-stat-odd-comm")
        #expect(stat.command == "mb) odd (name")
        #expect(stat.userTicks == 42)
        #expect(stat.systemTicks == 1)
    }

    @Test func threadStatFiles() throws {
        let busy = try parse("task-stat-busy")
        #expect((busy.command, busy.userTicks, busy.systemTicks) == ("mb-load-50", 41, 0))
        let sleeper = try parse("task-stat-sleeper")
        #expect((sleeper.command, sleeper.userTicks, sleeper.systemTicks) == ("mb-sampler", 0, 2))
    }

    @Test(arguments: [
        "malformed-stat-no-closing-paren", "malformed-stat-too-few-fields",
        "malformed-stat-non-numeric-utime", "malformed-empty",
    ])
    func malformedStatThrows(_ fixture: String) throws {
        #expect {
            _ = try parse(fixture)
        } throws: { error in
            guard case .malformed(file: "stat", _) = error as? ProcessProbeError else { return false }
            return true
        }
    }

    @Test func decimalScannerRejectsOverflowAndEmpty() {
        let cases: [(String, UInt64?)] = [
            ("0", 0), ("18446744073709551615", .max), ("18446744073709551616", nil), ("", nil), ("12a", nil),
        ]
        for (text, expected) in cases {
            let value = Array(text.utf8).withUnsafeBytes { ProcText.unsignedDecimal($0, 0..<$0.count) }
            #expect(value == expected, "\(text)")
        }
    }
}
