import MotionSensors
import MotionWorkloads

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A workload that spends a known CPU time on every sample, `microseconds` (1 by default; 0 does
/// nothing), spinning on the monotonic clock: read in user space, it adds next to nothing, where the
/// thread's CPU clock is a system call costing microseconds on a VM. In real time it costs that time
/// by the rate over its wake floor, whatever the machine charges for waking it.
final class SpinnerWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "spinner", summary: "spends a set CPU time on every sample", sensors: [.accelerometer], defaultRates: [100],
        filters: ["raw"], defaultFilters: ["raw"], displayRate: nil,
        parameters: [
            WorkloadParameter(
                name: "microseconds", summary: "CPU time spent on each sample, µs", defaultValue: 1,
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
        let end = Self.monotonicNs() + spinNs
        while Self.monotonicNs() < end {}
    }

    func renderFrame(at time: Double) {}

    var outputSummary: [String: Double] { ["samples": Double(samples)] }

    private static func monotonicNs() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
