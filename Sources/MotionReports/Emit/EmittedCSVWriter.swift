import Foundation
import MotionBench

/// Writes an emitted case's rows as a tidy CSV file (a header row, RFC 4180 quoting, missing figures
/// as empty cells), streaming through an `AtomicStream`: `commit` makes the file appear whole.
public struct EmittedCSVWriter: EmittedRowSink {
    private let stream: AtomicStream

    /// A writer of `url`.
    public init(url: URL) throws {
        stream = try AtomicStream(url: url)
    }

    /// Writes the header row.
    public mutating func begin(columns: [String]) throws {
        try append(columns)
    }

    /// Writes a row.
    public mutating func append(_ cells: [String]) throws {
        try stream.write(cells.map(CSVTable.escape).joined(separator: ",") + "\n")
    }

    /// Makes the file appear, complete.
    public func commit() throws {
        try stream.commit()
    }
}
