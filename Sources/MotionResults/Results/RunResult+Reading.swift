import Foundation

extension RunResult {
    /// Reads a `run.json`, refusing other schema versions with a message naming the file; accuracy
    /// an older run scored that cannot be scored (`AccuracyResult.scorable`) is left out. A run.json
    /// that does not exist is read from the journal beside it when there is one
    /// (`RunFolder.fileToRead`), as is a journal named itself: a run that did not finish, whose
    /// finished cases are all there.
    public static func load(from url: URL) throws -> RunResult {
        let file = RunFolder.fileToRead(url)
        var run = RunFolder.isJournal(file) ? try RunJournal.read(file) : try decode(try readFile(file), path: file.path, kind: "run.json")
        run.accuracy = run.accuracy.compactMap(\.scorable)
        return run
    }

    /// The run `data` holds, read from `path`, which names a `kind` of file in messages; refuses
    /// other schema versions.
    static func decode(_ data: Data, path: String, kind: String) throws -> RunResult {
        // Decoded whole first: the schema's version alone is read only to say why a file is refused.
        let decoded = Result { try JSONDecoder().decode(RunResult.self, from: data) }
        if case let .success(run) = decoded, run.schemaVersion == currentSchemaVersion {
            if let (field, value) = run.firstImpossibleFigure() {
                throw RunFileError(
                    path: path, line: JSONSyntax.line(of: field, in: data), reason: "\(Self.path(field)) is \(value), which cannot be negative")
            }
            return run
        }
        struct Version: Decodable { var schemaVersion: Int }
        let version: Int
        do {
            version = try JSONDecoder().decode(Version.self, from: data).schemaVersion
        } catch {
            let (line, problem) = describe(error, in: data)
            throw RunFileError(path: path, line: line, reason: "not a motionbench \(kind) (\(problem))")
        }
        guard version == currentSchemaVersion, case let .failure(error) = decoded else {
            throw RunFileError(path: path, reason: "schema version \(version); this motionbench reads \(currentSchemaVersion)")
        }
        let (line, problem) = describe(error, in: data)
        throw RunFileError(path: path, line: line, reason: problem)
    }

    /// The largest run.json (or journal) read: a full run of every workload writes about 2 MB, and a
    /// sweep of 5,000 cases about 20 MB, so anything this big is not one, and is refused before it is
    /// read into memory.
    public static let largestFileBytes = 256 << 20

    /// The bytes of a run.json or journal, refusing a folder, a FIFO or device, a file too large and an
    /// unreadable one by name.
    static func readFile(_ url: URL) throws -> Data {
        // Non-blocking, so a FIFO named run.json is refused below instead of waiting for a writer.
        let handle = open(url.path, O_RDONLY | O_NONBLOCK)
        guard handle >= 0 else {
            // Worded as every other command words a path that is not there.
            if errno == ENOENT { throw RunFileError(path: url.path, reason: "no such file or folder") }
            throw RunFileError(path: url.path, reason: "cannot read: \(String(cString: strerror(errno)))")
        }
        defer { close(handle) }
        var status = stat()
        guard fstat(handle, &status) == 0 else { throw RunFileError(path: url.path, reason: "cannot read: \(String(cString: strerror(errno)))") }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw RunFileError(path: url.path, reason: "a folder, not a run.json") }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw RunFileError(path: url.path, reason: "not a regular file (a FIFO or a device?)") }
        guard status.st_size <= largestFileBytes else {
            throw RunFileError(
                path: url.path, reason: "\(status.st_size >> 20) MiB is too large for a run.json (at most \(largestFileBytes >> 20) MiB)")
        }
        do {
            return try FileHandle(fileDescriptor: handle, closeOnDealloc: false).readToEnd() ?? Data()
        } catch {
            throw RunFileError(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    /// What a decoding error says of `data`, with the line at fault: where the JSON itself breaks, or
    /// where the value at fault starts (for a missing field, the object that lacks it).
    static func describe(_ error: Error, in data: Data) -> (line: Int?, problem: String) {
        func line(_ keys: [CodingKey]) -> Int? { JSONSyntax.line(of: steps(keys), in: data) }
        switch error {
        case let DecodingError.dataCorrupted(context):
            if let broken = JSONSyntax.firstError(in: data) { return (broken.line, "malformed JSON: \(broken.reason)") }
            guard !context.codingPath.isEmpty else { return (nil, "malformed JSON: \(context.debugDescription)") }
            return (line(context.codingPath), "wrong value at '\(path(steps(context.codingPath)))': \(context.debugDescription)")
        case let DecodingError.keyNotFound(key, context):
            return (line(context.codingPath), "missing field '\(path(steps(context.codingPath + [key])))'")
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return (line(context.codingPath), "wrong value at '\(path(steps(context.codingPath)))': \(context.debugDescription)")
        default:
            return (nil, String(describing: error))
        }
    }

    /// A coding path as `JSONSyntax` walks it: keys, and array indices in decimal.
    private static func steps(_ keys: [CodingKey]) -> [String] {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }

    /// A path as messages write it: `cases[3].samples`.
    static func path(_ steps: [String]) -> String {
        steps.map { Int($0) != nil ? "[\($0)]" : ".\($0)" }.joined().trimmingPrefix(".").description
    }

    /// The first figure of the run that a measurement can never make negative, and is (its path and
    /// value): a count, a time, a rate, a share of a core, a size. Heap figures are changes, and may be.
    func firstImpossibleFigure() -> (path: [String], value: Double)? {
        for (index, result) in cases.enumerated() {
            let figures: [(String, Double?)] = [
                ("samples", Double(result.samples)), ("frames", Double(result.frames)), ("wallSeconds", result.wallSeconds),
                ("achievedHz", result.achievedHz), ("missed", result.missed.map(Double.init)), ("dropped", result.dropped.map(Double.init)),
                ("missedFrames", result.missedFrames.map(Double.init)), ("cpuNsPerSample", result.cpuNsPerSample),
                ("wallNsPerSample", result.wallNsPerSample), ("cpuPct", result.cpuPct), ("projectedCpuPct", result.projectedCpuPct),
                ("processCpuPct", result.processCpuPct), ("rssMiB", result.rssMiB), ("peakRssMiB", result.peakRssMiB),
                ("allocationsPerSample", result.allocationsPerSample), ("allocationBytesPerSample", result.allocationBytesPerSample),
                ("instructionsPerSample", result.instructionsPerSample),
            ]
            if let (name, value) = figures.first(where: { ($0.1 ?? 0) < 0 }) { return (["cases", String(index), name], value!) }
        }
        return nil
    }
}
