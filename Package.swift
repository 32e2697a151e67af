// swift-tools-version: 6.1
import PackageDescription

// The design: Sources/MotionBenchCLI/Documentation.docc/Architecture.md. Each target may import only
// the ones listed before it.
let package = Package(
    name: "motionbench",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "motionbench", targets: ["motionbench"]),
        .plugin(name: "MotionBenchCommandPlugin", targets: ["MotionBenchCommandPlugin"]),
        .library(name: "MotionBenchCLI", targets: ["MotionBenchCLI"]),
        .library(name: "MotionReports", targets: ["MotionReports"]),
        .library(name: "MotionBench", targets: ["MotionBench"]),
        .library(name: "MotionResults", targets: ["MotionResults"]),
        .library(name: "MotionWorkloads", targets: ["MotionWorkloads"]),
        .library(name: "MotionFilters", targets: ["MotionFilters"]),
        .library(name: "MotionSensors", targets: ["MotionSensors"]),
        .library(name: "MotionMath", targets: ["MotionMath"]),
        .library(name: "SystemView", targets: ["SystemView"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation`: the API's reference from its doc comments.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Implementation details (no API promise, not products)

        // What Glibc does not expose to Swift: gettid, thread names, timer slack, other threads' CPU clocks.
        .target(name: "CSystemShim"),
        // Named, joinable pthreads: the sampler, the runner's threads and workloads' own workers.
        .target(name: "ThreadSupport", dependencies: ["CSystemShim"]),
        // Every thread's allocations, counted by an allocator interposed in the executable (Linux).
        .target(name: "CAllocationCounter"),
        // zlib's inflate (the system's), to read zipped recordings.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),

        // MARK: What a workload is made of

        // Vectors, quaternions, rotations, fitting, small numeric helpers.
        .target(name: "MotionMath"),
        // Samples, the virtual device with truth, importers and the trace format, resampling, delivery order.
        .target(name: "MotionSensors", dependencies: ["MotionMath", "CZlib"]),
        // Signal filters, attitude and heading fusion, calibration, magnetic model, steps and activity.
        .target(name: "MotionFilters", dependencies: ["MotionMath"]),
        // The Workload protocol, the built-in catalogue, the headless scene model, 2D physics.
        .target(name: "MotionWorkloads", dependencies: ["MotionSensors", "MotionFilters", "ThreadSupport"]),

        // MARK: A finished run

        // The results model, run.json and the run folder's files, baselines, comparison, statistics,
        // history, shards and their merge: no probe, no allocation counter, no workloads.
        .target(name: "MotionResults"),

        // MARK: Measuring it

        // Every thread's CPU and the process's memory; Linux and Darwin producers behind one protocol.
        .target(name: "SystemView", dependencies: ["CSystemShim", "CAllocationCounter", "ThreadSupport"]),
        // The runner: input, plan, pacing, modes, sampler wiring, accuracy scoring, emitted outputs.
        .target(
            name: "MotionBench",
            dependencies: ["MotionMath", "MotionSensors", "MotionWorkloads", "MotionResults", "SystemView", "CSystemShim", "ThreadSupport"]
        ),
        // Every report and export (CSV, Markdown, JSON, exports, SVG) and all number formatting, from a
        // finished run alone.
        .target(name: "MotionReports", dependencies: ["MotionResults"]),
        // The commands, reusable by a package's own executable over its own catalogue; it re-exports what
        // such an executable writes its workloads with (MotionWorkloads, MotionSensors, MotionMath).
        .target(
            name: "MotionBenchCLI",
            dependencies: [
                "MotionBench", "MotionResults", "MotionReports", "MotionWorkloads", "MotionSensors", "MotionMath", "SystemView", "CSystemShim",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The command line over the built-in catalogue.
        .executableTarget(name: "motionbench", dependencies: ["MotionBenchCLI", "MotionWorkloads"]),
        // `swift package motionbench …` in a package that depends on this one: builds its benchmark
        // executable in release and runs it from the package's folder, which `run` writes results into;
        // `swift package motionbench init NAME` adds such an executable to start from.
        .plugin(
            name: "MotionBenchCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "motionbench",
                    description: "Build the package's motionbench executable in release and run it; init NAME adds one to start from"),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "motionbench run writes its results into the package's results/ folder, and init NAME adds a target")
                ]
            )
        ),

        // MARK: Tests

        // Shared by the test targets: where the committed files are, and a driver that feeds a workload
        // as the runner does. Not a product.
        .target(name: "TestSupport", dependencies: ["MotionSensors", "CZlib"], path: "Tests/TestSupport"),
        // The command line over a workload whose cost the tests set, to check comparisons end to end.
        .executableTarget(name: "motionbench-fixture", dependencies: ["MotionBenchCLI", "MotionWorkloads"], path: "Tests/FixtureCatalogue"),
        .testTarget(name: "MotionMathTests", dependencies: ["MotionMath"]),
        .testTarget(name: "MotionSensorsTests", dependencies: ["MotionSensors", "TestSupport"]),
        .testTarget(name: "MotionFiltersTests", dependencies: ["MotionFilters", "MotionMath", "MotionSensors", "TestSupport"]),
        .testTarget(name: "MotionWorkloadsTests", dependencies: ["MotionWorkloads", "TestSupport"], resources: [.copy("Golden")]),
        .testTarget(name: "SystemViewTests", dependencies: ["SystemView", "ThreadSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "MotionResultsTests", dependencies: ["MotionResults", "MotionMath"]),
        .testTarget(
            name: "MotionBenchTests",
            dependencies: [
                "MotionBench", "MotionResults", "MotionReports", "MotionWorkloads", "MotionFilters", "SystemView", "ThreadSupport", "CSystemShim",
                "TestSupport",
            ]
        ),
        .testTarget(name: "MotionReportsTests", dependencies: ["MotionReports", "MotionResults", "TestSupport"]),
        .testTarget(
            name: "motionbenchTests",
            dependencies: [
                "motionbench", "motionbench-fixture", "MotionBenchCLI", "MotionBench", "MotionResults", "SystemView", "TestSupport", "CZlib",
            ]),
    ],
    // Language mode 5: workloads and probes are confined to threads we create with pthreads, a
    // discipline the Swift 6 checker cannot see; the thread sanitizer run is the check instead.
    swiftLanguageModes: [.v5]
)
