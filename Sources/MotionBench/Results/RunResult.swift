import Foundation

/// A whole run: where and how it ran, and every case. This is what `run.json` holds.
public struct RunResult: Sendable, Codable, Equatable {
    /// Bumped whenever a field changes meaning or is removed, so readers can refuse what they don't know.
    public static let currentSchemaVersion = 2

    /// The schema this file follows.
    public var schemaVersion: Int
    /// UTC start and end, ISO 8601.
    public var startedAt: String
    public var finishedAt: String
    /// The machine, toolchain, build and command line.
    public var environment: RunEnvironment
    /// The settings the plan was made from.
    public var settings: RunSettings
    /// Every case, in the order run.
    public var cases: [CaseResult]
    /// Accuracy against the source's truth: one entry per scored workload case (rate, filter,
    /// parameters; not per mode or repetition, which compute the same outputs) and per recorded
    /// competitor; empty when the source has no truth or no workload estimates anything.
    public var accuracy: [AccuracyResult]
    /// Set when the run did not finish its plan: a checkpoint, or a run stopped by a signal; absent
    /// (nil) for a complete run.
    public var interruption: RunInterruption?

    /// Creates a run result of the current schema.
    public init(
        startedAt: String, finishedAt: String, environment: RunEnvironment, settings: RunSettings, cases: [CaseResult],
        accuracy: [AccuracyResult] = [], interruption: RunInterruption? = nil
    ) {
        schemaVersion = Self.currentSchemaVersion
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.environment = environment
        self.settings = settings
        self.cases = cases
        self.accuracy = accuracy
        self.interruption = interruption
    }

    /// Reads a `run.json`, refusing other schema versions with a message naming the file.
    public static func load(from url: URL) throws -> RunResult {
        let data = try read(url)
        struct Version: Decodable { var schemaVersion: Int }
        let version: Int
        do {
            version = try JSONDecoder().decode(Version.self, from: data).schemaVersion
        } catch {
            throw RunFileError(path: url.path, reason: "not a motionbench run.json (\(describe(error)))")
        }
        guard version == currentSchemaVersion else {
            throw RunFileError(path: url.path, reason: "schema version \(version); this motionbench reads \(currentSchemaVersion)")
        }
        do {
            return try JSONDecoder().decode(RunResult.self, from: data)
        } catch {
            throw RunFileError(path: url.path, reason: describe(error))
        }
    }

    /// The largest run.json read: a full `run --all` writes about 2 MB, so anything this big is not
    /// one, and is refused before it is read into memory.
    public static let largestFileBytes = 256 << 20

    /// The bytes of a run.json, refusing a folder, a FIFO or device, a file too large and an unreadable
    /// one by name.
    private static func read(_ url: URL) throws -> Data {
        // Non-blocking, so a FIFO named run.json is refused below instead of waiting for a writer.
        let handle = open(url.path, O_RDONLY | O_NONBLOCK)
        guard handle >= 0 else { throw RunFileError(path: url.path, reason: "cannot read: \(String(cString: strerror(errno)))") }
        defer { close(handle) }
        var status = stat()
        guard fstat(handle, &status) == 0 else { throw RunFileError(path: url.path, reason: "cannot read: \(String(cString: strerror(errno)))") }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw RunFileError(path: url.path, reason: "a folder, not a run.json") }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw RunFileError(path: url.path, reason: "not a regular file (a FIFO or a device?)") }
        guard status.st_size <= largestFileBytes else {
            throw RunFileError(path: url.path, reason: "\(status.st_size >> 20) MiB is too large for a run.json (at most \(largestFileBytes >> 20) MiB)")
        }
        do {
            return try FileHandle(fileDescriptor: handle, closeOnDealloc: false).readToEnd() ?? Data()
        } catch {
            throw RunFileError(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    /// The JSON text of this run, keys sorted so files diff cleanly.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case let DecodingError.dataCorrupted(context):
            return "malformed JSON: \(context.debugDescription)"
        case let DecodingError.keyNotFound(key, context):
            return "missing field '\(path(context.codingPath + [key]))'"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "wrong value at '\(path(context.codingPath))': \(context.debugDescription)"
        default:
            return String(describing: error)
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}

/// The settings a run was planned with.
public struct RunSettings: Sendable, Codable, Equatable {
    /// Real-time case length in seconds.
    public var durationSeconds: Double
    /// Samples per virtual-time case.
    public var sampleCount: Int
    /// Repetitions of each case.
    public var repetitions: Int
    /// The sampler's rate in Hz.
    public var samplerRateHz: Double
    /// The source that fed the workloads, e.g. `synthetic:tilt-and-shake,seed=1`.
    public var source: String
    /// Whether `--quick` shortened the run.
    public var quick: Bool

    /// Creates settings.
    public init(durationSeconds: Double, sampleCount: Int, repetitions: Int, samplerRateHz: Double, source: String, quick: Bool) {
        self.durationSeconds = durationSeconds
        self.sampleCount = sampleCount
        self.repetitions = repetitions
        self.samplerRateHz = samplerRateHz
        self.source = source
        self.quick = quick
    }
}

/// A run file that could not be read.
public struct RunFileError: Error, CustomStringConvertible {
    /// The file.
    public var path: String
    /// What is wrong with it.
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
