import Foundation
import MotionResults
import MotionWorkloads

/// Writes an emitted case's rows as a tidy CSV file (a header row, RFC 4180 quoting, missing figures
/// as empty cells), streaming through an `AtomicStream`: `commit` makes the file appear whole.
public struct EmittedCSVWriter: EmittedRowSink {
    private let stream: AtomicStream
    private var columns: [OutputColumn] = []

    /// A writer of `url`.
    public init(url: URL) throws {
        stream = try AtomicStream(url: url)
    }

    /// Writes the header row.
    public mutating func begin(columns: [OutputColumn]) throws {
        self.columns = columns
        try write(columns.map(\.name))
    }

    /// Writes a row, each number with its column's decimals.
    public mutating func append(_ cells: [OutputRows.Cell]) throws {
        try write(zip(cells, columns).map { Self.text(of: $0, in: $1) })
    }

    /// Makes the file appear, complete.
    public func commit() throws {
        try stream.commit()
    }

    /// A cell as its column writes it: a number with the column's decimals (6 when it sets none), a
    /// text as it is, a missing figure as an empty cell.
    public static func text(of cell: OutputRows.Cell, in column: OutputColumn) -> String {
        switch cell {
        case let .number(value): FixedDecimal.format(value, decimals: column.decimals ?? 6)
        case let .text(text): text
        case .missing: ""
        }
    }

    private func write(_ cells: [String]) throws {
        try stream.write(cells.map(CSVTable.escape).joined(separator: ",") + "\n")
    }
}
