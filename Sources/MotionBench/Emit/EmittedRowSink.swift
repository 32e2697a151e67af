/// Where an emitted case's rows go, as they are made: the header once, then each row's cells, already
/// formatted. A CSV file writer, or a test's collector.
public protocol EmittedRowSink {
    /// The column names, before any row.
    mutating func begin(columns: [String]) throws
    /// One row, a cell per column; an empty cell is a figure the workload or source does not have.
    mutating func append(_ cells: [String]) throws
}
