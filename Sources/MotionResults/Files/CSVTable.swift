import Foundation

/// A tidy CSV table: one header row, one row per record, RFC 4180 quoting, missing figures as empty cells.
public struct CSVTable {
    /// Column names.
    public let header: [String]
    private var lines: [String]

    /// Starts a table with `header`.
    public init(header: [String]) {
        self.header = header
        lines = [header.map(Self.escape).joined(separator: ",")]
    }

    /// Appends a row; it must have one cell per column.
    public mutating func append(_ cells: [String]) {
        precondition(cells.count == header.count, "row has \(cells.count) cells for \(header.count) columns")
        lines.append(cells.map(Self.escape).joined(separator: ","))
    }

    /// The CSV text, each line ending in a newline.
    public var text: String { lines.joined(separator: "\n") + "\n" }

    /// `cell` as a CSV field: quoted, its quotes doubled, when it holds a comma, a quote or a line break.
    public static func escape(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
