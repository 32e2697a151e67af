/// The cost of fitting values with one level, their median, in the L1 norm (the sum of absolute
/// deviations): what the step fit minimises, so a single slow run pulls a level far less than it
/// would with squares.
enum MedianCost {
    /// costs[m]: the sum of absolute deviations of the first m values of `y` from their median, for
    /// m from 0 to the count. The values go into two heaps (the lower half's largest on top of one,
    /// the upper half's smallest on the other) with their sums, so each costs O(log m).
    static func prefix(_ y: [Double]) -> [Double] {
        var lower = MinHeap(capacity: y.count), upper = MinHeap(capacity: y.count)  // lower holds negated values: its top is the largest
        defer {
            lower.release()
            upper.release()
        }
        var lowerSum = 0.0, upperSum = 0.0
        var costs = [Double](repeating: 0, count: y.count + 1)
        for (index, x) in y.enumerated() {
            if lower.isEmpty || x <= -lower.top {
                lower.push(-x)
                lowerSum += x
            } else {
                upper.push(x)
                upperSum += x
            }
            // The lower half holds the median: as many values as the upper, or one more.
            if lower.count > upper.count + 1 {
                let moved = -lower.pop()
                lowerSum -= moved
                upper.push(moved)
                upperSum += moved
            } else if upper.count > lower.count {
                let moved = upper.pop()
                upperSum -= moved
                lower.push(-moved)
                lowerSum += moved
            }
            let median = -lower.top
            costs[index + 1] = max(0, median * Double(lower.count) - lowerSum + upperSum - median * Double(upper.count))
        }
        return costs
    }

    /// A binary min-heap of at most `capacity` numbers, in memory of its own (freed by `release`): the
    /// fit runs it over every value of every stretch it tries, so it avoids an array's checks.
    private struct MinHeap {
        private let values: UnsafeMutablePointer<Double>
        private(set) var count = 0

        init(capacity: Int) { values = .allocate(capacity: max(1, capacity)) }

        func release() { values.deallocate() }

        var isEmpty: Bool { count == 0 }
        var top: Double { values[0] }

        mutating func push(_ value: Double) {
            var child = count
            count += 1
            // Moves parents down until the value's place is found.
            while child > 0, values[(child - 1) / 2] > value {
                values[child] = values[(child - 1) / 2]
                child = (child - 1) / 2
            }
            values[child] = value
        }

        mutating func pop() -> Double {
            let top = values[0]
            count -= 1
            let last = values[count]
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = left < count && values[left] < last ? left : -1
                if right < count, values[right] < (smallest < 0 ? last : values[smallest]) { smallest = right }
                guard smallest >= 0 else { break }
                values[parent] = values[smallest]
                parent = smallest
            }
            values[parent] = last
            return top
        }
    }
}
