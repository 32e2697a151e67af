import Benchmark
import MotionMath
import MotionSensors
import MotionWorkloads

/// The motion-cube, tilt-ball and haptic-collision workloads, one 60 Hz tick (a sample, if the
/// workload reads one, and a frame) per iteration, so wall time and mallocs read per frame; and the
/// motion cube's engine alone, a physics step per iteration.
func sceneWorkloadBenchmarks() {
    for shapes in MotionCubeWorkload.shapesParameter.defaultSweep.map(Int.init) {
        let configuration = Benchmark.Configuration(
            metrics: perSampleMetrics, warmupIterations: 1, scalingFactor: .kilo,
            maxDuration: .seconds(shapes >= 1000 ? 20 : 5), maxIterations: 100)
        // The motion cube's cost curve over its shape count, under tilting gravity (the tilt-and-shake recording).
        // Each iteration is a fresh scene's first 1000 frames: the fall (a second) and then the pile.
        workloadBenchmark(
            "motion-cube frame, \(shapes) shapes (1 sample + 1 frame at 60 Hz)", configuration: configuration,
            sensor: .accelerometer, rate: 60, framesPerSample: 1
        ) {
            try MotionCubeWorkload(
                configuration: WorkloadConfiguration(
                    rate: 60, filter: "raw", parameters: [MotionCubeWorkload.shapesParameter.name: Double(shapes)]))
        }
        // The engine alone on its timing scene (`TiltingPileScene`), the figure to set beside Box2D's
        // on the same scene: each iteration is a fresh pile settled (not measured), then its next
        // 1000 steps under the tilting gravity.
        Benchmark("motion-cube scene step, \(shapes) shapes (settled pile, tilting gravity)", configuration: configuration) { benchmark in
            var scene = TiltingPileScene(shapes: shapes)
            scene.settle()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { scene.step() }
            blackHole(scene.stepCount)
        }
    }
    workloadBenchmark("tilt-ball tick, accelerometer (1 sample + 1 frame at 60 Hz)", sensor: .accelerometer, rate: 60, framesPerSample: 1) {
        try TiltBallWorkload(configuration: WorkloadConfiguration(rate: 60, filter: "raw"))
    }
    // The tick's other sample: a full tick costs this plus the one above.
    workloadBenchmark("tilt-ball handle, barometer", sensor: .barometer, rate: 60, framesPerSample: 0) {
        try TiltBallWorkload(configuration: WorkloadConfiguration(rate: 60, filter: "raw"))
    }

    // `feed` delivers no touches, and idle views cost nothing; so this loop presses a button every
    // half second (styles in turn), keeping the views approaching, meeting and rebounding; a press
    // comes before the frame of its instant, as `DeliveryOrder` has it.
    Benchmark("haptic-collision frame, a press every 0.5 s (60 Hz; it reads no sensor)") { benchmark in
        let workload = try HapticCollisionWorkload(configuration: WorkloadConfiguration(rate: 60, filter: "raw"))
        let styles = ImpactStyle.allCases.map(\.rawValue)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            let time = DeliveryOrder.instant(of: iteration, rate: 60)
            if iteration % 30 == 0 {
                MotionEvent.touch(TouchEvent(time: time, .press(button: styles[iteration / 30 % styles.count], at: .zero))).deliver(to: workload)
            }
            MotionEvent.frame(time).deliver(to: workload)
        }
        blackHole(workload.haptics.events.count)
    }
}
