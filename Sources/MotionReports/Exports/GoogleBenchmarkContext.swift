import MotionResults

/// The `context` object of Google Benchmark's JSON: the machine and build the figures came from.
///
/// Filled from the run's environment. What motionbench does not record is left out rather than made
/// up: `mhz_per_cpu` and `cpu_scaling_enabled` are absent, and `caches` and `load_avg` are empty, as
/// Google Benchmark writes them when it cannot read them. What Google Benchmark's fixed fields have no
/// room for (CPU model, OS, kernel, Swift version, commit, command line, source) follows as string
/// entries, as Google Benchmark's `AddCustomContext` adds them.
struct GoogleBenchmarkContext: Encodable, Equatable {
    /// When the run started, ISO 8601 with a UTC offset.
    var date: String
    var hostName: String
    /// The program that measured, as it was invoked.
    var executable: String?
    var numCpus: Int
    /// `release` or `debug`: motionbench's own build.
    var libraryBuildType: String
    /// Further facts, by name.
    var custom: [String: String]

    init(_ run: RunResult) {
        let environment = run.environment
        // Google Benchmark writes its date with a numeric offset; a run records UTC with a `Z`.
        date = run.startedAt.hasSuffix("Z") ? String(run.startedAt.dropLast()) + "+00:00" : run.startedAt
        hostName = environment.host
        executable = environment.commandLine.first
        numCpus = environment.cores
        libraryBuildType = environment.buildConfiguration
        custom = [
            "cpu_model": environment.cpuModel, "os": environment.os, "kernel": environment.kernel,
            "architecture": environment.architecture, "swift_version": environment.swiftVersion,
            "command_line": environment.commandLine.joined(separator: " "), "source": run.settings.source,
        ]
        if let commit = environment.gitCommit { custom["git_commit"] = commit }
    }

    func encode(to encoder: Encoder) throws {
        var object = encoder.container(keyedBy: JSONKey.self)
        try object.encode(date, forKey: JSONKey("date"))
        try object.encode(hostName, forKey: JSONKey("host_name"))
        try object.encodeIfPresent(executable, forKey: JSONKey("executable"))
        try object.encode(numCpus, forKey: JSONKey("num_cpus"))
        try object.encode([Int](), forKey: JSONKey("caches"))
        try object.encode([Double](), forKey: JSONKey("load_avg"))
        try object.encode(libraryBuildType, forKey: JSONKey("library_build_type"))
        for (name, value) in custom { try object.encode(value, forKey: JSONKey(name)) }
    }
}
