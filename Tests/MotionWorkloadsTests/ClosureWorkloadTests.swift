import MotionMath
import MotionSensors
import MotionWorkloads
import TestSupport
import Testing

/// A sample counter per sensor, as closures: each variant counts by its own step, and a parameter
/// sets where the count starts.
private let counting = ClosureWorkload(
    name: "counting", summary: "counts samples", sensors: [.accelerometer, .gyroscope], rates: [10, 20],
    filters: ["ones", "twos"],
    parameters: [WorkloadParameter(name: "start", summary: "the count to start from", defaultValue: 0, range: 0...100, isInteger: true)],
    estimates: [.steps], outputColumns: [.number("total", decimals: 0, "samples counted")]
) { configuration in
    let step = configuration.filter == "twos" ? 2 : 1
    let start = Int(configuration.parameters["start"] ?? 0)
    return SampleHandler((total: start, order: [SensorKind](), last: 0.0)) { state, sample in
        state.total += step
        if state.order.count < 4 { state.order.append(sample.sensor) }
        state.last = sample.time
    }
    .summary { ["total": Double($0.total), "accelerometer_first": $0.order.first == .accelerometer ? 1 : 0] }
    .estimate { GroundTruth(time: $0.last, steps: $0.total) }
    .outputs { state, rows in rows.add(state.total) }
}

/// Keeps every sample handed to it, in order: the class form of a workload that only looks.
private final class SampleRecorder: MotionEventReceiver {
    var samples: [SensorSample] = []
    func handle(_ sample: SensorSample) { samples.append(sample) }
    func renderFrame(at time: Double) {}
    func handle(_ touch: TouchEvent) {}
}

/// The state of a closure workload that keeps every sample its closure sees; one test's, on its thread.
private final class SeenSamples: @unchecked Sendable {
    var samples: [SensorSample] = []
}

@Suite struct ClosureWorkloadTests {
    private func drive(_ workload: any WorkloadInstance, seconds: Double) {
        var source = FunctionSource([.accelerometer, .gyroscope]) { sensor, time in SensorSample(sensor: sensor, time: time, value: .zero) }
        TestSupport.drive(workload, source: &source, sensors: [.accelerometer, .gyroscope], rate: 10, duration: seconds)
    }

    @Test func itsDescriptorIsWhatItWasGiven() {
        let descriptor = counting.descriptor
        #expect(descriptor.name == "counting" && descriptor.sensors == [.accelerometer, .gyroscope] && descriptor.defaultRates == [10, 20])
        #expect(descriptor.filters == ["ones", "twos"] && descriptor.defaultFilters == ["ones", "twos"] && descriptor.displayRate == nil)
        #expect(descriptor.parameters.map(\.name) == ["start"] && descriptor.estimates == [.steps])
        #expect(counting.outputColumns.map(\.name) == ["total"])
    }

    @Test func eachCaseGetsItsOwnStateMadeForItsConfiguration() throws {
        let ones = try counting.make(WorkloadConfiguration(rate: 10, filter: "ones"))
        let twos = try counting.make(WorkloadConfiguration(rate: 10, filter: "twos", parameters: ["start": 5]))
        drive(ones, seconds: 1)
        drive(twos, seconds: 1)
        // 10 ticks of two samples, in delivery order: the accelerometer's first at each instant.
        #expect(ones.outputSummary == ["total": 20, "accelerometer_first": 1])
        #expect(twos.outputSummary["total"] == 45)
        #expect(ones.currentEstimate == GroundTruth(time: 0.9, steps: 20))
        #expect(ones.describeState() == "accelerometer_first=1.000000 total=20.000000")
        var rows = OutputRows()
        ones.writeOutputs(into: &rows)
        #expect(rows.cells == [.number(20)] && rows.rowCount == 1, "the row is ended for the handler")
    }

    @Test func aRateOrFilterItDoesNotOfferIsRefusedBeforeTheHandlerIsMade() {
        #expect(throws: WorkloadError.unknownFilter(workload: "counting", filter: "threes", known: ["ones", "twos"])) {
            try counting.make(WorkloadConfiguration(rate: 10, filter: "threes"))
        }
        #expect(throws: WorkloadError.invalidRate(0)) { try counting.make(WorkloadConfiguration(rate: 0, filter: "ones")) }
    }

    @Test func withoutOutputsItShowsNothingButEndsItsRow() throws {
        let bare = ClosureWorkload(name: "bare", sensors: [.barometer], rates: [1]) { _ in SampleHandler(()) { _, _ in } }
        #expect(bare.descriptor.filters == ["raw"])
        let instance = try bare.make(WorkloadConfiguration(rate: 1, filter: "raw"))
        #expect(instance.outputSummary.isEmpty && instance.currentEstimate == nil && instance.detectedEvents.isEmpty)
        #expect(instance.describeState() == "")
        var rows = OutputRows()
        instance.writeOutputs(into: &rows)
        #expect(rows.cells.isEmpty && rows.rowCount == 1)
    }

    @Test func itReportsTheEventsItDetectsOnlyWhenTheReplayAsks() throws {
        let third = EventKind("third", tolerance: EventTolerance(before: 0, after: 0.2))
        let ticker = ClosureWorkload(name: "ticker", sensors: [.accelerometer, .gyroscope], rates: [10], events: [third]) { configuration in
            SampleHandler((count: 0, log: EventLog(for: configuration))) { state, sample in
                state.count += 1
                if state.count % 3 == 0 { state.log.record(third.label, at: sample.time) }
            }
            .events { state in state.log.events }
        }
        #expect(ticker.descriptor.events == [third])
        let replayed = try ticker.make(WorkloadConfiguration(rate: 10, filter: "raw", recordsEvents: true))
        let measured = try ticker.make(WorkloadConfiguration(rate: 10, filter: "raw"))
        drive(replayed, seconds: 1)
        drive(measured, seconds: 1)
        // Every third of 20 samples, two at each tenth of a second: the 3rd at 0.1 s, the 6th at 0.2 s…
        let times = [0.1, 0.2, 0.4, 0.5, 0.7, 0.8]
        #expect(replayed.detectedEvents.map(\.label) == times.map { _ in "third" })
        #expect(
            replayed.detectedEvents.count == times.count
                && zip(replayed.detectedEvents, times).allSatisfy { abs($0.time - $1) < 1e-9 && $0.end == nil })
        #expect(measured.detectedEvents.isEmpty, "a measured run keeps none")
        let malformed = ClosureWorkload(name: "twice", sensors: [.accelerometer], rates: [10], events: [third, third]) { _ in
            SampleHandler(0) { _, _ in }
        }
        #expect(throws: CatalogueError.repeatedEvent("third", workload: "twice")) { try WorkloadCatalogue([malformed]) }
    }

    @Test func aCatalogueHoldsBothFormsAndTheirNamesMeetTheSameRules() throws {
        let catalogue = try WorkloadCatalogue([AccelerometerWorkload.self]).adding([counting])
        #expect(catalogue.descriptors.map(\.name) == ["accelerometer", "counting"])
        #expect(try catalogue.named("counting")?.make(WorkloadConfiguration(rate: 10, filter: "twos")).outputSummary["total"] == 0)
        #expect(catalogue.named("counting")?.outputColumns.map(\.name) == ["total"])
        #expect(catalogue.named("accelerometer")?.outputColumns == AccelerometerWorkload.outputColumns)

        let twin = ClosureWorkload(name: "accelerometer", sensors: [.accelerometer], rates: [10]) { _ in SampleHandler(0) { _, _ in } }
        #expect(throws: CatalogueError.repeatedWorkload("accelerometer")) { try WorkloadCatalogue.builtIn.adding([twin]) }
        let shouting = ClosureWorkload(name: "Loud", sensors: [.accelerometer], rates: [10]) { _ in SampleHandler(0) { _, _ in } }
        #expect(throws: CatalogueError.malformedName("Loud", kind: "workload", workload: "Loud")) { try WorkloadCatalogue([shouting]) }
        let silent = ClosureWorkload(name: "silent", sensors: [.accelerometer], rates: [10], filters: []) { _ in SampleHandler(0) { _, _ in } }
        #expect(throws: CatalogueError.noFilter(workload: "silent")) { try WorkloadCatalogue([silent]) }
    }

    /// The closure is called as taking the sample's address (`ClosureWorkloadInstance`): if Swift ever
    /// passed a `SensorSample` in registers, it would see other values than these.
    @Test func itsClosureSeesTheSamplesAClassSeesInOrderAtTheirTimesInTheirLap() throws {
        // Two sensors whose every field differs from sample to sample, over two and a half laps.
        let source = FunctionSource([.accelerometer, .gyroscope]) { sensor, time in
            SensorSample(sensor: sensor, time: time, value: Vector3(time, -2 * time, sensor == .gyroscope ? 1 : -1))
        }
        var feed = FixedRateFeed(source: source, sensors: [.accelerometer, .gyroscope], rate: 20, tickCount: 8)
        var lapSamples: [SensorSample] = []
        while feed.nextInstant != nil { lapSamples.append(feed.next()) }
        let lap = EventLap(samples: lapSamples, timing: .ticks(count: 8, rate: 20), displayRate: nil)
        let touches = [TouchEvent(time: 0.3, .tap(Vector2(1, 1)))]
        let recorder = SampleRecorder()
        var plain = LapReplay(lap: lap, units: 20, touches: touches)
        recorder.receive(&plain)
        #expect(recorder.samples.count == 40 && recorder.samples[16].time == DeliveryOrder.lapStart(1, ticksPerLap: 8, rate: 20))

        // Made before the replay, as a virtual-time case does, or by the replay itself; and one by one.
        for way in ["prepared", "by the replay", "one by one"] {
            let seen = SeenSamples()
            let seeing = ClosureWorkload(name: "seeing", sensors: [.accelerometer, .gyroscope], rates: [20]) { _ in
                SampleHandler(seen) { seen, sample in seen.samples.append(sample) }
            }
            let instance = try seeing.make(WorkloadConfiguration(rate: 20, filter: "raw"))
            var replay = LapReplay(lap: lap, units: 20, touches: touches)
            switch way {
            case "prepared":
                type(of: instance).prepare(&replay)
                instance.receive(&replay)
            case "by the replay": instance.receive(&replay)
            default: recorder.samples.forEach(instance.handle)
            }
            #expect(seen.samples == recorder.samples, "\(way)")
        }
    }
}
