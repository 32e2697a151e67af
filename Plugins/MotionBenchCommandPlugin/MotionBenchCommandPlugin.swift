import Foundation
import PackagePlugin

/// `swift package motionbench …`: builds the package's benchmark executable in release and runs it with
/// the arguments given, from the package's folder, as `swift package benchmark` does for
/// package-benchmark's users.
///
/// The executable is the package's executable product whose targets depend, directly or not, on
/// motionbench's `MotionBenchCLI` (found by that dependency, not by name, so renames do not break it).
/// With several, `--target NAME` picks one. Only `--target`, `--configuration debug|release` (release
/// by default: a plugin's build would otherwise be a debug one) and `--dry-run` (print the command, run
/// nothing) are the plugin's; every other argument goes to the executable as it is, so each flag and
/// its help live in one place, the executable's.
@main
struct MotionBenchCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targets = extractor.extractOption(named: "target")
        let configurations = extractor.extractOption(named: "configuration")
        let dryRun = extractor.extractFlag(named: "dry-run") > 0
        let forwarded = extractor.remainingArguments

        let configuration: PackageManager.BuildConfiguration
        switch configurations.last ?? "release" {
        case "release": configuration = .release
        case "debug": configuration = .debug
        case let other: throw PluginFailure("--configuration: '\(other)' is neither debug nor release")
        }
        let product = try benchmarkProduct(in: context.package, named: targets)

        let build = try packageManager.build(.product(product.name), parameters: .init(configuration: configuration, logging: .concise))
        guard build.succeeded else {
            print(build.logText)
            throw PluginFailure("building \(product.name) failed")
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
            // SwiftPM reports every failing plugin with status 1: say which code the tool gave.
            throw PluginFailure("\(product.name) exited with \(status): \(ExitMeaning.describe(status))")
        }
    }

    /// The executable product to run: the one `names` picks, or the only one depending on `MotionBenchCLI`.
    private func benchmarkProduct(in package: Package, named names: [String]) throws -> ExecutableProduct {
        let candidates = package.products(ofType: ExecutableProduct.self).filter { product in
            product.targets.contains { Self.dependsOnCommandLine($0, seen: []) }
        }
        if let name = names.last {
            guard let product = candidates.first(where: { $0.name == name }) else {
                throw PluginFailure("--target: '\(name)' is not an executable using MotionBenchCLI (found: \(Self.list(candidates)))")
            }
            return product
        }
        guard candidates.count == 1, let product = candidates.first else {
            throw PluginFailure(candidates.isEmpty
                ? "no executable product of \(package.displayName) depends on MotionBenchCLI: add one whose main calls MotionbenchCommand.main(catalogue:)"
                : "several executables use MotionBenchCLI (\(Self.list(candidates))): pick one with --target NAME")
        }
        return product
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

    /// Runs `path` with `arguments` in `folder`, the terminal's input and output passed through, and
    /// returns its exit status (128 + the signal for one killed by a signal).
    private static func run(_ path: String, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    private static func list(_ products: [ExecutableProduct]) -> String {
        products.isEmpty ? "none" : products.map(\.name).joined(separator: ", ")
    }

    private static func quoted(_ argument: String) -> String {
        argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,@".contains($0) } ? argument : "'\(argument.replacingOccurrences(of: "'", with: "'\\''"))'"
    }
}

/// A failure of the plugin itself, with the message SwiftPM prints.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
