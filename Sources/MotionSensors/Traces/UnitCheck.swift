/// Spots streams whose values look like the wrong unit, after import, and says which unit they
/// probably are: a warning, not an error, because odd recordings exist. Values no unit mistake
/// within `SensorKind.acceptedRange` explains were refused before this runs.
///
/// Medians, not means, so a shake or a magnet passing by does not trip them. The bands are wide:
/// they catch a factor of 9.8, 57 or 10, not a miscalibration.
enum UnitCheck {
    /// The warnings for `trace`, read from `path`.
    static func warnings(for trace: Trace, path: String) -> [TraceWarning] {
        var warnings: [TraceWarning] = []
        func warn(_ sensor: String, _ what: String, _ value: Double, _ expected: String, _ unit: String) {
            let figure = (value * 1000).rounded() / 1000
            warnings.append(
                TraceWarning(
                    path: path, line: 0,
                    reason: "\(sensor): \(what) is \(figure), expected \(expected): the values look like \(unit)",
                    probableUnit: unit
                ))
        }
        if let a = medianLength(trace[.accelerometer]) {
            if a > 5, a < 15 { warn("accelerometer", "the median |a|", a, "about 1 g", "m/s²") }
            if a > 500, a < 1500 { warn("accelerometer", "the median |a|", a, "about 1 g", "mg") }
        }
        if let largest = trace[.gyroscope].lazy.map(\.value.length).max(), largest > 40 {
            // No phone gyroscope reads beyond ±2000 °/s ≈ 35 rad/s.
            warn("gyroscope", "the largest |ω|", largest, "at most 35 rad/s", "°/s")
        }
        for (name, samples) in [("magnetometer", trace[.magnetometer]), ("magnetometer-calibrated", trace.calibratedMagnetometer)] {
            guard let m = medianLength(samples) else { continue }
            if m < 2 { warn(name, "the median |m|", m, "20–1000 µT", "gauss (1 G = 100 µT)") }
            if m > 5000 { warn(name, "the median |m|", m, "20–1000 µT", "nT") }
        }
        // Pressure in Pa (about 101,000) is past `SensorKind.acceptedRange`, refused at import.
        if let p = median(trace[.barometer].map(\.value.x)), p > 200, p < 1200 {
            warn("barometer", "the median pressure", p, "about 101 kPa", "hPa (mbar)")
        }
        return warnings
    }

    private static func medianLength(_ samples: [SensorSample]) -> Double? {
        median(samples.map(\.value.length))
    }

    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
