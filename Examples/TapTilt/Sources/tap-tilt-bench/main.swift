import MotionBenchCLI
import TapTilt

// The feature as a workload: each variant of the detector at 100 Hz, in real and in virtual time, and
// the gestures it recognises as events, scored against a recording's labels (`Recordings/`): an
// instant, matched to a labelled gesture (its tap to the end of its tilt) 0.1 s ahead to 0.3 s past.
let gesture = EventKind("tap-tilt", tolerance: EventTolerance(before: 0.1, after: 0.3))
let tapTilt = ClosureWorkload(
    name: "tap-tilt", sensors: [.accelerometer, .gyroscope], rates: [100],
    filters: TapTiltDetector.Variant.allCases.map(\.rawValue), events: [gesture]
) { configuration in
    // The log keeps the gestures only for motionbench's unmeasured accuracy replay.
    SampleHandler((detector: TapTiltDetector(variant: .init(rawValue: configuration.filter)!), gestures: EventLog(for: configuration))) {
        state, sample in
        let reading = SIMD3(sample.value.x, sample.value.y, sample.value.z)
        if sample.sensor == .accelerometer {
            state.detector.acceleration = reading
        } else if let recognised = state.detector.update(rotationRate: reading, at: sample.time) {
            state.gestures.record(gesture.label, at: recognised.time)
        }
    }
    .summary { state in ["gestures": Double(state.detector.count)] }
    .events { state in state.gestures.events }
}

// The whole motionbench command line over both workloads: the closure above, and the card the gesture
// flips, a class because it animates (CardFlipWorkload.swift).
MotionbenchCommand.main(catalogue: try WorkloadCatalogue([tapTilt]).adding([CardFlipWorkload.self]))
