/// Instructions by call stack, in the folded-stack text flame-graph tools read: a line per stack,
/// its frames from the outermost joined by `;`, a space, and its count (here, instructions per
/// 1000 sample ticks, whole).
public struct FoldedStacks: Sendable, Equatable {
    /// Each stack's count.
    public var counts: [String: Double]

    /// Stacks with their counts.
    public init(_ counts: [String: Double] = [:]) {
        self.counts = counts
    }

    /// Reads the text; throws `FoldedStacksError` naming the line of anything else.
    public init(text: String) throws {
        var counts: [String: Double] = [:]
        for (index, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
            guard let space = line.lastIndex(of: " "), let count = Double(line[line.index(after: space)...]), count.isFinite else {
                throw FoldedStacksError(line: index + 1, reason: "not 'frame;frame count'")
            }
            counts[String(line[..<space]), default: 0] += count
        }
        self.counts = counts
    }

    /// The text, stacks sorted, counts rounded to whole numbers, stacks that round to 0 left out.
    public var text: String {
        counts.keys.sorted().compactMap { stack in
            let count = counts[stack]!.rounded()
            return count > 0 ? "\(stack) \(Int(count))\n" : nil
        }.joined()
    }

    /// Every count multiplied by `factor`.
    public func scaled(by factor: Double) -> FoldedStacks {
        FoldedStacks(counts.mapValues { $0 * factor })
    }

    /// What `self` counted beyond `other`, stack by stack (none below 0): a long run's less a short
    /// run's leaves what the extra ticks cost.
    public func subtracting(_ other: FoldedStacks) -> FoldedStacks {
        var counts = self.counts
        for (stack, count) in other.counts { counts[stack, default: 0] -= count }
        return FoldedStacks(counts.filter { $0.value > 0 })
    }

    /// Each function's inclusive count: the stacks it appears in, each counted once.
    public var inclusiveByFunction: [String: Double] {
        var totals: [String: Double] = [:]
        for (stack, count) in counts {
            for frame in Set(stack.split(separator: ";").map(String.init)) { totals[frame, default: 0] += count }
        }
        return totals
    }

    /// Every stack's count added up.
    public var total: Double { counts.values.reduce(0, +) }
}

/// A folded-stacks file that could not be read.
public struct FoldedStacksError: Error, Equatable, CustomStringConvertible {
    /// The line at fault, from 1.
    public var line: Int
    /// What is wrong there.
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
}
