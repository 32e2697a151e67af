import Foundation

/// Student's t distribution: how likely a t statistic this far from 0 is with so few degrees of
/// freedom, as the two-sided p-value of a t-test.
enum StudentT {
    /// P(|T| ≥ |`t`|) with `degreesOfFreedom` (> 0, fractional allowed): I_x(ν/2, 1/2) with
    /// x = ν / (ν + t²), the regularized incomplete beta function.
    static func twoSidedP(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(nu > 0)
        guard t.isFinite else { return t.isNaN ? 1 : 0 }
        return regularizedBeta(nu / (nu + t * t), nu / 2, 0.5)
    }

    /// I_x(a, b), from its continued fraction on whichever side converges fast (x below or above
    /// (a + 1) / (a + b + 2)), evaluated by Lentz's method.
    static func regularizedBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let front = exp(logGammas + a * log(x) + b * log(1 - x))
        if x < (a + 1) / (a + b + 2) { return front * continuedFraction(x, a, b) / a }
        return 1 - front * continuedFraction(1 - x, b, a) / b
    }

    /// The continued fraction of I_x(a, b) (its terms d₂ₘ₊₁ and d₂ₘ alternating), to 15 digits.
    private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        let guarded = { (value: Double) in abs(value) < tiny ? tiny : value }
        var c = 1.0, d = 1 / guarded(1 - (a + b) * x / (a + 1))
        var result = d
        for m in 1...400 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 / guarded(1 + even * d)
            c = guarded(1 + even / c)
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 / guarded(1 + odd * d)
            c = guarded(1 + odd / c)
            result *= d * c
            if abs(d * c - 1) < 1e-15 { break }
        }
        return result
    }
}
