// swift-tools-version: 5.4
import PackageDescription

// libFuzzer targets for the trace importers and the canonical reader: one executable per entry
// point, each a single `LLVMFuzzerTestOneInput`. A package of its own so the root package's build and
// tests are untouched; built only by ../scripts/fuzz.sh with `-sanitize=fuzzer`, whose libFuzzer
// supplies `main` (a plain `swift build` here does not link). Tools version 5.4 on purpose: from 5.5
// SwiftPM links an executable's `main` to `<module>_main` (to test executables), a symbol
// `-parse-as-library` never emits, so the link would fail.
let fuzzTargets = ["canonical", "oxford", "broad", "xio", "tyrex", "sensorlogger", "phyphox", "sensorlog", "detect"]

let package = Package(
    name: "motionbench-fuzz",
    dependencies: [
        .package(name: "motionbench", path: "..")
    ],
    targets: [
        // Writing the input where an importer can read it, and telling a clean refusal from a bug.
        .target(name: "FuzzSupport", dependencies: [.product(name: "MotionSensors", package: "motionbench")])
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: "fuzz-\(name)",
                dependencies: ["FuzzSupport", .product(name: "MotionSensors", package: "motionbench")]
            )
        }
)
