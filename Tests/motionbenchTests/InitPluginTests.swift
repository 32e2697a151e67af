import Foundation
import TestSupport
import Testing

/// `swift package motionbench init NAME` in a user's package, run through SwiftPM as a user runs it,
/// for each way of depending on motionbench: by path with the guide's `name: "motionbench"` in a
/// folder named otherwise, by path without `name:` (the folder's name is then the package's), and by
/// URL. SwiftPM loading the manifest `init` wrote (`swift package describe`) is the check that it
/// builds on the first try as far as the manifest goes: a `package:` naming no dependency, or a
/// target that is not there, fails it. Compiling the new target takes minutes, so `.ci/run` does that
/// once, for the guide's form.
@Suite(.serialized) struct InitPluginTests {
    /// A folder shared by the suite's tests: motionbench as `motionbench-main/` (a symbolic link to this
    /// repository, named as an unpacked download is), the users' packages beside it, and one SwiftPM
    /// build folder, so the plugin compiles once for the path forms.
    struct Workspace {
        let folder: URL
        var scratch: URL { folder.appendingPathComponent("build") }

        init() throws {
            folder = try Repository.scratchFolder("motionbench-init")
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("motionbench-main"), withDestinationURL: Repository.root)
        }

        /// A new package `name` beside motionbench, depending on it by `dependency` (a `.package(…)`
        /// with `commentedOut` as a comment above it), with an empty library target for each of
        /// `libraries`.
        func package(_ name: String, dependency: String, commentedOut: String = "", libraries: [String]) throws -> URL {
            let package = folder.appendingPathComponent(name)
            for library in libraries {
                let sources = package.appendingPathComponent("Sources/\(library)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                try Data("public struct \(library)Detector {}\n".utf8).write(to: sources.appendingPathComponent("\(library).swift"))
            }
            let targets = libraries.map { ".target(name: \"\($0)\")" }.joined(separator: ", ")
            let manifest = """
                // swift-tools-version: 6.1
                import PackageDescription

                let package = Package(
                    name: "\(name)",
                    products: [.library(name: "\(name)", targets: [\(libraries.map { "\"\($0)\"" }.joined(separator: ", "))])],
                    dependencies: [
                        \(commentedOut.isEmpty ? "" : "// \(commentedOut)")
                        \(dependency),
                    ],
                    targets: [\(targets)]
                )

                """
            try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
            return package
        }

        /// `swift package` with `arguments` in `package`, in the suite's build folder.
        func swiftPackage(_ arguments: [String], in package: URL) throws -> CLI.Outcome {
            try CLI.run(
                ["swift", "package", "--scratch-path", scratch.path] + arguments, in: package, executable: URL(fileURLWithPath: "/usr/bin/env"))
        }

        /// `swift package motionbench init` with `arguments` in `package`, allowed to write there.
        func initialize(_ arguments: [String], in package: URL) throws -> CLI.Outcome {
            try swiftPackage(["--allow-writing-to-package-directory", "motionbench", "init"] + arguments, in: package)
        }

        /// Each target of `package` by name, with the targets and products it depends on, as SwiftPM
        /// loads the manifest; fails the test when SwiftPM refuses it.
        func targets(of package: URL) throws -> [String: (targets: [String], products: [String])] {
            let outcome = try swiftPackage(["describe", "--type", "json"], in: package)
            try #require(outcome.status == 0, "SwiftPM refuses the manifest: \(outcome.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let targets = try #require(json["targets"] as? [[String: Any]])
            return Dictionary(
                uniqueKeysWithValues: targets.map { target in
                    (
                        target["name"] as? String ?? "",
                        (target["target_dependencies"] as? [String] ?? [], target["product_dependencies"] as? [String] ?? [])
                    )
                })
        }
    }

    private static let shared = Result { try Workspace() }

    @Test func byPathWithTheGuidesNameInAFolderNamedOtherwise() throws {
        let workspace = try Self.shared.get()
        // The commented-out declaration, without `name:`, must not be the one read.
        let package = try workspace.package(
            "FaceDown", dependency: ".package(name: \"motionbench\", path: \"../motionbench-main\")",
            commentedOut: ".package(path: \"../motionbench-main\")", libraries: ["FaceDown", "FaceDownUI"])
        let outcome = try workspace.initialize(["face-down-bench"], in: package)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout.contains(
                "Added the executable target face-down-bench to Package.swift, depending on MotionBenchCLI (package \"motionbench\") and FaceDown, FaceDownUI, this package's libraries, which main.swift imports."
            ), "\(outcome.stdout)")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            manifest.contains(
                "package.targets.append(.executableTarget(name: \"face-down-bench\", dependencies: [\"FaceDown\", \"FaceDownUI\", .product(name: \"MotionBenchCLI\", package: \"motionbench\")]))"
            ), "\(manifest)")
        let main = try String(contentsOf: package.appendingPathComponent("Sources/face-down-bench/main.swift"), encoding: .utf8)
        #expect(main.hasPrefix("import MotionBenchCLI\nimport FaceDown\nimport FaceDownUI\n\n"), "\(main)")
        let target = try #require(try workspace.targets(of: package)["face-down-bench"])
        #expect(target.targets == ["FaceDown", "FaceDownUI"] && target.products == ["MotionBenchCLI"])
    }

    @Test func byPathWithoutANameTheFoldersNameNamesThePackage() throws {
        let workspace = try Self.shared.get()
        let package = try workspace.package(
            "TapTilt", dependency: ".package(path: \"../motionbench-main\")", libraries: ["TapTilt", "TapTiltUI"])
        let unknown = try workspace.initialize(["tap-tilt-bench", "--target", "TapTiltKit"], in: package)
        #expect(unknown.status != 0)
        #expect(
            unknown.stderr.contains("init --target: 'TapTiltKit' is not a library target of TapTilt (its library targets: TapTilt, TapTiltUI)"),
            "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("Sources/tap-tilt-bench").path), "nothing written")

        let outcome = try workspace.initialize(["tap-tilt-bench", "--target", "TapTilt"], in: package)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout.contains(
                "depending on MotionBenchCLI (package \"motionbench-main\") and TapTilt, this package's library, which main.swift imports."),
            "\(outcome.stdout)")
        let target = try #require(try workspace.targets(of: package)["tap-tilt-bench"])
        #expect(target.targets == ["TapTilt"] && target.products == ["MotionBenchCLI"], "only the library --target names")
    }

    @Test func byURL() throws {
        let workspace = try Self.shared.get()
        // A repository of motionbench's manifest and sources as they are in this checkout.
        let repository = workspace.folder.appendingPathComponent("repositories/motionbench")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        for part in ["Package.swift", "Sources", "Plugins"] {
            try FileManager.default.copyItem(at: Repository.url(part), to: repository.appendingPathComponent(part))
        }
        for command in [
            ["init", "-q", "-b", "main"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "motionbench"],
        ] {
            let git = try CLI.run(["git"] + command, in: repository, executable: URL(fileURLWithPath: "/usr/bin/env"))
            try #require(git.status == 0, "git \(command): \(git.stderr)")
        }
        let package = try workspace.package(
            "Leveler", dependency: ".package(url: \"file://\(repository.path)\", branch: \"main\")", libraries: ["Leveler"])
        let outcome = try workspace.initialize(["leveler-bench"], in: package)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("dependencies: [\"Leveler\", .product(name: \"MotionBenchCLI\", package: \"motionbench\")]"), "\(manifest)")
        let target = try #require(try workspace.targets(of: package)["leveler-bench"])
        #expect(target.targets == ["Leveler"] && target.products == ["MotionBenchCLI"])
    }
}
