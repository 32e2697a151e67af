import Benchmark
import MotionFilters
import MotionSensors
import MotionWorkloads

/// 4096 ticks of the walking scenario at 50 Hz, accelerometer then barometer each tick (as the hub
/// delivers the pedometer's two sensors), made before timing starts.
private func walkingTicks() -> [SensorSample] {
    var device = VirtualDevice(scenario: .walking(steps: 10_000), seed: 1)
    return (0..<4096).flatMap { tick in
        PedometerWorkload.descriptor.sensors.map { device.reading(of: $0, at: Double(tick) / 50) }
    }
}

/// The pedometer's per-sample kernels: the step detector alone, the worker's whole processing, and
/// the workload's hand-off from the main thread (which waits when the worker falls 2048 samples behind).
func pedometerBenchmarks() {
    Benchmark("step detector update (walking, 50 Hz)") { benchmark in
        var detector = StepDetector(sampleRate: 50)
        let samples = walkingTicks().filter { $0.sensor == .accelerometer }
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            let sample = samples[iteration % samples.count]
            blackHole(detector.update(sample.value, at: sample.time + Double(iteration / samples.count) * 4096 / 50))
        }
    }

    Benchmark("pedometer engine process (worker side, accelerometer + barometer)") { benchmark in
        var engine = PedometerEngine(sampleRate: 50, stride: 0.74, goal: 10_000)
        let samples = walkingTicks()
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            var sample = samples[iteration % samples.count]
            sample.time += Double(iteration / samples.count) * 4096 / 50
            engine.process(sample)
        }
        blackHole(engine.results)
    }

    Benchmark("pedometer handle (main side, hand-off to the worker)") { benchmark in
        let workload = try PedometerWorkload(configuration: WorkloadConfiguration(rate: 50, filter: "default"))
        let lap = lap(of: walkingTicks(), rate: 50, samplesPerTick: PedometerWorkload.descriptor.sensors.count)
        benchmark.startMeasurement()
        feed(workload, lap, benchmark: benchmark)
        workload.finish()
    }
}
