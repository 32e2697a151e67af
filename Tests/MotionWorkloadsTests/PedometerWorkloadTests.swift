import Foundation
import MotionMath
import MotionSensors
import MotionWorkloads
import Testing

@Suite struct PedometerWorkloadTests {
    func makeWorkload(rate: Double = 50, parameters: [String: Double] = [:]) throws -> PedometerWorkload {
        try PedometerWorkload(configuration: WorkloadConfiguration(rate: rate, filter: "default", parameters: parameters))
    }

    /// Feeds `scenario` (seeded phone noise) to `workload` at `rate` Hz, both sensors a tick as the
    /// hub does, for the scenario's duration and `extra` seconds more; `checkpoint` runs after
    /// `finish()` every second.
    func run(
        _ workload: PedometerWorkload, _ scenario: Scenario, rate: Double = 50, seed: UInt64 = 42, extra: Double = 0,
        checkpoint: (Double) -> Void = { _ in }
    ) {
        var device = VirtualDevice(scenario: scenario, seed: seed)
        let ticks = Int((scenario.duration + extra) * rate)
        for tick in 0..<ticks {
            let time = Double(tick) / rate
            for sensor in PedometerWorkload.descriptor.sensors + PedometerWorkload.descriptor.optionalSensors {
                workload.handle(device.reading(of: sensor, at: time))
            }
            if (tick + 1) % Int(rate) == 0 {
                workload.finish()
                checkpoint(time)
            }
        }
        workload.finish()
    }

    @Test(arguments: ["walking", "stairs"])
    func golden(scenario name: String) throws {
        let workload = try makeWorkload()
        var lines: [String] = []
        run(workload, try #require(Scenario.named(name))) { time in
            lines.append("\(FixedDecimal.format(time, decimals: 2)) \(workload.describeState())")
        }
        try expectGolden(lines.joined(separator: "\n") + "\n", named: "pedometer-\(name).txt")
    }

    @Test(arguments: [20.0, 50.0, 100.0, 200.0])
    func walkingCountsTheTruth(rate: Double) throws {
        let workload = try makeWorkload(rate: rate)
        let scenario = Scenario.walking()
        run(workload, scenario, rate: rate)
        let truth = scenario.steps(at: scenario.duration)
        #expect(abs(workload.shown.steps - truth) <= 2, "\(workload.shown.steps) steps for \(truth)")
        #expect(abs(workload.shown.distance - Double(workload.shown.steps) * 0.74) < 1e-9)
    }

    @Test func stillCountsNothingAndIsStationary() throws {
        let workload = try makeWorkload()
        run(workload, .still)
        #expect(workload.shown.steps == 0 && workload.shown.cadence == 0)
        #expect(workload.shown.activity == .stationary && workload.shown.confidence > 0.5)
        #expect(workload.shown.floorsAscended == 0 && workload.shown.floorsDescended == 0)
    }

    @Test func aCarRideIsNoWalk() throws {
        let workload = try makeWorkload()
        var activities: Set<Activity> = []
        run(workload, Scenario.car()) { time in
            if time > 10 && time < 55 { activities.insert(workload.shown.activity) }
        }
        #expect(workload.shown.steps == 0)
        #expect(!activities.contains(.walking) && !activities.contains(.running))
    }

    /// Mid-walk the activity matches the scenario's truth, and so does the cadence; standing a while
    /// after, the phone is stationary again.
    @Test(arguments: [("walking", Activity.walking, 108.0), ("running", .running, 168.0)])
    func activityAndCadence(scenario name: String, activity: Activity, cadence: Double) throws {
        let workload = try makeWorkload()
        let scenario = try #require(Scenario.named(name))
        var seen: [(Activity, Double, Double)] = []
        run(workload, scenario, extra: 6) { time in
            if time > 8 && time < scenario.duration - 6 {
                seen.append((workload.shown.activity, workload.shown.confidence, workload.shown.cadence))
            }
        }
        #expect(!seen.isEmpty)
        for (shown, confidence, spm) in seen {
            #expect(shown == activity && confidence >= 0.5)
            #expect(abs(spm - cadence) < 3, "cadence \(spm)")
        }
        let truth = scenario.steps(at: scenario.duration)
        #expect(abs(workload.shown.steps - truth) <= 2)
        #expect(workload.shown.activity == .stationary)
    }

    @Test func stairsCountFloorsAndALiftDoesNot() throws {
        let stairs = try makeWorkload()
        run(stairs, Scenario.stairs())
        #expect(stairs.shown.floorsAscended == 2 && stairs.shown.floorsDescended == 2)
        #expect(abs(stairs.shown.steps - Scenario.stairs().steps(at: Scenario.stairs().duration)) <= 2)
        let lift = try makeWorkload()
        run(lift, Scenario.elevator())
        #expect(lift.shown.floorsAscended == 0 && lift.shown.steps == 0)
    }

    @Test func goalProgressAndStride() throws {
        let halfway = try makeWorkload(parameters: ["goal": 200, "stride": 0.8])
        run(halfway, Scenario.walking())
        #expect(halfway.shown.goalProgress == Double(halfway.shown.steps) / 200)
        #expect(abs(halfway.shown.distance - 0.8 * Double(halfway.shown.steps)) < 1e-9)
        let reached = try makeWorkload(parameters: ["goal": 50])
        run(reached, Scenario.walking())
        #expect(reached.shown.goalProgress == 1)
        #expect(PedometerWorkload.descriptor.parameters.map(\.name) == ["stride", "goal"])
    }

    /// Ten minutes of walking: the chart never holds more than its points, spans the whole walk and
    /// ends at the final count.
    @Test func theChartStaysAtItsFixedSize() throws {
        let workload = try makeWorkload()
        let scenario = Scenario.walking(steps: 1000)
        var largest = 0
        run(workload, scenario) { _ in largest = max(largest, workload.chart.points.count) }
        let points = workload.chart.points
        #expect(largest <= workload.chart.capacity && workload.chart.capacity == 100)
        #expect(points.count >= 50)
        #expect(points.last?.steps == workload.shown.steps)
        #expect(points.last!.time > scenario.duration - 1)
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.time < $1.time && $0.steps <= $1.steps })
    }

    /// `finish()` returns only once the worker has processed every sample handed to it, so outputs
    /// are the same whatever the threads' timing.
    @Test func finishWaitsForTheWorker() throws {
        var summaries: [[String: Double]] = []
        for _ in 0..<3 {
            let workload = try makeWorkload()
            var device = VirtualDevice(scenario: .walking(), seed: 9)
            for tick in 0..<3000 {
                workload.handle(device.reading(of: .accelerometer, at: Double(tick) / 50))
            }
            workload.finish()
            #expect(workload.outputSummary["processed"] == 3000 && workload.outputSummary["samples"] == 3000)
            summaries.append(workload.outputSummary)
        }
        #expect(summaries.allSatisfy { $0 == summaries[0] })
    }

    #if os(Linux)
        /// The worker is a thread of its own with the name reports count as the workload's. (Whether it
        /// is gone after deinit cannot be checked here: other tests run pedometers in parallel.)
        @Test func theWorkerIsANamedThread() throws {
            func threadNames() throws -> [String] {
                // A thread of a parallel test may end between the listing and the read.
                try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap {
                    try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
            #expect(PedometerWorkload.workerName == "mb-worker-steps" && PedometerWorkload.workerName.utf8.count <= 15)
            let workload = try makeWorkload()
            // Once the worker has processed a sample it has surely started and named itself.
            workload.handle(SensorSample(sensor: .accelerometer, time: 0, value: Vector3(0, 0, -1)))
            workload.finish()
            #expect(try threadNames().contains(PedometerWorkload.workerName))
        }
    #endif

    @Test func unknownFilterOrRateThrows() {
        #expect(throws: WorkloadError.unknownFilter(workload: "pedometer", filter: "fast", known: ["default"])) {
            try PedometerWorkload(configuration: WorkloadConfiguration(rate: 50, filter: "fast"))
        }
        #expect(throws: WorkloadError.invalidRate(0)) { try makeWorkload(rate: 0) }
    }
}
