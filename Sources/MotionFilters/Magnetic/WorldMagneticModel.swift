import MotionMath

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The World Magnetic Model: the Earth's main field as a spherical-harmonic expansion of its
/// potential, with a linear secular variation in time (NOAA/BGS, WMM technical report 2025).
///
/// `field(latitude:longitude:altitude:year:)` converts the geodetic position to geocentric (WGS-84),
/// evaluates the Schmidt semi-normalized associated Legendre functions with the coefficients moved to
/// the date, and turns the result back into the local geodetic frame: X north, Y east, Z down, as
/// NOAA's reference software does.
///
/// The Legendre functions are computed column by column (order m outer, degree n inner) by the Gauss
/// recursion, holding only the two previous degrees: an evaluation allocates nothing and needs no
/// scratch arrays. Within a column the functions of order m ≥ 1 are carried divided by cos φ′ (they
/// all contain that factor), so the east component needs no division and stays finite at the poles,
/// where NOAA's software switches to a special summation.
public struct WorldMagneticModel: Sendable {
    /// Why a coefficient file could not be read.
    public enum CoefficientError: Error, Equatable {
        /// The first line is not `epoch model-name date`.
        case badHeader
        /// Line `line` (1-based) is not `n m g h ġ ḣ` with 1 ≤ n and 0 ≤ m ≤ n.
        case badLine(Int)
        /// Some (n, m) below the highest degree has no line.
        case incomplete
    }

    /// One (n, m) term: its coefficients at the epoch, their rates, and the recursion's constants.
    private struct Term: Sendable {
        var g = 0.0, h = 0.0, gRate = 0.0, hRate = 0.0
        /// Gauss-normalized to Schmidt semi-normalized: P̆ₙᵐ = schmidt · Pₙᵐ.
        var schmidt = 1.0
        /// Pₙᵐ = sin φ′ Pₙ₋₁ᵐ − k Pₙ₋₂ᵐ, with k = ((n − 1)² − m²) / ((2n − 1)(2n − 3)); 0 for n ≤ m + 1.
        var k = 0.0
    }

    /// The model's name from its file, e.g. `WMM-2025`.
    public let name: String
    /// The decimal year the coefficients hold at.
    public let epoch: Double
    /// The highest degree n of the expansion (12 for the WMM).
    public let degree: Int
    /// The terms, (n, m) at index n (n + 1) / 2 + m.
    private let terms: [Term]

    /// The geomagnetic reference radius, in metres.
    public static let referenceRadius = 6_371_200.0

    /// WMM2025, parsed once from the coefficients embedded in the library (see
    /// `WMM2025Coefficients` for their provenance).
    public static let wmm2025: WorldMagneticModel = {
        // The embedded text is NOAA's file verbatim and a test reads it against NOAA's test values:
        // failing here means the source itself is damaged.
        do { return try WorldMagneticModel(coefficients: WMM2025Coefficients.text) } catch {
            fatalError("embedded WMM2025 coefficients: \(error)")
        }
    }()

    /// Reads a model from the text of a `.COF` file (NOAA's format, described in
    /// `WMM2025Coefficients`).
    public init(coefficients text: String) throws {
        let lines = text.split(whereSeparator: \.isNewline)
        let header = lines.first?.split(whereSeparator: \.isWhitespace) ?? []
        guard header.count >= 2, let epoch = Double(header[0]) else { throw CoefficientError.badHeader }
        var rows: [(n: Int, m: Int, values: [Double])] = []
        for (offset, line) in lines.enumerated().dropFirst() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            if fields.count == 1, fields[0].allSatisfy({ $0 == "9" }) { break }
            let values = fields.dropFirst(2).compactMap { Double($0) }
            guard fields.count == 6, values.count == 4, let n = Int(fields[0]), let m = Int(fields[1]), n >= 1, (0...n).contains(m)
            else { throw CoefficientError.badLine(offset + 1) }
            rows.append((n, m, values))
        }
        let degree = rows.map(\.n).max() ?? 0
        var terms = [Term](repeating: Term(), count: Self.index(n: degree + 1, m: 0))
        var seen = Set<Int>()
        for row in rows {
            let index = Self.index(n: row.n, m: row.m)
            seen.insert(index)
            (terms[index].g, terms[index].h, terms[index].gRate, terms[index].hRate) =
                (row.values[0], row.values[1], row.values[2], row.values[3])
        }
        guard degree >= 1, seen.count == terms.count - 1 else { throw CoefficientError.incomplete }
        for n in 1...degree {
            terms[Self.index(n: n, m: 0)].schmidt = terms[Self.index(n: n - 1, m: 0)].schmidt * Double(2 * n - 1) / Double(n)
            for m in 1...n {
                let ratio = Double((n - m + 1) * (m == 1 ? 2 : 1)) / Double(n + m)
                terms[Self.index(n: n, m: m)].schmidt = terms[Self.index(n: n, m: m - 1)].schmidt * ratio.squareRoot()
            }
            for m in 0...n where n >= m + 2 {
                terms[Self.index(n: n, m: m)].k = Double((n - 1) * (n - 1) - m * m) / Double((2 * n - 1) * (2 * n - 3))
            }
        }
        self.name = String(header[1])
        self.epoch = epoch
        self.degree = degree
        self.terms = terms
    }

    /// The years the model is meant for: five from its epoch. Outside them it still evaluates, with
    /// an error that grows with the distance.
    public var validity: ClosedRange<Double> { epoch...(epoch + 5) }

    /// The field at geodetic `latitude` and `longitude` (degrees, WGS-84), `altitude` metres above
    /// the ellipsoid, and `year` (decimal, see `decimalYear(year:month:day:)`).
    public func field(latitude: Double, longitude: Double, altitude: Double, year: Double) -> MagneticElements {
        let geocentric = WGS84.geocentric(latitude: latitude, altitude: altitude)
        // sin and cos of the geocentric latitude: cos and sin of the colatitude θ the recursion uses.
        let sinPhi = sin(geocentric.latitude), cosPhi = cos(geocentric.latitude)
        let lambda = Angle.radians(fromDegrees: longitude)
        let cosLambda = cos(lambda), sinLambda = sin(lambda)
        let ratio = Self.referenceRadius / geocentric.radius
        let elapsed = year - epoch

        var north = 0.0, east = 0.0, down = 0.0
        var cosMLambda = 1.0, sinMLambda = 0.0
        // Gauss-normalized Pₘᵐ = cosᵐ φ′ and its derivative in θ, carried along the diagonal.
        var diagonal = 1.0, diagonalSlope = 0.0
        // cosᵐ⁻¹ φ′, kept apart rather than divided out of the diagonal, which is 0 at the poles.
        var reducedDiagonal = 1.0
        var columnPower = ratio * ratio
        for m in 0...degree {
            if m > 0 {
                if m > 1 { reducedDiagonal *= cosPhi }
                diagonalSlope = cosPhi * diagonalSlope + sinPhi * diagonal
                diagonal *= cosPhi
                columnPower *= ratio
                (cosMLambda, sinMLambda) = (cosMLambda * cosLambda - sinMLambda * sinLambda, sinMLambda * cosLambda + cosMLambda * sinLambda)
            }
            // Pₙᵐ = scale · q: for m ≥ 1, q is Pₙᵐ / cos φ′ (which starts at cosᵐ⁻¹ φ′).
            let scale = m == 0 ? 1 : cosPhi
            var q = reducedDiagonal, qPrevious = 0.0
            var slope = diagonalSlope, slopePrevious = 0.0
            var power = columnPower
            for n in m...degree {
                let term = terms[Self.index(n: n, m: m)]
                if n > m {
                    (q, qPrevious) = (sinPhi * q - term.k * qPrevious, q)
                    (slope, slopePrevious) = (sinPhi * slope - cosPhi * scale * qPrevious - term.k * slopePrevious, slope)
                    power *= ratio
                }
                guard n > 0 else { continue }
                let g = term.g + elapsed * term.gRate, h = term.h + elapsed * term.hRate
                let inPhase = g * cosMLambda + h * sinMLambda
                let quadrature = g * sinMLambda - h * cosMLambda
                let weight = power * term.schmidt
                // X = −∂V/(r ∂φ′) = +∂V/(r ∂θ); Y = −∂V/(r cos φ′ ∂λ); Z = ∂V/∂r.
                north += weight * inPhase * slope
                east += weight * quadrature * Double(m) * q
                down -= weight * inPhase * Double(n + 1) * scale * q
            }
        }
        // From the geocentric sphere's local frame to the ellipsoid's: a rotation about east by the
        // difference of the two latitudes.
        let psi = geocentric.latitude - Angle.radians(fromDegrees: latitude)
        let cosPsi = cos(psi), sinPsi = sin(psi)
        return MagneticElements(north: north * cosPsi - down * sinPsi, east: east, down: north * sinPsi + down * cosPsi)
    }

    /// The decimal year of a calendar date as NOAA's software reckons it: the year plus the days
    /// elapsed before the day over the days in the year (366 in a leap year).
    public static func decimalYear(year: Int, month: Int, day: Int) -> Double {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        precondition((1...12).contains(month) && (1...monthLengths[month - 1]).contains(day), "no date \(year)-\(month)-\(day)")
        let dayOfYear = monthLengths.prefix(month - 1).reduce(0, +) + day
        return Double(year) + Double(dayOfYear - 1) / Double(isLeap ? 366 : 365)
    }

    /// Where term (n, m) is stored.
    @inline(__always) private static func index(n: Int, m: Int) -> Int {
        n * (n + 1) / 2 + m
    }
}
