/// NOAA's published WMM2025 test values, verbatim from NOAA's WMM2025_test_values.csv:
/// the twelve points of WMM2025testvalues.pdf (two dates, two altitudes, three positions; X, Y, Z to
/// 0.1 nT, declination to 0.01°) and one point of NOAA's 100-point test file (to 1e-6 nT).
/// Public domain (US government work). Kept as Swift source so the test needs no resource bundle.
enum WMM2025TestValues {
    /// One test point: where, when, and what the model must give there.
    struct Point {
        var year: Double
        var altitudeKilometres: Double
        var latitude: Double
        var longitude: Double
        var north: Double
        var east: Double
        var down: Double
        var declination: Double
        /// The decimals the components are given to, which bound how closely they can be matched.
        var componentDecimals: Int
    }

    /// The CSV as published.
    static let csv = """
        decimal_year,altitude_km,latitude_deg,longitude_deg,x_nT,y_nT,z_nT,declination_deg
        2025.0,0,80,0,6521.6,145.9,54791.5,1.28
        2025.0,0,0,120,39677.8,-109.6,-10580.2,-0.16
        2025.0,0,-80,240,6117.5,15751.9,-52022.5,68.78
        2025.0,100,80,0,6216.0,92.4,52598.8,0.85
        2025.0,100,0,120,37688.6,-96.2,-10152.1,-0.15
        2025.0,100,-80,240,5907.6,14780.3,-49540.7,68.21
        2027.5,0,80,0,6500.8,294.5,54869.4,2.59
        2027.5,0,0,120,39701.6,-167.4,-10381.8,-0.24
        2027.5,0,-80,240,6200.7,15730.3,-51783.7,68.49
        2027.5,100,80,0,6196.7,233.8,52670.5,2.16
        2027.5,100,0,120,37711.5,-148.7,-9969.8,-0.23
        2027.5,100,-80,240,5984.0,14760.1,-49317.7,67.93
        2025.0,65,43,93,24299.852822,210.517066,50037.923998,0.50
        """

    /// Every row of `csv`.
    static let points: [Point] = csv.split(separator: "\n").dropFirst().map { line in
        let fields = line.split(separator: ",")
        let numbers = fields.map { Double($0)! }
        let decimals = fields[4].split(separator: ".").last!.count
        return Point(
            year: numbers[0], altitudeKilometres: numbers[1], latitude: numbers[2], longitude: numbers[3],
            north: numbers[4], east: numbers[5], down: numbers[6], declination: numbers[7], componentDecimals: decimals)
    }
}
