import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run's journal (`RunFolder.journalFile`), kept in its folder while the run goes on so that
/// finished cases survive a crash, `kill -9` or a power cut. Each finished case is encoded once,
/// appended as a line and flushed to the disk before the next case starts, so keeping a case costs
/// the same for the thousandth as for the first. When the run ends, run.json is written and the
/// journal removed; a folder left holding the journal alone reads as its run (`RunResult.load`).
///
/// The file is JSON Lines: the first line is the run without its cases and wake floors
/// (`RunResult`, marked in progress), each later line a finished case with the wake floors measured
/// beside it since the line before (`Entry`). A last line without its newline is a case
/// cut short by the kill, and is left out. The writer holds a lock on the file while it lives
/// (`flock`, which the kernel drops with the process), so a reader can tell a run still going from
/// one that died (`isBeingWritten`).
public final class RunJournal {
    /// The file.
    public let url: URL
    /// The journal's descriptor; -1 once closed.
    private var file: Int32
    private let encoder: JSONEncoder
    private var removed = false
    /// The wake floors written so far.
    private var floorsWritten = 0

    /// A line of the journal after the first: a finished case, and when it finished.
    struct Entry: Codable {
        /// UTC, as `RunResult.timestamp` writes it.
        var finishedAt: String
        /// The case.
        var result: CaseResult
        /// The wake floors measured since the line before (`RunResult.wakeFloors`); nil when none.
        var wakeFloors: [CaseResult]?
    }

    /// Starts the journal at `url` with `run`: its header (the run without its cases and wake
    /// floors), its cases and its wake floors, written to a temporary that is flushed and renamed
    /// into place, so the journal is never seen without them. Throws an `OutputError` naming the file.
    public init(url: URL, run: RunResult) throws {
        self.url = url
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let temporary = AtomicFile.temporaryURL(for: url)
        file = AtomicFile.createNew(temporary.path)
        guard file >= 0 else {
            throw OutputError(path: url.path, reason: "cannot create \(temporary.lastPathComponent): \(String(cString: strerror(errno)))")
        }
        do {
            // Held until the process ends, whatever ends it; the rename keeps it, as it keeps the file.
            guard flock(file, LOCK_EX | LOCK_NB) == 0 else { throw OutputError(path: url.path, reason: String(cString: strerror(errno))) }
            var header = run
            header.cases = []
            header.wakeFloors = nil
            var lines = try encoder.encode(header)
            lines.append(UInt8(ascii: "\n"))
            for (index, result) in run.cases.enumerated() {
                // The floors measured so far go with the last case, after which they were taken.
                lines.append(try line(result, of: index == run.cases.count - 1 ? run : header))
            }
            try write(lines)
            guard rename(temporary.path, url.path) == 0 else { throw OutputError(path: url.path, reason: String(cString: strerror(errno))) }
            try AtomicFile.flushFolder(of: url)
        } catch {
            close(file)
            file = -1
            unlink(temporary.path)
            throw error
        }
    }

    deinit {
        if file >= 0 { close(file) }
    }

    /// Appends `result` as a line, stamped with the time, with the wake floors `run` has measured
    /// since the line before, and flushes it to the disk.
    public func append(_ result: CaseResult, of run: RunResult) throws {
        try write(try line(result, of: run))
    }

    /// Removes the journal, once run.json holds everything it did.
    public func remove() {
        guard !removed else { return }
        removed = true
        unlink(url.path)
    }

    /// The line of `result`, with the wake floors of `run` not yet written; counted as written.
    private func line(_ result: CaseResult, of run: RunResult) throws -> Data {
        let floors = Array((run.wakeFloors ?? []).dropFirst(floorsWritten))
        var line = try encoder.encode(
            Entry(finishedAt: RunResult.timestamp(Date()), result: result, wakeFloors: floors.isEmpty ? nil : floors))
        line.append(UInt8(ascii: "\n"))
        floorsWritten += floors.count
        return line
    }

    private func write(_ data: Data) throws {
        var failure = data.withUnsafeBytes { AtomicFile.writeAll($0, to: file) }
        if failure == 0, AtomicFile.flush(file) != 0 { failure = errno }
        guard failure == 0 else { throw OutputError(path: url.path, reason: String(cString: strerror(failure))) }
    }

    /// Whether a live process is still writing the journal at `url` (it holds the file's lock).
    public static func isBeingWritten(_ url: URL) -> Bool {
        let file = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        return flock(file, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// The run the journal at `url` holds: its header with every whole case line, finished when the
    /// last of them did. Throws a `RunFileError` naming the file, and the line at fault.
    static func read(_ url: URL) throws -> RunResult {
        let data = try RunResult.readFile(url)
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The text after the last newline is a line the writer did not finish: the case it was keeping.
        lines.removeLast()
        guard let header = lines.first else {
            throw RunFileError(path: url.path, line: 1, reason: "not a motionbench run journal (the text ends in the middle of its first line)")
        }
        var run = try RunResult.decode(Data(header), path: url.path, kind: "run journal")
        let decoder = JSONDecoder()
        run.cases.reserveCapacity(lines.count - 1)
        var floors = run.wakeFloors ?? []
        for (offset, line) in lines.enumerated().dropFirst() {
            do {
                let entry = try decoder.decode(Entry.self, from: Data(line))
                run.cases.append(entry.result)
                floors.append(contentsOf: entry.wakeFloors ?? [])
                run.finishedAt = entry.finishedAt
            } catch {
                throw RunFileError(path: url.path, line: offset + 1, reason: RunResult.describe(error, in: Data(line)).problem)
            }
        }
        run.wakeFloors = floors.isEmpty ? nil : floors
        // Checked as run.json's figures are; a case's line is the one after the header and the cases before it.
        if let (field, value) = run.firstImpossibleFigure() {
            throw RunFileError(
                path: url.path, line: field.count > 1 ? Int(field[1]).map { $0 + 2 } : nil,
                reason: "\(RunResult.path(field)) is \(value), which cannot be negative")
        }
        return run
    }
}
