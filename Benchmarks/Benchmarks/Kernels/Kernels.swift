import Benchmark
import MotionFilters
import MotionMath
import MotionSensors
import MotionWorkloads
import SystemView

// Each iteration is one sample (one tick for workloads that also render frames), so every metric
// reads per sample. Not requested: .cpuTotal (on Linux it moves in 10 ms steps, so per-sample it
// reads 0 or 10 000 000 ns), the ARC metrics (they crash on Linux) and .instructions (no hardware
// counters on the project's VMs; it also inflates malloc counts).
let perSampleMetrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .throughput]

/// 4096 readings of `sensor` from the tilt-and-shake scenario at `rate`, made before timing starts.
func recorded(_ sensor: SensorKind, rate: Double) -> [SensorSample] {
    var device = VirtualDevice(scenario: .tiltAndShake, seed: 1)
    return (0..<4096).map { device.reading(of: sensor, at: Double($0) / rate) }
}

/// The lap a virtual-time case replays of `samples` (readings at `rate` ticks per second,
/// `samplesPerTick` a tick), with frames at `displayRate`, put in delivery order (`EventLap`).
func lap(of samples: [SensorSample], rate: Double, samplesPerTick: Int = 1, displayRate: Double? = nil) -> EventLap {
    EventLap(samples: samples, timing: .ticks(count: samples.count / samplesPerTick, rate: rate), displayRate: displayRate)
}

/// Feeds a workload about `eventsPerIteration` events (samples and frames) per iteration, in whole
/// ticks of `lap` replayed lap after lap (`LapReplay`), as a virtual-time case feeds it.
func feed(_ workload: any Workload, _ lap: EventLap, eventsPerIteration: Int = 1, benchmark: Benchmark) {
    var replay = LapReplay(lap: lap, units: benchmark.scaledIterations.count * eventsPerIteration * lap.units / lap.eventCount)
    workload.receive(&replay)
}

/// A per-axis filter of vectors, as the signal filters are; a protocol rather than a closure so the
/// benchmark adds no indirect call to a kernel of a few nanoseconds.
protocol VectorFilter {
    mutating func update(_ input: Vector3) -> Vector3
}

extension ExponentialLowPass: VectorFilter {}
extension HighPass: VectorFilter {}
extension ButterworthLowPass: VectorFilter {}

/// A workload fed one recorded sample of `sensor` at `rate`, and `framesPerSample` frames at 60 Hz,
/// per iteration.
func workloadBenchmark(
    _ name: String, configuration: Benchmark.Configuration = Benchmark.defaultConfiguration,
    sensor: SensorKind, rate: Double, framesPerSample: Int, make: @escaping () throws -> any Workload
) {
    Benchmark(name, configuration: configuration) { benchmark in
        let workload = try make()
        let lap = lap(of: recorded(sensor, rate: rate), rate: rate, displayRate: framesPerSample > 0 ? 60 : nil)
        benchmark.startMeasurement()
        feed(workload, lap, eventsPerIteration: 1 + framesPerSample, benchmark: benchmark)
    }
}

/// One filter's update per iteration, on accelerometer readings at 100 Hz.
func vectorFilterBenchmark(_ name: String, _ filter: some VectorFilter) {
    Benchmark("filter update, \(name)") { benchmark in
        var filter = filter
        let samples = recorded(.accelerometer, rate: 100)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations { blackHole(filter.update(samples[iteration & 4095].value)) }
    }
}

/// Tolerances of `scripts/benchmarks.sh check` against the p90s recorded in Benchmarks/Thresholds/
/// (the worst of three runs): allocations exactly (0 stays 0), wall time within 2×, which a noisy
/// shared 2-core VM passes (runs of the same code there differ by up to about 1.5× at p90) while
/// gross regressions fail. Throughput is not recorded there: it restates wall time.
var perSampleThresholds: [BenchmarkMetric: BenchmarkThresholds] {
    [.mallocCountTotal: .init(absolute: [.p90: 0]), .wallClock: .init(relative: [.p90: 100])]
}

let benchmarks: @Sendable () -> Void = {
    // Configurations made after this one (`.init(metrics:…)`) take its thresholds as their default.
    Benchmark.defaultConfiguration = .init(
        metrics: perSampleMetrics,
        warmupIterations: 1_000,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 10_000,
        thresholds: perSampleThresholds
    )
    sourceBenchmarks()
    sensorWorkloadBenchmarks()
    pedometerBenchmarks()
    sceneWorkloadBenchmarks()
    calibrationBenchmarks()
    allocatorBenchmarks()

    for filter in AccelerometerWorkload.descriptor.filters {
        workloadBenchmark("accelerometer handle, \(filter)", sensor: .accelerometer, rate: 10, framesPerSample: 0) {
            try AccelerometerWorkload(configuration: WorkloadConfiguration(rate: 10, filter: filter))
        }
    }
    workloadBenchmark("gyro-translation tick (1 sample + 4 frames at 15/60 Hz)", sensor: .gyroscope, rate: 15, framesPerSample: 4) {
        try GyroTranslationWorkload(configuration: WorkloadConfiguration(rate: 15, filter: "raw"))
    }

    vectorFilterBenchmark("exponential low-pass", ExponentialLowPass(cutoff: 2, sampleRate: 100))
    vectorFilterBenchmark("high-pass", HighPass(cutoff: 0.5, sampleRate: 100))
    vectorFilterBenchmark("Butterworth biquad", ButterworthLowPass(cutoff: 5, sampleRate: 100))

    Benchmark("shake detector update") { benchmark in
        var detector = ShakeDetector(sampleRate: 100)
        let samples = recorded(.accelerometer, rate: 100)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            blackHole(detector.update(samples[iteration & 4095].value, at: Double(iteration) / 100))
        }
    }

    // The harness's floor: the replay of a virtual-time case feeding a workload that only counts its samples.
    Benchmark("replay loop, counting workload (the harness's floor)") { benchmark in
        let workload = try CountingWorkload(configuration: WorkloadConfiguration(rate: 100, filter: "none"))
        let lap = lap(of: recorded(.accelerometer, rate: 100), rate: 100)
        benchmark.startMeasurement()
        feed(workload, lap, benchmark: benchmark)
        blackHole(workload.outputSummary)
    }

    // The replay over a million ticks a sample, bare and with the cut a virtual-time case makes for
    // its chunk clock (`LapReplay.mark(every:with:)`): a case of 200,000 ticks is read in chunks of
    // 2,000. The replay is made before the clock starts, as a case makes it.
    for interval in [nil, 2_000] {
        let name = interval.map { "a mark every \($0) ticks" } ?? "no mark"
        Benchmark("replay loop, counting workload, \(name)", configuration: .init(metrics: perSampleMetrics, scalingFactor: .mega)) {
            benchmark in
            let workload: any Workload = try CountingWorkload(configuration: WorkloadConfiguration(rate: 100, filter: "none"))
            var replay = LapReplay(lap: lap(of: recorded(.accelerometer, rate: 100), rate: 100), units: benchmark.scaledIterations.count)
            var marks = 0
            if let interval { replay.mark(every: interval) { marks += 1 } }
            benchmark.startMeasurement()
            workload.receive(&replay)
            benchmark.stopMeasurement()
            blackHole(workload.outputSummary)
            blackHole(marks)
        }
    }

    Benchmark("virtual device reading (accelerometer)") { benchmark in
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 1)
        for iteration in benchmark.scaledIterations {
            blackHole(device.reading(of: .accelerometer, at: Double(iteration) / 100))
        }
    }

    // A case's two ends: every thread's CPU, name and split, and the process's memory with its peak.
    Benchmark("probe snapshot", configuration: .init(metrics: perSampleMetrics, scalingFactor: .one, maxIterations: 2_000)) { benchmark in
        let probe = try makeProcessProbe()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try probe.snapshot(.full)) }
    }

    // The sampler's unit of work, ten times a second: every thread's CPU and the resident size.
    Benchmark("probe snapshot (periodic)", configuration: .init(metrics: perSampleMetrics, scalingFactor: .one, maxIterations: 2_000)) { benchmark in
        let probe = try makeProcessProbe()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try probe.snapshot(.periodic)) }
    }
}
