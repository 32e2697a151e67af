import Foundation

/// The standard normal distribution's tail and its inverse, for p-values far smaller than a
/// `1 − p` in a Double could hold.
enum StandardNormal {
    /// P(Z > `z`).
    static func upperTail(_ z: Double) -> Double {
        erfc(z / 2.squareRoot()) / 2
    }

    /// The z with P(Z > z) = `tail`, for `tail` in (0, 0.5]; found by bisection on erfc, whose
    /// 80 halvings of [0, 40] leave an error far below anything a p-value or an interval can feel.
    static func quantile(upperTail tail: Double) -> Double {
        precondition(tail > 0 && tail <= 0.5)
        var low = 0.0, high = 40.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if upperTail(middle) > tail { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }
}
