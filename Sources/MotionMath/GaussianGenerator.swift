#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Standard normal random numbers (mean 0, standard deviation 1) from a `SplitMix64`, by the
/// Box–Muller transform, which turns two uniforms into two normals; the second is kept for the next
/// call.
public struct GaussianGenerator: Hashable, Sendable {
    @usableFromInline var uniform: SplitMix64
    @usableFromInline var spare: Double?

    /// Creates the generator on a uniform stream.
    @inlinable public init(_ uniform: SplitMix64) {
        self.uniform = uniform
    }

    /// The next standard normal number.
    @inlinable public mutating func next() -> Double {
        if let spare {
            self.spare = nil
            return spare
        }
        // 1 − u lies in (0, 1], so the logarithm is finite.
        let radius = (-2 * log(1 - uniform.nextUnit())).squareRoot()
        let angle = 2 * Double.pi * uniform.nextUnit()
        spare = radius * sin(angle)
        return radius * cos(angle)
    }

    /// Three independent normals scaled by `standardDeviation`: white noise for one vector reading.
    @inlinable public mutating func nextVector(standardDeviation: Double) -> Vector3 {
        Vector3(next(), next(), next()) * standardDeviation
    }
}
