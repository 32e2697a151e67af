import Foundation

/// A run's `run.json` kept on disk while the run goes on, replaced whole after each case so finished
/// cases survive a crash or `kill -9`. It is streamed a case at a time: a long run's checkpoints then
/// allocate no buffer as large as the file, which the heap would keep as it grew (the soak test saw
/// 4 MiB per 10 minutes that way). The file is compact JSON, read like any run.json.
public struct RunCheckpoint {
    /// The file.
    public let url: URL
    /// Whether a checkpoint has been written, so the file is this run's.
    public private(set) var written = false

    private static let casesSlot = #""cases":[]"#

    /// A checkpoint to be written to `url`.
    public init(url: URL) {
        self.url = url
    }

    /// Replaces the file with `run`, atomically.
    public mutating func write(_ run: RunResult) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var shell = run
        shell.cases = []
        // Keys are sorted and quotes inside strings escaped, so the empty array's key is found once.
        let header = String(decoding: try encoder.encode(shell), as: UTF8.self)
        guard let slot = header.range(of: Self.casesSlot) else { preconditionFailure("no cases key in \(header)") }
        let stream = try AtomicStream(url: url)
        try stream.write(header[..<slot.lowerBound] + #""cases":["#)
        for (index, result) in run.cases.enumerated() {
            if index > 0 { try stream.write(",") }
            try stream.write(try encoder.encode(result))
        }
        try stream.write("]" + header[slot.upperBound...])
        try stream.commit()
        written = true
    }
}
