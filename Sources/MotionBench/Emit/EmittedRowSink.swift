import MotionWorkloads

/// Where an emitted case's rows go, as they are made: the columns once, then each row's cells, as
/// values (how they are written is the sink's: a CSV file writer, or a test's collector).
public protocol EmittedRowSink {
    /// The columns, before any row.
    mutating func begin(columns: [OutputColumn]) throws
    /// One row, a cell per column; `.missing` is a figure the workload or source does not have.
    mutating func append(_ cells: [OutputRows.Cell]) throws
}
