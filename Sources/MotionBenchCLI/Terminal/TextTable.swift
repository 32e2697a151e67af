import Foundation

/// A plain-text table with columns padded to their widest cell, for the terminal.
struct TextTable {
    let header: [String]
    private var rows: [[String]] = []

    init(header: [String]) { self.header = header }

    mutating func append(_ row: [String]) { rows.append(row) }

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
        }
        return line(header) + line(widths.map { String(repeating: "-", count: $0) }) + rows.map(line).joined()
    }
}
