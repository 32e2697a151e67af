import Benchmark
import MotionFilters
import MotionMath
import MotionSensors
import MotionWorkloads

/// The barometer, leveler and heading workloads (each heading filter), each per sample as
/// `Kernels.swift`'s are, and the kernels under them: the median of five, the e-compass, the attitude
/// filters' updates, and the magnetic model (evaluated once per
/// run by the heading workload, measured to show it could be per sample).
func sensorWorkloadBenchmarks() {
    for filter in BarometerWorkload.descriptor.filters {
        workloadBenchmark("barometer handle, \(filter)", sensor: .barometer, rate: 1, framesPerSample: 0) {
            try BarometerWorkload(configuration: WorkloadConfiguration(rate: 1, filter: filter))
        }
    }
    workloadBenchmark("leveler tick (1 sample + 4 frames at 15/60 Hz)", sensor: .accelerometer, rate: 15, framesPerSample: 4) {
        try LevelerWorkload(configuration: WorkloadConfiguration(rate: 15, filter: "raw"))
    }

    // One iteration is one sample of the three a 50 Hz tick brings (accelerometer, magnetometer,
    // gyroscope, in the hub's order), so a tick costs three iterations.
    for filter in HeadingWorkload.descriptor.filters {
        Benchmark("heading handle, \(filter) (1 of 3 samples per 50 Hz tick)") { benchmark in
            let workload = try HeadingWorkload(configuration: WorkloadConfiguration(rate: 50, filter: filter))
            let streams = HeadingWorkload.descriptor.sensors.map { recorded($0, rate: 50) }
            let samples = streams[0].indices.flatMap { index in streams.map { $0[index] } }
            let lap = lap(of: samples, rate: 50, samplesPerTick: streams.count)
            benchmark.startMeasurement()
            feed(workload, lap, benchmark: benchmark)
        }
    }

    Benchmark("e-compass attitude and heading") { benchmark in
        let accelerations = recorded(.accelerometer, rate: 100), fields = recorded(.magnetometer, rate: 100)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            let attitude = TiltCompensatedCompass.attitude(
                acceleration: accelerations[iteration & 4095].value, magneticField: fields[iteration & 4095].value)
            blackHole(attitude.map(Heading.degrees(of:)))
        }
    }

    for name in ["complementary", "madgwick", "mahony", "laidig-seel"] {
        Benchmark("attitude filter update, \(name)") { benchmark in
            switch name {
            case "complementary": timeUpdates(of: ComplementaryFilter(), benchmark)
            case "madgwick": timeUpdates(of: MadgwickFilter(), benchmark)
            case "laidig-seel": timeUpdates(of: LaidigSeelFilter(), benchmark)
            default: timeUpdates(of: MahonyFilter(), benchmark)
            }
        }
    }

    Benchmark("filter update, median of five") { benchmark in
        var filter = MedianOfFive()
        let samples = recorded(.barometer, rate: 1)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations { blackHole(filter.update(samples[iteration & 4095].value.x)) }
    }

    Benchmark("WMM2025 field at a place and date") { benchmark in
        let model = WorldMagneticModel.wmm2025
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            let place = Double(iteration % 4096)
            blackHole(model.field(latitude: place.truncatingRemainder(dividingBy: 170) - 85, longitude: place, altitude: 200, year: 2026.5))
        }
    }
}

/// One update of `filter` per iteration, on 50 Hz ticks of recorded gyroscope, accelerometer and
/// magnetometer samples: the filter's own cost without the workload's labels, generic so that the
/// update is called directly rather than through an existential.
private func timeUpdates<Filter: AttitudeFilter>(of filter: Filter, _ benchmark: Benchmark) {
    var filter = filter
    let rates = recorded(.gyroscope, rate: 50), accelerations = recorded(.accelerometer, rate: 50)
    let fields = recorded(.magnetometer, rate: 50)
    benchmark.startMeasurement()
    for iteration in benchmark.scaledIterations {
        let index = iteration & 4095
        filter.update(gyroscope: rates[index].value, accelerometer: accelerations[index].value, magnetometer: fields[index].value, dt: 0.02)
        blackHole(filter.attitude)
    }
}
