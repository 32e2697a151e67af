import Foundation
import MotionSensors
import MotionWorkloads

/// A workload for the tests of event scoring, as a user's package would write a detector: a shake is
/// the acceleration's size more than 1 g from gravity's, at most one a second, reported as a `shake`
/// event. `MOTIONBENCH_FIXTURE_MISS_EVERY=N` drops every Nth shake it spots, as a worsened build would.
final class ShakeSpotterWorkload: Workload {
    static let descriptor = WorkloadDescriptor(
        name: "shake-spotter", summary: "a shake detector of a user's own, and what the environment takes from it",
        sensors: [.accelerometer], defaultRates: [50], filters: ["raw"], defaultFilters: ["raw"], displayRate: nil,
        events: [EventKind("shake", tolerance: EventTolerance(before: 0.25, after: 0.5))])

    private let missEvery: Int
    private var detected: EventLog
    private var lastShake = -Double.infinity
    private var spotted = 0

    init(configuration: WorkloadConfiguration) throws {
        try configuration.validate(for: Self.descriptor)
        missEvery = ProcessInfo.processInfo.environment["MOTIONBENCH_FIXTURE_MISS_EVERY"].flatMap { Int($0) } ?? 0
        detected = EventLog(for: configuration)
    }

    func handle(_ sample: SensorSample) {
        let value = sample.value
        let size = (value.x * value.x + value.y * value.y + value.z * value.z).squareRoot()
        guard abs(size - 1) > 1, sample.time - lastShake >= 1 else { return }
        lastShake = sample.time
        spotted += 1
        if missEvery > 0, spotted % missEvery == 0 { return }
        detected.record("shake", at: sample.time)
    }

    func renderFrame(at time: Double) {}

    var detectedEvents: [LabelledEvent] { detected.events }

    var outputSummary: [String: Double] { ["shakes": Double(spotted)] }
}
