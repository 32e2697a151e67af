import Testing

@testable import MotionReports

@Suite struct FormatTests {
    @Test func significantDigitsKeepTinySharesReadable() {
        #expect(Format.significant(0.00017934, 3) == "0.000179")
        #expect(Format.significant(12.345, 3) == "12.3")
        #expect(Format.significant(1543.6, 3) == "1544")
        #expect(Format.significant(0, 3) == "0")
        #expect(Format.significant(nil, 3) == "")
        #expect(Format.significant(.nan, 3) == "")
    }

    @Test func fixedNeverPrintsMinusZeroAndRatesDropNeedlessFractions() {
        #expect(Format.fixed(-0.00001, 2) == "0.00")
        #expect(Format.fixed(nil, 2) == "")
        #expect(Format.hertz(10) == "10" && Format.hertz(12.5) == "12.5")
    }
}

@Suite struct RateFormatTests {
    @Test func ratesKeepSixSignificantDigits() {
        #expect(Format.hertz(100.78716241871258) == "100.787")
        #expect(Format.hertz(0.5) == "0.5")
        #expect(Format.hertz(1000) == "1000")
    }
}
