/// The median of the last five inputs: a spike or a dropout in up to two samples of five leaves no
/// trace, where an average would smear it; steps pass with a delay of two samples.
///
/// The window is a fixed ring of five inline values and the median comes from an insertion sort of a
/// copy, so an update allocates nothing. Until five inputs have arrived, the median is of those there
/// are (the mean of the middle two for an even count), so the first output is the first input.
public struct MedianOfFive: Sendable {
    /// The window's length.
    public static let length = 5

    private var ring: (Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0)
    private var next = 0
    /// How many inputs the window holds, up to five.
    public private(set) var count = 0
    /// The latest output; zero before the first input.
    public private(set) var value = 0.0

    /// Creates an empty filter.
    public init() {}

    /// Filters one input and returns the median of the window.
    @discardableResult public mutating func update(_ input: Double) -> Double {
        var sorted = ring
        let count = min(self.count + 1, Self.length), slot = next
        value = withUnsafeMutableBytes(of: &ring) { ringBytes in
            withUnsafeMutableBytes(of: &sorted) { sortedBytes in
                let window = ringBytes.bindMemory(to: Double.self), scratch = sortedBytes.bindMemory(to: Double.self)
                window[slot] = input
                for index in 0..<count {
                    let item = window[index]
                    var position = index
                    while position > 0, scratch[position - 1] > item {
                        scratch[position] = scratch[position - 1]
                        position -= 1
                    }
                    scratch[position] = item
                }
                return count % 2 == 1 ? scratch[count / 2] : (scratch[count / 2 - 1] + scratch[count / 2]) / 2
            }
        }
        next = (next + 1) % Self.length
        self.count = count
        return value
    }
}
