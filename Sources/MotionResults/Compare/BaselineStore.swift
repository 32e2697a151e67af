import Foundation

/// Named baselines: each a verbatim copy of a run's `run.json` (its environment inside) at
/// `FOLDER/NAME/run.json`, so CI can compare a fresh run with a baseline by name.
public struct BaselineStore {
    /// The folder holding one subfolder per baseline (`results/baselines` by default).
    public let folder: URL

    /// A store in `folder`, which need not exist yet.
    public init(folder: URL) {
        self.folder = folder
    }

    /// One saved baseline.
    public struct Entry {
        /// Its name.
        public let name: String
        /// Its `run.json`.
        public let runFile: URL
    }

    /// Whether `name` can name a baseline: one or more ASCII letters, digits, `-` and `_`, so it is a
    /// safe folder name everywhere and cannot climb out of the store.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }

    /// The `run.json` of the baseline `name`, whether or not it exists.
    public func runFile(named name: String) -> URL {
        folder.appendingPathComponent(name).appendingPathComponent("run.json")
    }

    /// Copies `runFile` byte for byte to the baseline `name` (a journal, as the run.json it stands
    /// for: `RunFolder.fileToRead`), atomically, replacing any baseline of that name, with its
    /// instruction profiles (`ProfileFiles`) when it has any; the run is read first, so only a valid
    /// `run.json` becomes a baseline. Throws a `RunFileError` for an
    /// unreadable or malformed run, an `EmittedFileError` for a malformed profile and an
    /// `OutputError` for an unwritable store.
    /// Returns the baseline's `run.json` and the run it holds.
    @discardableResult
    public func save(_ runFile: URL, as name: String) throws -> (file: URL, run: RunResult) {
        precondition(Self.isValidName(name))
        // A run that did not finish is read from its journal, and kept as the run.json it stands for;
        // not while it is being written, as it may be going on.
        let source = RunFolder.fileToRead(runFile)
        if RunFolder.isJournal(source), RunJournal.isBeingWritten(source) {
            throw RunFileError(path: source.path, reason: "a run still being written: save it as a baseline once it has ended")
        }
        let run = try RunResult.load(from: runFile)
        let data = RunFolder.isJournal(source) ? try run.encoded() : try Data(contentsOf: source)
        let target = self.runFile(named: name)
        try AtomicFile.prepareFolder(target.deletingLastPathComponent())
        try AtomicFile.write(data, to: target)
        // The instruction profiles go with it, so a comparison can draw where instructions went; a
        // previous baseline's that this run lacks must not linger.
        let profiles = try ProfileFiles.read(run, from: runFile.deletingLastPathComponent())
        try? FileManager.default.removeItem(at: target.deletingLastPathComponent().appendingPathComponent(RunFolder.profilesFolderName))
        _ = try ProfileFiles.write(profiles, of: run, to: target.deletingLastPathComponent())
        return (target, run)
    }

    /// Every baseline (a subfolder holding a `run.json`), by name; none when the folder does not exist.
    public func entries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter(Self.isValidName).map { Entry(name: $0, runFile: runFile(named: $0)) }
            .filter { FileManager.default.fileExists(atPath: $0.runFile.path) }
    }
}
