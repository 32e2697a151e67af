import Foundation

/// Where and how a run was made: without it a timing means little and cannot be compared.
public struct RunEnvironment: Sendable, Codable, Equatable {
    /// Host name.
    public var host: String
    /// CPU model as the OS names it.
    public var cpuModel: String
    /// Logical cores available to the process.
    public var cores: Int
    /// Operating system name and version.
    public var os: String
    /// Kernel release.
    public var kernel: String
    /// Machine architecture, e.g. x86_64.
    public var architecture: String
    /// The Swift compiler the tool was built with.
    public var swiftVersion: String
    /// debug or release.
    public var buildConfiguration: String
    /// The git commit of the working directory, when it is a checkout and git is installed.
    public var gitCommit: String?
    /// The exact command line.
    public var commandLine: [String]
    /// The committer time of `gitCommit`, seconds since 1970, as git gave it when the run started;
    /// nil without a commit, when git could not say, and in runs made before it was recorded.
    public var gitCommitTime: Int64? = nil

    /// Reads the current machine and process.
    public static func current(commandLine: [String] = CommandLine.arguments) -> RunEnvironment {
        var names = utsname()
        uname(&names)
        let commit = GitCommit.current()
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return RunEnvironment(
            host: ProcessInfo.processInfo.hostName,
            cpuModel: cpuModel() ?? "unknown",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            os: osName() ?? field(names.sysname),
            kernel: field(names.release),
            architecture: field(names.machine),
            swiftVersion: compilerVersion,
            buildConfiguration: buildConfiguration,
            gitCommit: commit,
            commandLine: commandLine,
            gitCommitTime: commit.flatMap { GitCommit.times(of: [$0])[$0.lowercased()] }
        )
    }

    static var buildConfiguration: String {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }

    static var compilerVersion: String {
        #if compiler(>=6.4)
            return "6.4 or later"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2)
            return "6.2"
        #elseif compiler(>=6.1)
            return "6.1"
        #else
            return "6.0 or earlier"
        #endif
    }

    private static func cpuModel() -> String? {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
            return value(of: "model name", in: text, separator: ":")
        #else
            var size = 0
            guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return nil }
            var bytes = [CChar](repeating: 0, count: size)
            guard sysctlbyname("machdep.cpu.brand_string", &bytes, &size, nil, 0) == 0 else { return nil }
            return String(cString: bytes)
        #endif
    }

    private static func osName() -> String? {
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
            return value(of: "PRETTY_NAME", in: text, separator: "=")?.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        #else
            return ProcessInfo.processInfo.operatingSystemVersionString
        #endif
    }

    /// The value after `separator` on the first line whose key is `key`.
    static func value(of key: String, in text: String, separator: Character) -> String? {
        for line in text.split(separator: "\n") {
            guard let cut = line.firstIndex(of: separator) else { continue }
            if line[..<cut].trimmingCharacters(in: .whitespaces) == key {
                return line[line.index(after: cut)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
