import MotionFilters
import MotionSensors
import Testing

@Suite struct EarthFieldAgreementTests {
    /// The virtual device's default field is the World Magnetic Model's at the heading workload's
    /// default place and date: otherwise a scenario's true heading and the workload's would differ by
    /// the difference in declination.
    @Test func virtualDevicesDefaultFieldIsTheModelsAtGrenoble2026() {
        let model = WorldMagneticModel.wmm2025.field(latitude: 45.1885, longitude: 5.7245, altitude: 212, year: 2026.0)
        let field = EarthField.grenoble2026
        #expect(abs(model.totalIntensity / 1000 - field.intensity) < 1e-6)
        #expect(abs(model.inclination - field.inclination) < 1e-5)
        #expect(abs(model.declination - field.declination) < 1e-5)
    }
}
