/// Steele, Lea and Flood's SplitMix64: a tiny, fast, seedable generator whose output passes BigCrush.
///
/// The project's own generator rather than the standard library's, so that a seed gives the same
/// numbers on every platform and Swift version: synthetic sensors and workloads' random colours and
/// shapes must repeat exactly from a seed.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    @usableFromInline var state: UInt64

    /// Creates the generator; every seed, including 0, gives a good stream.
    @inlinable public init(seed: UInt64) {
        state = seed
    }

    /// Creates a generator for one of several independent streams of the same seed (one per sensor,
    /// say), so that drawing from one stream never shifts the numbers of another.
    @inlinable public init(seed: UInt64, stream: UInt64) {
        var mixer = SplitMix64(seed: stream)
        state = seed ^ mixer.next()
    }

    /// The next 64 random bits.
    @inlinable public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in 0 ..< 1 with 53 random bits, the precision of a `Double`.
    @inlinable public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
