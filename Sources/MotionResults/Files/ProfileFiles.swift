import Foundation

/// The instruction profiles of a run's cases in its folder (`RunFolder.profileFile`): folded stacks
/// of instructions per 1000 sample ticks, which flame-graph tools read and `compare` sets side by side.
public enum ProfileFiles {
    /// Writes each case's profile atomically and returns their paths relative to `folder`.
    public static func write(_ profiles: [CaseIdentity: FoldedStacks], of run: RunResult, to folder: URL) throws -> [String] {
        guard !profiles.isEmpty else { return [] }
        try AtomicFile.prepareFolder(folder.appendingPathComponent(RunFolder.profilesFolderName))
        let names = run.caseNames
        var files: [String] = []
        var seen = Set<CaseIdentity>()
        for identity in run.cases.map(\.spec.identity) where seen.insert(identity).inserted {
            guard let profile = profiles[identity], let name = names[identity] else { continue }
            let file = RunFolder.profileFile(name)
            try AtomicFile.write(profile.text, to: try RunFolder.file(file, in: folder))
            files.append(file)
        }
        return files
    }

    /// The profiles found in `folder` for `run`'s cases; a case without one is left out.
    /// Throws an `EmittedFileError` naming a malformed file.
    public static func read(_ run: RunResult, from folder: URL) throws -> [CaseIdentity: FoldedStacks] {
        let names = run.caseNames
        var profiles: [CaseIdentity: FoldedStacks] = [:]
        for identity in Set(run.cases.map(\.spec.identity)) {
            guard let name = names[identity] else { continue }
            let url = try RunFolder.file(RunFolder.profileFile(name), in: folder)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            do {
                profiles[identity] = try FoldedStacks(text: text)
            } catch let error as FoldedStacksError {
                throw EmittedFileError(path: url.path, line: error.line, reason: error.reason)
            }
        }
        return profiles
    }
}
