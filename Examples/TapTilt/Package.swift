// swift-tools-version: 6.1
import PackageDescription

// A team's own feature, benchmarked with motionbench: `TapTilt` is the feature as an app would ship
// it (no motionbench in it); `tap-tilt-bench` wraps it as workloads and hands them to motionbench's
// command line. Run it with `swift package --allow-writing-to-package-directory motionbench run --all`.
let package = Package(
    name: "TapTilt",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // A real package names motionbench by URL and version; this example sits inside its repository.
        .package(name: "motionbench", path: "../..")
    ],
    targets: [
        .target(name: "TapTilt"),
        .executableTarget(name: "tap-tilt-bench", dependencies: ["TapTilt", .product(name: "MotionBenchCLI", package: "motionbench")]),
        .testTarget(name: "TapTiltTests", dependencies: ["TapTilt"]),
    ]
)
