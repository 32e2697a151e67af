/// The magnitudes of many values in increasing order, as `values.map(abs).sorted()` gives them, by a
/// radix sort: an accuracy score sorts three series of a case's every estimate, and a comparison sort
/// of tens of thousands of them costs more than scoring them.
///
/// A magnitude's bit pattern orders as its value does (the sign bit is clear, and the exponent sits
/// above the significand), so sorting the patterns as integers, 11 bits a pass from the lowest, gives
/// the same array, bit for bit. A NaN has no place in that order; values holding one are sorted by
/// comparison, as before.
enum SortedMagnitudes {
    /// Below this many values a comparison sort is as fast.
    private static let fewestForRadix = 256
    private static let digitBits = 11
    private static let buckets = 1 << digitBits
    private static let passes = (64 + digitBits - 1) / digitBits

    /// `values.map(abs).sorted()`.
    static func of(_ values: [Double]) -> [Double] {
        var keys = values.map { abs($0).bitPattern }
        let infinity = Double.infinity.bitPattern
        guard keys.count >= fewestForRadix, !keys.contains(where: { $0 > infinity }) else { return values.map(abs).sorted() }
        var spare = [UInt64](repeating: 0, count: keys.count)
        // Every pass's digit counts, from one reading of the keys.
        var counts = [Int](repeating: 0, count: buckets * passes)
        let mask = UInt64(buckets - 1)
        counts.withUnsafeMutableBufferPointer { counts in
            for key in keys {
                for pass in 0..<passes { counts[pass &* buckets &+ Int((key >> UInt64(pass &* digitBits)) & mask)] &+= 1 }
            }
            for pass in 0..<passes {
                let shift = UInt64(pass * digitBits)
                let next = counts.baseAddress! + pass * buckets
                // A digit every key shares moves nothing.
                if next[Int((keys[0] >> shift) & mask)] == keys.count { continue }
                var start = 0
                for digit in 0..<buckets {
                    let count = next[digit]
                    next[digit] = start
                    start &+= count
                }
                keys.withUnsafeBufferPointer { from in
                    spare.withUnsafeMutableBufferPointer { to in
                        for key in from {
                            let digit = Int((key >> shift) & mask)
                            to[next[digit]] = key
                            next[digit] &+= 1
                        }
                    }
                }
                swap(&keys, &spare)
            }
        }
        return keys.map(Double.init(bitPattern:))
    }
}
