// swift-tools-version: 6.1
import PackageDescription

// Micro-benchmarks of motionbench's per-sample kernels: cost and allocations per sample.
// A package of its own so the root package builds without package-benchmark.
// Run from this folder: swift package --allow-writing-to-package-directory benchmark
let package = Package(
    name: "motionbench-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "motionbench", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "Kernels",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MotionWorkloads", package: "motionbench"),
                .product(name: "MotionFilters", package: "motionbench"),
                .product(name: "MotionSensors", package: "motionbench"),
                .product(name: "MotionMath", package: "motionbench"),
                .product(name: "SystemView", package: "motionbench"),
            ],
            path: "Benchmarks/Kernels",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
