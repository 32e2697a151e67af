import MotionResults

/// A flame graph of folded stacks as SVG: a box per frame, as wide as its share of the counts,
/// callers below their callees. With a baseline it is differential: a box is redder the more its
/// stack's count grew against the baseline, bluer the more it shrank, grey when unchanged (the
/// widths are the candidate's).
struct FlameGraph {
    var title: String
    var stacks: FoldedStacks
    var baseline: FoldedStacks?

    private static let width = 1200.0
    private static let rowHeight = 16.0
    private static let top = 36.0

    /// A node of the merged call tree.
    private final class Node {
        let name: String
        var count = 0.0
        var baselineCount = 0.0
        var children: [String: Node] = [:]
        init(name: String) { self.name = name }

        func child(_ name: String) -> Node {
            if let node = children[name] { return node }
            let node = Node(name: name)
            children[name] = node
            return node
        }
    }

    func svg() -> String {
        let root = Node(name: "all")
        func add(_ folded: FoldedStacks, baseline: Bool) {
            for (stack, count) in folded.counts {
                var node = root
                if baseline { node.baselineCount += count } else { node.count += count }
                for frame in stack.split(separator: ";") {
                    node = node.child(String(frame))
                    if baseline { node.baselineCount += count } else { node.count += count }
                }
            }
        }
        add(stacks, baseline: false)
        if let baseline { add(baseline, baseline: true) }
        let depth = Self.depth(root)
        let height = Self.top + Double(depth + 1) * Self.rowHeight + 20
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(Self.width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#fdfdfd\"/>\n"
        out += "<text x=\"\(Int(Self.width / 2))\" y=\"20\" text-anchor=\"middle\" font-size=\"15\">\(SVGText.escape(title))</text>\n"
        let scale = root.count > 0 ? Self.width / root.count : 0
        func draw(_ node: Node, x: Double, level: Int) {
            let boxWidth = node.count * scale
            guard boxWidth >= 0.3 else { return }
            let y = height - 20 - Double(level + 1) * Self.rowHeight
            let perSample = node.count / 1000
            var note = "\(Format.significant(perSample, 4)) instructions/sample"
            if baseline != nil {
                let before = node.baselineCount / 1000
                note += before > 0 ? ", \(Format.significant(before, 4)) before (\(Self.signedPercent(perSample / before - 1)))" : ", new"
            }
            out += "<g><title>\(SVGText.escape(node.name)): \(SVGText.escape(note))</title>"
            out +=
                "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(boxWidth))\" height=\"\(Self.n(Self.rowHeight - 1))\" fill=\"\(colour(node))\" rx=\"2\"/>"
            let characters = Int((boxWidth - 6) / 6.5)
            if characters >= 3 {
                let label = node.name.count > characters ? String(node.name.prefix(characters - 1)) + "…" : node.name
                out += "<text x=\"\(Self.n(x + 3))\" y=\"\(Self.n(y + Self.rowHeight - 4))\">\(SVGText.escape(label))</text>"
            }
            out += "</g>\n"
            var childX = x
            for child in node.children.values.sorted(by: { $0.name < $1.name }) {
                draw(child, x: childX, level: level + 1)
                childX += child.count * scale
            }
        }
        draw(root, x: 0, level: 0)
        return out + "</svg>\n"
    }

    /// Warm colours by name for a plain graph; for a differential one, red for growth, blue for a fall.
    private func colour(_ node: Node) -> String {
        guard baseline != nil else {
            let hash = node.name.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
            return "rgb(\(205 + hash % 50),\(80 + hash % 120),\(40 + hash % 40))"
        }
        guard node.baselineCount > 0 else { return "rgb(230,60,60)" }
        let change = max(-1, min(1, (node.count - node.baselineCount) / node.baselineCount * 5))
        if abs(change) < 0.01 { return "rgb(210,210,210)" }
        let strength = Int(abs(change) * 160)
        return change > 0 ? "rgb(255,\(220 - strength),\(220 - strength))" : "rgb(\(220 - strength),\(220 - strength),255)"
    }

    private static func depth(_ node: Node) -> Int {
        node.children.values.map { 1 + depth($0) }.max() ?? 0
    }

    private static func n(_ value: Double) -> String { Format.fixed(value, 1) }

    private static func signedPercent(_ fraction: Double) -> String {
        (fraction > 0 ? "+" : "") + Format.fixed(fraction * 100, 2) + " %"
    }
}
