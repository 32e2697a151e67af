import Foundation
import Testing

/// `--format` end to end: the real executable writes the formats asked for, and Google Benchmark's
/// compare.py reads what it writes.
@Suite(.serialized) struct FormatCommandTests {
    /// Where Debian's `libbenchmark-tools` installs Google Benchmark's compare.py (its `gbench` module beside it).
    static let comparePy = "/usr/share/benchmark/compare.py"

    /// A quick virtual-time run of the accelerometer (raw and low-pass) into a new folder.
    private func run(formats: String, repetitions: Int = 3) throws -> URL {
        let folder = CLI.temporaryFolder()
        let outcome = try CLI.run([
            "run", "accelerometer", "--mode", "virtual", "--samples", "2000", "--repetitions", String(repetitions),
            "--format", formats, "--quiet", "--out", folder.path,
        ])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        return folder
    }

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func runWritesExactlyTheFormatsAsked() throws {
        let folder = try run(formats: "gbench-json,action-json")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try files(in: folder) == ["action-benchmark.json", "gbench.json"])

        let gbench = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("gbench.json"))) as? [String: Any]
        let entries = try #require(gbench?["benchmarks"] as? [[String: Any]])
        let names = entries.map { $0["name"] as! String }
        for filter in ["raw", "low-pass"] {
            let name = "accelerometer/10Hz/\(filter)/virtual"
            #expect(names.filter { $0 == name }.count == 3, "three repetitions of \(name)")
            #expect(["mean", "median", "stddev", "cv"].allSatisfy { names.contains("\(name)_\($0)") })
        }
        #expect(entries.filter { $0["run_type"] as? String == "iteration" }.allSatisfy { $0["iterations"] as? Int == 2000 })
        let context = try #require(gbench?["context"] as? [String: Any])
        #expect(context["num_cpus"] as? Int == ProcessInfo.processInfo.activeProcessorCount)
        #expect(["debug", "release"].contains(context["library_build_type"] as? String ?? ""))

        let action =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("action-benchmark.json"))) as? [[String: Any]]
        // Allocations are counted unless the build cannot (a sanitizer).
        let counted = entries.contains { $0["allocs_per_sample"] != nil }
        let heap = ["heap_held_bytes", "heap_peak_bytes", "heap_transient_bytes", "heap_leaked_bytes"]
        let figures =
            ["cpu_ns_per_sample"] + (counted ? ["allocs_per_sample", "alloc_bytes_per_sample"] : []) + ["peak_rss_mib"]
            + (counted ? heap : []) + ["peak_rss_delta_bytes"]
        // Then each filter's shakes, scored against the virtual device's, as a shortfall from a perfect F1.
        #expect(
            action?.map { $0["name"] as! String } == ["raw", "low-pass"].flatMap { filter in
                figures.map { "accelerometer/10Hz/\(filter)/virtual \($0)" }
            } + ["raw", "low-pass"].map { "accelerometer/10Hz/\($0) event_f1_shortfall" })
    }

    @Test func reportWritesGoogleBenchmarksJSONFromRunJSON() throws {
        let folder = try run(formats: "json,gbench-json", repetitions: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gbench = folder.appendingPathComponent("gbench.json")
        let written = try Data(contentsOf: gbench)
        try FileManager.default.removeItem(at: gbench)
        let outcome = try CLI.run(["report", folder.path, "--format", "gbench-json"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        #expect(outcome.stdout == "Wrote \(folder.path)/: gbench.json\n")
        #expect(try files(in: folder) == ["gbench.json", "run.json"])
        #expect(try Data(contentsOf: gbench) == written, "the same file from the run and from its run.json")
    }

    @Test(arguments: [
        (["run", "accelerometer", "--format", "xml"], "--format: unknown format 'xml'"),
        (["run", "accelerometer", "--format", "csv,,md"], "--format"),
        (["run", "accelerometer", "--format", ""], "--format"),
    ])
    func aBadFormatExits64NamingTheFlagAndWritesNothing(arguments: [String], message: String) throws {
        let folder = CLI.temporaryFolder()
        let outcome = try CLI.run(arguments + ["--out", folder.path])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains(message), "stderr: \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func reportWithABadFormatExits64AndWritesNothing() throws {
        let folder = try run(formats: "json", repetitions: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try CLI.run(["report", folder.path, "--format", "csv,gbench"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--format: unknown format 'gbench'"), "stderr: \(outcome.stderr)")
        #expect(try files(in: folder) == ["run.json"])
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: comparePy),
            "Google Benchmark's compare.py is not installed (apt-get install libbenchmark-tools python3-scipy)"
        ))
    func googleBenchmarksComparePyComparesTwoRuns() throws {
        let baseline = try run(formats: "gbench-json"), candidate = try run(formats: "gbench-json")
        defer {
            try? FileManager.default.removeItem(at: baseline)
            try? FileManager.default.removeItem(at: candidate)
        }
        let output = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.comparePy, "--no-color", "benchmarks",
            baseline.appendingPathComponent("gbench.json").path, candidate.appendingPathComponent("gbench.json").path,
        ]
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        process.waitUntilExit()
        let printed = try String(contentsOf: output, encoding: .utf8)
        #expect(process.terminationStatus == 0, "compare.py (needs python3 with scipy): \(printed)")
        for filter in ["raw", "low-pass"] {
            let name = "accelerometer/10Hz/\(filter)/virtual"
            #expect(printed.contains("\(name) ") && printed.contains("\(name)_median "), "\(printed)")
            #expect(printed.contains("\(name)_pvalue"), "three repetitions a side get a U test: \(printed)")
        }
        #expect(printed.contains("OVERALL_GEOMEAN"))
    }
}
