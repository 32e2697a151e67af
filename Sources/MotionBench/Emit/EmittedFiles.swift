import Foundation
import MotionResults

/// Writes the emitted outputs of a run's distinct cases into its folder, one CSV file each
/// (`RunFolder.emittedFile`, named as `RunResult.caseNames` names them), from an unmeasured replay
/// after the measured cases (`BenchmarkRunner.emitOutputs`).
public enum EmittedFiles {
    /// Writes every distinct case's file and returns their paths relative to `folder`, in plan order.
    public static func write(_ run: RunResult, runner: BenchmarkRunner, into folder: URL) throws -> [String] {
        try AtomicFile.prepareFolder(folder.appendingPathComponent(RunFolder.emittedFolderName))
        let names = run.caseNames
        var seen = Set<CaseIdentity>()
        var files: [String] = []
        for spec in run.cases.map(\.spec) where seen.insert(spec.identity).inserted {
            let file = RunFolder.emittedFile(names[spec.identity]!)
            var writer = try EmittedCSVWriter(url: try RunFolder.file(file, in: folder))
            try runner.emitOutputs(of: spec, scored: run.accuracy(of: spec.identity), into: &writer)
            try writer.commit()
            files.append(file)
        }
        return files
    }
}
