import MotionFilters
import Testing

@Suite struct WorldMagneticModelTests {
    let model = WorldMagneticModel.wmm2025

    func field(at point: WMM2025TestValues.Point) -> MagneticElements {
        model.field(latitude: point.latitude, longitude: point.longitude, altitude: point.altitudeKilometres * 1000, year: point.year)
    }

    @Test func readsTheEmbeddedCoefficients() {
        #expect(model.name == "WMM-2025" && model.epoch == 2025 && model.degree == 12)
        #expect(model.validity == 2025...2030)
    }

    /// Every NOAA test point: declination and inclination within 0.01°; X, Y and Z within NOAA's
    /// rounding (0.05 nT for the 0.1-nT values) plus 0.05 nT, and within 0.001 nT of the point given
    /// to 1e-6 nT.
    @Test(arguments: WMM2025TestValues.points.indices)
    func matchesNOAATestValues(row: Int) {
        let point = WMM2025TestValues.points[row]
        let computed = field(at: point)
        let expected = MagneticElements(north: point.north, east: point.east, down: point.down)
        let nanotesla = point.componentDecimals == 1 ? 0.1 : 0.001
        #expect(abs(computed.north - point.north) <= nanotesla, "X \(computed.north) vs \(point.north)")
        #expect(abs(computed.east - point.east) <= nanotesla, "Y \(computed.east) vs \(point.east)")
        #expect(abs(computed.down - point.down) <= nanotesla, "Z \(computed.down) vs \(point.down)")
        // NOAA's declinations are rounded to 0.01°, so half of that is rounding.
        #expect(abs(computed.declination - point.declination) <= 0.01 + 0.005, "D \(computed.declination) vs \(point.declination)")
        #expect(abs(computed.inclination - expected.inclination) <= 0.01, "I \(computed.inclination) vs \(expected.inclination)")
    }

    /// The east component is carried without dividing by cos φ′, so it stays finite at the poles and
    /// continuous approaching them.
    @Test(arguments: [90.0, -90.0])
    func finiteAndContinuousAtThePoles(latitude: Double) {
        let pole = model.field(latitude: latitude, longitude: 30, altitude: 0, year: 2026)
        let near = model.field(latitude: latitude * (1 - 1e-9), longitude: 30, altitude: 0, year: 2026)
        for (a, b) in [(pole.north, near.north), (pole.east, near.east), (pole.down, near.down)] {
            #expect(a.isFinite && abs(a - b) < 0.01)
        }
    }

    @Test func decimalYearCountsDaysBeforeTheDate() {
        #expect(WorldMagneticModel.decimalYear(year: 2025, month: 1, day: 1) == 2025)
        #expect(WorldMagneticModel.decimalYear(year: 2025, month: 7, day: 2) == 2025 + 182.0 / 365)
        #expect(WorldMagneticModel.decimalYear(year: 2028, month: 12, day: 31) == 2028 + 365.0 / 366)
    }

    @Test func rejectsBadCoefficientFiles() {
        #expect(throws: WorldMagneticModel.CoefficientError.badHeader) { try WorldMagneticModel(coefficients: "") }
        #expect(throws: WorldMagneticModel.CoefficientError.badLine(2)) {
            try WorldMagneticModel(coefficients: "2025.0 X 1/1/2025\n 1 2 0 0 0 0\n")
        }
        #expect(throws: WorldMagneticModel.CoefficientError.incomplete) {
            try WorldMagneticModel(coefficients: "2025.0 X 1/1/2025\n 1 0 1 0 0 0\n 2 0 1 0 0 0\n9999\n")
        }
    }
}
