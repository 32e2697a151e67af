import MotionBenchCLI
import TapTilt

// The feature as a workload: each variant of the detector at 100 Hz, in real and in virtual time.
let tapTilt = ClosureWorkload(name: "tap-tilt", sensors: [.accelerometer, .gyroscope], rates: [100],
                              filters: TapTiltDetector.Variant.allCases.map(\.rawValue)) { configuration in
    SampleHandler(TapTiltDetector(variant: .init(rawValue: configuration.filter)!)) { detector, sample in
        let reading = SIMD3(sample.value.x, sample.value.y, sample.value.z)
        if sample.sensor == .accelerometer { detector.acceleration = reading } else { _ = detector.update(rotationRate: reading, at: sample.time) }
    }
    .summary { detector in ["gestures": Double(detector.count)] }
}

// The whole motionbench command line over both workloads: the closure above, and the card the gesture
// flips, a class because it animates (CardFlipWorkload.swift).
MotionbenchCommand.main(catalogue: try WorkloadCatalogue([tapTilt]).adding([CardFlipWorkload.self]))
