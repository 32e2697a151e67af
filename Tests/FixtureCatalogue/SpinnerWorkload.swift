import MotionSensors
import MotionWorkloads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A workload that spends a known CPU time on every sample, `microseconds` of its thread's own clock
/// (1 by default; 0 does nothing): in real time it costs that times the rate over its wake floor,
/// whatever the machine charges for waking it.
final class SpinnerWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "spinner", summary: "spends a set CPU time on every sample", sensors: [.accelerometer], defaultRates: [100],
        filters: ["raw"], defaultFilters: ["raw"], displayRate: nil,
        parameters: [
            WorkloadParameter(
                name: "microseconds", summary: "CPU time spent on each sample, µs of the thread's own clock", defaultValue: 1,
                range: 0...10_000, isInteger: false)
        ])

    private let spinNs: Int64
    private var samples = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        spinNs = Int64(configuration.value(of: Self.descriptor.parameters[0]) * 1000)
    }

    func handle(_ sample: SensorSample) {
        samples += 1
        guard spinNs > 0 else { return }
        let end = Self.threadCpuNs() + spinNs
        while Self.threadCpuNs() < end {}
    }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["samples": Double(samples)] }

    private static func threadCpuNs() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
