import Foundation
import PackagePlugin

/// `swift package motionbench …`: builds the package's benchmark executable in release and runs it with
/// the arguments given, from the package's folder, as `swift package benchmark` does for
/// package-benchmark's users; `swift package motionbench init NAME` adds such an executable to start
/// from (`StarterTarget`).
///
/// The executable is the package's executable product whose targets depend, directly or not, on
/// motionbench's `MotionBenchCLI` (found by that dependency, not by name, so renames do not break it).
/// With several, `--target NAME` picks one (with `init`, `--target` names the package's library targets
/// the new one depends on, all of them by default). Only `--target`, `--configuration debug|release`
/// (release by default: a plugin's build would otherwise be a debug one) and `--dry-run` (build, then
/// print the command instead of running it; with `init`, print the files it would write) are the plugin's;
/// every other argument goes to the executable as it is, so each flag and its help live in one place,
/// the executable's.
///
/// SwiftPM ends every failing plugin with exit code 1, whatever the executable's, so the plugin's last
/// line gives the executable's code and what it means; and it prints whatever a plugin's children
/// write on its standard output, so the executable's standard error is passed on as diagnostics
/// (`StandardErrorRelay`), which SwiftPM prints on its standard error.
@main
struct MotionBenchCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targets = extractor.extractOption(named: "target")
        let configurations = extractor.extractOption(named: "configuration")
        let dryRun = extractor.extractFlag(named: "dry-run") > 0
        let forwarded = extractor.remainingArguments

        if forwarded.first == "init" {
            guard configurations.isEmpty else { throw PluginFailure("init takes no --configuration") }
            try initialize(Array(forwarded.dropFirst()), libraries: targets, in: context.package, dryRun: dryRun)
            return
        }

        let configuration: PackageManager.BuildConfiguration
        switch configurations.last ?? "release" {
        case "release": configuration = .release
        case "debug": configuration = .debug
        case let other: throw PluginFailure("--configuration: '\(other)' is neither debug nor release")
        }
        let product = try benchmarkProduct(in: context.package, named: targets)

        // The first build compiles motionbench too, for minutes: say so, and show the build's lines as
        // they come, on standard error, where they do not mix with the executable's output.
        Diagnostics.progress("Building \(product.name) (\(configuration == .release ? "release" : "debug"))…")
        let build = try packageManager.build(
            .product(product.name), parameters: .init(configuration: configuration, logging: .concise, echoLogs: true))
        guard build.succeeded else {
            throw PluginFailure("building \(product.name) failed (its log is above)")
        }
        guard let executable = build.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == product.name }) else {
            throw PluginFailure("the build of \(product.name) made no executable")
        }
        let path = executable.url.path(percentEncoded: false)
        if dryRun {
            print(([path] + forwarded).map(Self.quoted).joined(separator: " "))
            return
        }
        let status = try Self.run(path, forwarded, in: context.package.directoryURL)
        if status != 0 {
            let shown = executable.url.path(relativeTo: context.package.directoryURL)
            throw PluginFailure(
                "\(product.name) exited with \(status): \(ExitMeaning.describe(status)) "
                    + "(swift package reports any plugin's failure as 1; \(shown) itself exits \(status))")
        }
    }

    /// `init NAME`: writes the starter target, depending on the package's library targets `libraries`
    /// names (all of them when it names none), or, with `dryRun`, prints what it would write; says what
    /// it added and what to run next.
    private func initialize(_ arguments: [String], libraries: [String], in package: Package, dryRun: Bool) throws {
        guard arguments.count == 1, let name = arguments.first else {
            throw PluginFailure(
                "init: name the target to create, e.g. swift package --allow-writing-to-package-directory motionbench init my-feature-bench")
        }
        let starter = try StarterTarget(name: name, libraries: libraries, in: package)
        let main = starter.mainFile.path(relativeTo: package.directoryURL)
        if dryRun {
            print("--- \(main)\n\(starter.mainText)")
            if let manifest = starter.editableManifest() {
                print("--- appended to Package.swift\n\(starter.appendix(manifest: manifest.text))")
            } else {
                print("--- to add to the targets of Package.swift\n\(starter.targetEntry)")
            }
            return
        }
        let editedManifest = try starter.write()
        print("Created \(main): the workload '\(starter.workloadName)' to start from, written as closures.")
        if editedManifest {
            print("Added the executable target \(name) to Package.swift, depending on \(starter.dependencySummary).")
        } else {
            let platforms =
                starter.manifestNamesPlatforms ? "" : "and, as motionbench needs macOS 13, `platforms: [.macOS(.v13)]` to its Package(…), "
            print(
                "Package.swift could not be edited safely (it does not declare `let package = Package(…)` at its top, or a version-specific manifest takes its place): add this to its targets (it depends on \(starter.dependencySummary)), \(platforms)then run the command below:\n\n\(starter.targetEntry)\n"
            )
        }
        let target = Self.benchmarkProducts(in: package).isEmpty ? "" : " --target \(name)"
        print("Next: swift package --allow-writing-to-package-directory motionbench run --all --quick\(target)")
    }

    /// The executable product to run: the one `names` picks, or the only one depending on `MotionBenchCLI`.
    private func benchmarkProduct(in package: Package, named names: [String]) throws -> ExecutableProduct {
        let candidates = Self.benchmarkProducts(in: package)
        if let name = names.last {
            guard let product = candidates.first(where: { $0.name == name }) else {
                throw PluginFailure("--target: '\(name)' is not an executable using MotionBenchCLI (found: \(Self.list(candidates)))")
            }
            return product
        }
        guard candidates.count == 1, let product = candidates.first else {
            throw PluginFailure(
                candidates.isEmpty
                    ? "no executable product of \(package.displayName) depends on MotionBenchCLI: make one with swift package --allow-writing-to-package-directory motionbench init NAME"
                    : "several executables use MotionBenchCLI (\(Self.list(candidates))): pick one with --target NAME")
        }
        return product
    }

    /// The package's executable products depending on `MotionBenchCLI`.
    private static func benchmarkProducts(in package: Package) -> [ExecutableProduct] {
        package.products(ofType: ExecutableProduct.self).filter { product in
            product.targets.contains { dependsOnCommandLine($0, seen: []) }
        }
    }

    /// Whether `target`, or a target or product it depends on, is motionbench's command-line library.
    private static func dependsOnCommandLine(_ target: Target, seen: Set<String>) -> Bool {
        guard !seen.contains(target.id) else { return false }
        let seen = seen.union([target.id])
        if target.name == "MotionBenchCLI" { return true }
        return target.dependencies.contains { dependency in
            switch dependency {
            case let .target(dependency):
                return dependsOnCommandLine(dependency, seen: seen)
            case let .product(product):
                return product.name == "MotionBenchCLI" || product.targets.contains { dependsOnCommandLine($0, seen: seen) }
            @unknown default:
                return false
            }
        }
    }

    /// Runs `path` with `arguments` in `folder`, its standard output passed through and its standard
    /// error relayed line by line, and returns its exit status (128 + the signal for one killed by a
    /// signal).
    private static func run(_ path: String, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var relay = StandardErrorRelay()
        let reader = errors.fileHandleForReading
        while case let data = reader.availableData, !data.isEmpty {
            relay.take(data)
        }
        relay.finish()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    private static func list(_ products: [ExecutableProduct]) -> String {
        products.isEmpty ? "none" : products.map(\.name).joined(separator: ", ")
    }

    private static func quoted(_ argument: String) -> String {
        argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@".contains($0) }
            ? argument : "'\(argument.replacingOccurrences(of: "'", with: "'\\''"))'"
    }
}

/// A failure of the plugin itself, with the message SwiftPM prints.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
