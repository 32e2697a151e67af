import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

/// Detected events: kept only on the run that asks, recorded as instants or states, declared in the
/// descriptor, and reported by the built-ins that detect shakes and steps.
@Suite struct EventLogTests {
    @Test func aLogKeepsNothingUnlessAskedAndClosesTheLatestOpenState() {
        var off = EventLog(recording: false)
        off.record("tap", at: 1)
        off.begin("face-down", at: 2)
        #expect(off.events.isEmpty)

        var on = EventLog(for: WorkloadConfiguration(rate: 50, filter: "raw", recordsEvents: true))
        on.record("tap", at: 1)
        on.begin("face-down", at: 2)
        on.end("face-down", at: 3)
        on.end("face-down", at: 4)
        on.begin("face-down", at: 5)
        #expect(on.events == [LabelledEvent("tap", at: 1), LabelledEvent("face-down", at: 2, until: 3), LabelledEvent("face-down", at: 5)])
    }

    @Test func theCatalogueRefusesAMalformedOrRepeatedEventLabel() {
        final class Detector: Workload {
            nonisolated(unsafe) static var events: [EventKind] = []
            static var descriptor: WorkloadDescriptor {
                WorkloadDescriptor(
                    name: "detector", summary: "", sensors: [.accelerometer], defaultRates: [50], filters: ["raw"], defaultFilters: ["raw"],
                    displayRate: nil, events: events)
            }
            init(configuration: WorkloadConfiguration) throws {}
            func handle(_ sample: SensorSample) {}
            func renderFrame(at time: Double) {}
            var outputSummary: [String: Double] { [:] }
        }
        Detector.events = [EventKind("Face down")]
        #expect(throws: CatalogueError.malformedName("Face down", kind: "event label", workload: "detector")) {
            try WorkloadCatalogue([Detector.self])
        }
        Detector.events = [EventKind("tap"), EventKind("tap", isState: true)]
        #expect(throws: CatalogueError.repeatedEvent("tap", workload: "detector")) { try WorkloadCatalogue([Detector.self]) }
        Detector.events = [EventKind("tap"), .shake]
        #expect(throws: Never.self) { try WorkloadCatalogue([Detector.self]) }
    }

    /// The shakes a workload reports on the tilt-and-shake scenario's first 50 s at `rate`, with and
    /// without the run asking for them, and the count its screen shows.
    func shakes(_ entry: WorkloadCatalogue.Entry, rate: Double, recording: Bool) throws -> (events: [LabelledEvent], shown: Double) {
        let workload = try entry.make(WorkloadConfiguration(rate: rate, filter: "raw", recordsEvents: recording))
        var device = VirtualDevice(scenario: .tiltAndShake, seed: 42)
        drive(workload, source: &device, sensors: entry.descriptor.sensors, rate: rate, duration: 50) { _ in }
        workload.finish()
        return (workload.detectedEvents, workload.outputSummary["shakes"] ?? -1)
    }

    @Test(arguments: ["accelerometer", "tilt-ball"])
    func shakeScreensReportEachShakeTheyShowOnlyWhenAsked(name: String) throws {
        let entry = try #require(WorkloadCatalogue.builtIn.named(name))
        let rate = entry.descriptor.defaultRates[0]
        #expect(entry.descriptor.events == [.shake])
        let kept = try shakes(entry, rate: rate, recording: true)
        #expect(kept.events.count == 3 && Double(kept.events.count) == kept.shown)
        for (event, start) in zip(kept.events, [5.0, 25, 45]) {
            #expect(event.label == "shake" && event.end == nil && event.time > start && event.time < start + 1)
        }
        #expect(try shakes(entry, rate: rate, recording: false).events.isEmpty)
    }

    @Test func thePedometerReportsEachStepItCountsFromItsWorker() throws {
        let workload = try PedometerWorkload(configuration: WorkloadConfiguration(rate: 50, filter: "default", recordsEvents: true))
        var device = VirtualDevice(scenario: .walking(steps: 40), seed: 3)
        drive(workload, source: &device, sensors: [.accelerometer], rate: 50, duration: 30) { _ in }
        workload.finish()
        let steps = workload.detectedEvents
        #expect(steps.count == workload.shown.steps && (39...41).contains(steps.count))
        #expect(steps.allSatisfy { $0.label == "step" } && zip(steps, steps.dropFirst()).allSatisfy { $0.time < $1.time })
        // Each at the peak its foot strike leaves in the filtered signal, some 70 ms later; the
        // walk's start can make one more.
        let truth = Scenario.walking(steps: 40).events(before: 30).map(\.time)
        let offsets = steps.map { step in truth.map { step.time - $0 }.min { abs($0) < abs($1) }! }
        #expect(offsets.filter { $0 > 0 && $0 < 0.1 }.count >= 39, "\(offsets)")
    }
}
