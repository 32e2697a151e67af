import MotionMath
import Testing

/// Known answers for the streaming least squares the online calibration rests on.
@Suite struct NormalEquationsTests {
    /// y = 2 + 3u − v on a grid of (u, v), exactly: the fit recovers the coefficients and no residual.
    @Test func exactObservationsGiveTheirCoefficients() throws {
        var equations = NormalEquations(unknowns: 3)
        for u in stride(from: -2.0, through: 2, by: 1) {
            for v in stride(from: -1.0, through: 3, by: 1) {
                equations.add(SIMD16(1, u, v, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), observation: 2 + 3 * u - v)
            }
        }
        let solution = try #require(equations.solve())
        #expect(abs(solution.values[0] - 2) < 1e-12 && abs(solution.values[1] - 3) < 1e-12 && abs(solution.values[2] + 1) < 1e-12)
        #expect(solution.residualVariance < 1e-20 && equations.totalWeight == 25)
    }

    /// An unknown no observation touches is singular alone, and keeps its prior value with one;
    /// the variance along a direction is the residual variance times dᵀN⁻¹d (here 1/n for a mean).
    @Test func aPriorHoldsWhatTheObservationsLeaveOpen() throws {
        var equations = NormalEquations(unknowns: 2)
        let observations = [1.0, 2, 3, 4, 5]
        for y in observations { equations.add(SIMD16(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), observation: y) }
        #expect(equations.solve() == nil)
        let solution = try #require(
            equations.solve(
                priorWeights: SIMD16(0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                priorValues: SIMD16(0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        #expect(abs(solution.values[0] - 3) < 1e-12 && abs(solution.values[1] - 7) < 1e-12)
        // Residuals −2…2 sum to 10 over 5 − 2 degrees of freedom; the mean's variance is that over 5.
        let variance = try #require(solution.variance(along: SIMD16(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        #expect(abs(variance - 10.0 / 3 / 5) < 1e-12)
    }

    /// Holding the slope of y = 2 + 3u at 2 leaves the intercept free: the best one is 2 (u is
    /// centred), the residuals are u, and their squares (10) over 5 − 2 degrees of freedom give
    /// the variance; held at its true 3 nothing is left; held everywhere, the fit is what is held.
    @Test func holdingUnknownsSolvesForTheRest() throws {
        var equations = NormalEquations(unknowns: 2)
        for u in stride(from: -2.0, through: 2, by: 1) {
            equations.add(SIMD16(1, u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), observation: 2 + 3 * u)
        }
        let slope = { (value: Double) in SIMD16<Double>(0, value, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) }
        #expect(abs(try #require(equations.residualVariance(holding: 1..<2, at: slope(2))) - 10.0 / 3) < 1e-12)
        #expect(try #require(equations.residualVariance(holding: 1..<2, at: slope(3))) < 1e-20)
        // Intercept 0 and slope 3 leave residuals of 2: 5 · 4 over 3.
        #expect(abs(try #require(equations.residualVariance(holding: 0..<2, at: slope(3))) - 20.0 / 3) < 1e-12)
        let intercept = SIMD16<Double>(5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Intercept 5 held, slope free: 3 still, residuals of −3: 5 · 9 over 3.
        #expect(abs(try #require(equations.residualVariance(holding: 0..<1, at: intercept)) - 15) < 1e-12)
    }

    /// Fading by ½ weighs the old observations half: the weighted mean of 0 (faded) and 3 is 2.
    @Test func fadingForgetsTheOldObservations() throws {
        var equations = NormalEquations(unknowns: 1)
        equations.add(SIMD16(repeating: 1), observation: 0)
        equations.fade(by: 0.5)
        equations.add(SIMD16(repeating: 1), observation: 3)
        #expect(abs(try #require(equations.solve()).values[0] - 2) < 1e-12 && equations.totalWeight == 1.5)
    }

    /// Moving a term's origin by `addTerm` gives the sums the observations would have given with the
    /// new terms: a line y = a + b t fitted, then t's origin moved to 10, gives a′ = a + 10 b.
    @Test func addTermRewritesTheSumsForNewUnknowns() throws {
        var moved = NormalEquations(unknowns: 2), direct = NormalEquations(unknowns: 2)
        for t in stride(from: 0.0, through: 10, by: 0.5) {
            let y = 4 + 0.3 * t + (t.truncatingRemainder(dividingBy: 2) == 0 ? 0.1 : -0.1)
            moved.add(SIMD16(1, t, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), observation: y)
            direct.add(SIMD16(1, t - 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), observation: y)
        }
        // The slope's term was t; from the new origin it is t − 10: itself less 10 times the constant's term 1.
        moved.addTerm(0, times: -10, into: 1)
        let a = try #require(moved.solve()).values, b = try #require(direct.solve()).values
        #expect(abs(a[0] - b[0]) < 1e-9 && abs(a[1] - b[1]) < 1e-9)
        #expect(abs(b[0] - (4 + 0.3 * 10)) < 0.1)
    }
}
