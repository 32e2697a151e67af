// swift-tools-version: 6.1
import PackageDescription

// Google Benchmark (libbenchmark-dev) timing motionbench's Swift kernels, called through @_cdecl,
// beside plain C versions of the same maths, in one binary. A package of its own so the root
// package builds without libbenchmark. Run with ../../scripts/gbench.sh.
let package = Package(
    name: "motionbench-gbench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "motionbench", path: "../..")
    ],
    targets: [
        // The sample layout both languages read: what the C++ side hands every kernel.
        .target(name: "KernelABI"),
        // The library's own filters, each run over a buffer of samples behind a C entry point.
        .target(
            name: "SwiftKernels",
            dependencies: [
                "KernelABI",
                .product(name: "MotionFilters", package: "motionbench"),
                .product(name: "MotionMath", package: "motionbench"),
                .product(name: "MotionSensors", package: "motionbench"),
            ]
        ),
        // The same maths written in straightforward C, the yardstick.
        .target(name: "CReference", dependencies: ["KernelABI"]),
        .executableTarget(
            name: "gbench",
            dependencies: ["KernelABI", "CReference", "SwiftKernels"],
            linkerSettings: [.linkedLibrary("benchmark"), .linkedLibrary("pthread")]
        ),
    ],
    cLanguageStandard: .c11,
    cxxLanguageStandard: .cxx17
)
