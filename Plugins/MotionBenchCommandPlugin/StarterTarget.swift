import Foundation
import PackagePlugin

/// `swift package motionbench init NAME`: a benchmark executable to start from, as `swift package
/// benchmark init` makes one for package-benchmark's users.
///
/// It writes `Sources/NAME/main.swift`, one `ClosureWorkload` and the command line over it, and adds
/// the target to the manifest by appending a statement to `Package.swift`, which is safe whenever the
/// manifest declares `let package = Package(…)` at its top level and no version-specific manifest
/// (`Package@swift-….swift`) takes its place; otherwise it prints the lines to add. The target depends
/// on motionbench's `MotionBenchCLI`, named by the package as the manifest declares motionbench
/// (`DependencyDeclaration`), and on the package's own library targets (all of them, or those
/// `--target` names), which `main.swift` imports. A name already taken is refused before anything is
/// written, and a failed write removes what was written.
struct StarterTarget {
    /// The target's name, also its folder's and its executable's.
    let name: String
    /// How the new target names motionbench's command-line library, the one product of motionbench it
    /// needs (it re-exports the workload types).
    let dependency: String
    /// The package motionbench is to the manifest (what `.product(…, package:)` says); nil when the
    /// package is motionbench itself.
    let motionbenchReference: String?
    /// The package's own library targets the new target depends on: their names and modules.
    let libraries: [(target: String, module: String)]
    /// The package's folder.
    let folder: URL

    /// A starter called `name` for `package`, depending on the library targets `requested` names (all
    /// of the package's when it names none); throws a `PluginFailure` when the name is not a valid one
    /// or is taken, when a requested target is not a library of the package, or when nothing in the
    /// package provides `MotionBenchCLI`.
    init(name: String, libraries requested: [String], in package: Package) throws {
        guard Self.isValidName(name) else {
            throw PluginFailure("init: '\(name)' is not a target name: letters, digits, '-' and '_', starting with a letter")
        }
        if let module = Self.toolchainModules.first(where: { Self.moduleName($0) == Self.moduleName(name) }) {
            throw PluginFailure(
                "init: '\(name)' is the Swift toolchain's module \(module): a target of that name would stand in for it, and the package would not build: pick another name"
            )
        }
        if let target = package.targets.first(where: { Self.moduleName($0.name) == Self.moduleName(name) }) {
            throw PluginFailure("init: \(package.displayName) already has a target named '\(target.name)': pick another name")
        }
        guard !Self.moduleNames(of: package).contains(Self.moduleName(name)) else {
            throw PluginFailure("init: a module named '\(name)' already exists in \(package.displayName)'s dependencies: pick another name")
        }
        let folder = package.directoryURL
        self.name = name
        self.folder = folder
        let isMotionbench = package.targets.contains { $0.name == "MotionBenchCLI" }
        if isMotionbench {
            dependency = "\"MotionBenchCLI\""
            motionbenchReference = nil
        } else if let motionbench = package.dependencies.map(\.package).first(where: { $0.products.contains { $0.name == "MotionBenchCLI" } }) {
            let declarations = Self.manifestTexts(in: folder).flatMap { DependencyDeclaration.all(in: $0, folder: folder) }
            let reference = declarations.first { $0.identity == motionbench.id.lowercased() }?.referenceName ?? motionbench.id
            dependency = ".product(name: \"MotionBenchCLI\", package: \"\(reference)\")"
            motionbenchReference = reference
        } else {
            throw PluginFailure("init: no dependency of \(package.displayName) provides MotionBenchCLI: add motionbench to its dependencies first")
        }
        // motionbench's own libraries come with MotionBenchCLI; a user's package gets its own added.
        let candidates = package.targets.compactMap { $0 as? SourceModuleTarget }.filter { $0.kind == .generic }
        let chosen: [SourceModuleTarget]
        if requested.isEmpty {
            chosen = isMotionbench ? [] : candidates
        } else {
            chosen = try requested.map { wanted in
                guard let target = candidates.first(where: { $0.name == wanted }) else {
                    let known = candidates.isEmpty ? "it has none" : "its library targets: \(candidates.map(\.name).joined(separator: ", "))"
                    throw PluginFailure("init --target: '\(wanted)' is not a library target of \(package.displayName) (\(known))")
                }
                return target
            }
        }
        var seen = Set<String>()
        libraries = chosen.filter { seen.insert($0.name).inserted }.map { ($0.name, $0.moduleName) }
    }

    /// The text of each manifest in `folder`: `Package.swift` and any version-specific one.
    private static func manifestTexts(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift") && $0.hasSuffix(".swift")) }.sorted()
            .compactMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    /// The workload's name in the starter: the target's in lower-case words joined by hyphens
    /// (`FaceDownBench` → `face-down-bench`).
    var workloadName: String {
        var words: [String] = []
        var word = ""
        var previous: Character?
        for character in name {
            if character == "-" || character == "_" {
                words.append(word)
                word = ""
            } else {
                if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                    words.append(word)
                    word = ""
                }
                word.append(Character(character.lowercased()))
            }
            previous = character
        }
        words.append(word)
        return words.filter { !$0.isEmpty }.joined(separator: "-")
    }

    /// `Sources/NAME/main.swift`.
    var mainFile: URL {
        folder.appendingPathComponent("Sources").appendingPathComponent(name).appendingPathComponent("main.swift")
    }

    /// What `main.swift` holds.
    var mainText: String {
        let imports = (["MotionBenchCLI"] + libraries.map(\.module)).map { "import \($0)" }.joined(separator: "\n")
        let feature = libraries.isEmpty ? "a target of its own" : libraries.map(\.module).joined(separator: " or ")
        return """
            \(imports)

            // A workload to start from: it counts jolts, moments when the acceleration's size (smoothed in the
            // `smoothed` variant) strays from 1 g by more than half a g. Put your feature in its place: its
            // state (the type your app keeps, from \(feature)) and the code your app runs per sample.
            // A run measures each rate in `rates` and each variant in `filters`, in real and in virtual time.
            let workload = ClosureWorkload(
                name: "\(workloadName)", summary: "counts jolts: the acceleration's size straying from 1 g",
                sensors: [.accelerometer], rates: [50, 100], filters: ["raw", "smoothed"]
            ) { configuration in
                let smoothing = configuration.filter == "smoothed" ? 0.2 : 1
                return SampleHandler((jolts: 0, size: 1.0)) { state, sample in
                    let size = (sample.value.x * sample.value.x + sample.value.y * sample.value.y + sample.value.z * sample.value.z).squareRoot()
                    state.size += (size - state.size) * smoothing
                    if abs(state.size - 1) > 0.5 { state.jolts += 1 }
                }
                .summary { state in ["jolts": Double(state.jolts)] }
            }

            // The whole motionbench command line (run, compare, baseline, plot…) over this package's workloads.
            MotionbenchCommand.main(catalogue: try WorkloadCatalogue([workload]))

            """
    }

    /// The target as an entry of the manifest's `targets:`.
    var targetEntry: String {
        let dependencies = libraries.map { "\"\($0.target)\"" } + [dependency]
        return ".executableTarget(name: \"\(name)\", dependencies: [\(dependencies.joined(separator: ", "))])"
    }

    /// What the target depends on, in words: `MotionBenchCLI (package "motionbench") and FaceDown, this
    /// package's library`.
    var dependencySummary: String {
        let commandLine = "MotionBenchCLI" + (motionbenchReference.map { " (package \"\($0)\")" } ?? "")
        guard !libraries.isEmpty else { return commandLine }
        let names = libraries.map(\.target).joined(separator: ", ")
        let own = libraries.count == 1 ? "this package's library, which main.swift imports" : "this package's libraries, which main.swift imports"
        return "\(commandLine) and \(names), \(own)"
    }

    /// Whether the manifest names the platforms it supports; without them, macOS builds for 10.13,
    /// older than motionbench's 13.
    var manifestNamesPlatforms: Bool {
        (try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8))?.contains("platforms") ?? false
    }

    /// The statements appended to a manifest declaring `let package = Package(…)`: the target, and the
    /// platform motionbench needs on macOS when the package names none.
    func appendix(manifest: String) -> String {
        var text = "\n// The motionbench benchmark \(name), added by `swift package motionbench init \(name)`.\n"
        text += "package.targets.append(\(targetEntry))\n"
        if !manifestNamesPlatforms {
            text += "// motionbench needs macOS 13 or later.\npackage.platforms = [.macOS(.v13)]\n"
        }
        return (manifest.hasSuffix("\n") ? "" : "\n") + text
    }

    /// `Package.swift`, when appending to it is safe; nil otherwise.
    func editableManifest() -> (url: URL, text: String)? {
        let url = folder.appendingPathComponent("Package.swift")
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !siblings.contains(where: { $0.hasPrefix("Package@swift") && $0.hasSuffix(".swift") }),
            let text = try? String(contentsOf: url, encoding: .utf8),
            text.split(separator: "\n").contains(where: { $0.hasPrefix("let package = Package(") || $0.hasPrefix("var package = Package(") })
        else { return nil }
        return (url, text)
    }

    /// Writes the folder, `main.swift` and, when safe, the manifest's new lines; returns whether the
    /// manifest was edited. Refuses (a `PluginFailure`) a folder that exists; removes what it wrote
    /// when a later write fails.
    func write() throws -> Bool {
        let files = FileManager.default
        let targetFolder = mainFile.deletingLastPathComponent()
        guard !files.fileExists(atPath: targetFolder.path) else {
            throw PluginFailure("init: \(targetFolder.path(relativeTo: folder))/ already exists: pick another name, or remove it")
        }
        // The first folder this creates, removed again should anything fail.
        var created = targetFolder
        while !files.fileExists(atPath: created.deletingLastPathComponent().path) { created = created.deletingLastPathComponent() }
        do {
            try files.createDirectory(at: targetFolder, withIntermediateDirectories: true)
            try Data(mainText.utf8).write(to: mainFile, options: .withoutOverwriting)
            guard let manifest = editableManifest() else { return false }
            try Data((manifest.text + appendix(manifest: manifest.text)).utf8).write(to: manifest.url, options: .atomic)
            return true
        } catch {
            try? files.removeItem(at: created)
            throw PluginFailure("init: \(error.localizedDescription); nothing was written")
        }
    }

    /// The modules every Swift toolchain or SDK provides, which a target's module must not shadow: the
    /// standard library's, Foundation's, the C libraries' overlays, the test frameworks', and those the
    /// manifest and plugin APIs import. (The names starting with `_`, `_Concurrency` and its kin, are
    /// no target names already.)
    static let toolchainModules = [
        "Swift", "SwiftOnoneSupport", "SwiftShims", "Distributed", "Observation", "RegexBuilder", "Synchronization", "Runtime", "Cxx",
        "CxxStdlib", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "CoreFoundation", "Dispatch", "XCTest", "Testing", "Glibc", "SwiftGlibc", "Musl", "Android", "Bionic", "WASILibc", "WinSDK",
        "ucrt", "CRT", "Darwin", "ObjectiveC", "os", "PackageDescription", "PackagePlugin", "CompilerPluginSupport",
    ]

    /// Letters, digits, `-` and `_`, starting with a letter.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.count <= 64 else { return false }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        return CharacterSet.letters.contains(first) && name.unicodeScalars.allSatisfy { $0.isASCII && allowed.contains($0) }
    }

    /// The module a target called `name` makes (hyphens become underscores), compared without case as
    /// file systems may.
    static func moduleName(_ name: String) -> String {
        name.replacingOccurrences(of: "-", with: "_").lowercased()
    }

    /// The modules of `package`'s targets and products and of every package it depends on.
    static func moduleNames(of package: Package) -> Set<String> {
        var names = Set<String>()
        var seen = Set<String>()
        var packages = [package]
        while let next = packages.popLast() {
            guard seen.insert(next.id).inserted else { continue }
            names.formUnion(next.targets.map { moduleName($0.name) })
            names.formUnion(next.products.map { moduleName($0.name) })
            packages += next.dependencies.map(\.package)
        }
        return names
    }
}
