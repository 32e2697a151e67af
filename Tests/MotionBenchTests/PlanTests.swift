import Testing
@testable import MotionBench

@Suite struct PlanTests {
    func request(
        _ workloads: [String] = [], rates: [Double]? = nil, filters: [String]? = nil, modes: [RunMode] = [.virtual, .realtime],
        duration: Double = 1, samples: Int = 100, repetitions: Int = 1
    ) -> PlanRequest {
        PlanRequest(workloads: workloads, rates: rates, filters: filters, modes: modes, durationSeconds: duration, sampleCount: samples, repetitions: repetitions)
    }

    func planError(_ request: PlanRequest) -> PlanError? {
        do {
            _ = try BenchmarkPlan.cases(for: request)
            return nil
        } catch {
            return error as? PlanError
        }
    }

    @Test func allRunsEveryWorkloadAtItsDefaultsInBothModes() throws {
        let cases = try BenchmarkPlan.cases(for: request())
        let accelerometer = cases.filter { $0.workload == "accelerometer" }
        #expect(Set(accelerometer.map(\.filter)) == ["raw", "low-pass"])
        #expect(Set(accelerometer.map(\.rateHz)) == [10])
        #expect(Set(accelerometer.map(\.mode)) == [.realtime, .virtual])
        let gyro = cases.filter { $0.workload == "gyro-translation" }
        #expect(gyro.map(\.rateHz) == [15, 15])
        #expect(gyro.allSatisfy { $0.displayRateHz == 60 })
        #expect(accelerometer.allSatisfy { $0.displayRateHz == nil })
    }

    @Test func theMatrixIsWorkloadByRateByFilterByModeByRepetition() throws {
        let cases = try BenchmarkPlan.cases(for: request(["accelerometer"], rates: [10, 50, 100], filters: ["raw", "low-pass"], repetitions: 3))
        #expect(cases.count == 3 * 2 * 2 * 3)
        // Repetition is the outermost loop.
        #expect(cases.prefix(12).allSatisfy { $0.repetition == 1 })
        #expect(cases.last?.repetition == 3)
    }

    @Test func aFiltersGainIsSweptOnlyWithThatFilter() throws {
        var sweep = request(["heading"], filters: ["ecompass", "madgwick"], modes: [.virtual])
        sweep.parameters = ["beta": [0.05, 0.2]]
        let cases = try BenchmarkPlan.cases(for: sweep)
        #expect(cases.map { "\($0.filter) \($0.parameterText)" } == ["ecompass ", "madgwick beta=0.05", "madgwick beta=0.2"])

        var idle = request(["heading"], filters: ["ecompass"], modes: [.virtual])
        idle.parameters = ["beta": [0.05]]
        #expect(planError(idle)?.description == "--param: beta tunes heading's madgwick only, and no filter selected is one of them")
        var outOfRange = request(["heading"], filters: ["ecompass"], modes: [.virtual])
        outOfRange.parameters = ["beta": [-1]]
        #expect(planError(outOfRange)?.flag == "--param")
    }

    @Test func badInputNamesTheFlag() {
        #expect(planError(request(["pogo"]))?.flag == "workload")
        #expect(planError(request(rates: [0]))?.flag == "--rate")
        #expect(planError(request(rates: [-5]))?.flag == "--rate")
        #expect(planError(request(rates: [10_000.5]))?.flag == "--rate")
        #expect(planError(request(rates: [.nan]))?.flag == "--rate")
        #expect(planError(request(duration: 0))?.flag == "--duration")
        #expect(planError(request(duration: -1))?.flag == "--duration")
        #expect(planError(request(samples: 0))?.flag == "--samples")
        #expect(planError(request(repetitions: 0))?.flag == "--repetitions")
        #expect(planError(request(filters: ["kalman"]))?.flag == "--filter")
        #expect(planError(request(["gyro-translation"], filters: ["low-pass"]))?.reason.contains("gyro-translation") == true)
    }

    @Test func underAllAFilterRunsWhereItIsOffered() throws {
        let cases = try BenchmarkPlan.cases(for: request(filters: ["low-pass"]))
        #expect(Set(cases.map(\.workload)) == ["accelerometer"])
        #expect(try BenchmarkPlan.cases(for: request(rates: [10_000])).isEmpty == false)
    }
}
