import Testing

@testable import MotionBench
@testable import MotionResults

@Suite struct PlanTests {
    func request(
        _ workloads: [String] = [], rates: [Double]? = nil, filters: [String]? = nil, modes: [RunMode] = [.virtual, .realtime],
        duration: Double = 1, samples: Int = 100, repetitions: Int = 1
    ) -> PlanRequest {
        PlanRequest(
            workloads: workloads, rates: rates, filters: filters, modes: modes, durationSeconds: duration, sampleCount: samples,
            repetitions: repetitions)
    }

    let input = RunInput(scenario: .tiltAndShake, seed: 1)

    func cases(_ request: PlanRequest) throws -> [CaseSpec] {
        try BenchmarkPlan.plan(request, catalogue: .builtIn, input: input).cases
    }

    func planError(_ request: PlanRequest) -> PlanError? {
        do {
            _ = try cases(request)
            return nil
        } catch {
            return error as? PlanError
        }
    }

    @Test func allRunsEveryWorkloadAtItsDefaultsInBothModes() throws {
        let planned = try cases(request())
        let accelerometer = planned.filter { $0.workload == "accelerometer" }
        #expect(Set(accelerometer.map(\.filter)) == ["raw", "low-pass"])
        #expect(Set(accelerometer.map(\.rateHz)) == [10])
        #expect(Set(accelerometer.map(\.mode)) == [.realtime, .virtual])
        let gyro = planned.filter { $0.workload == "gyro-translation" }
        #expect(gyro.map(\.rateHz) == [15, 15])
        #expect(gyro.allSatisfy { $0.displayRateHz == 60 })
        #expect(accelerometer.allSatisfy { $0.displayRateHz == nil })
    }

    @Test func theMatrixIsWorkloadByRateByFilterByModeByRepetition() throws {
        let planned = try cases(request(["accelerometer"], rates: [10, 50, 100], filters: ["raw", "low-pass"], repetitions: 3))
        #expect(planned.count == 3 * 2 * 2 * 3)
        // Repetition is the outermost loop.
        #expect(planned.prefix(12).allSatisfy { $0.repetition == 1 })
        #expect(planned.last?.repetition == 3)
    }

    @Test func aFiltersGainIsSweptOnlyWithThatFilter() throws {
        var sweep = request(["heading"], filters: ["ecompass", "madgwick"], modes: [.virtual])
        sweep.parameters = ["beta": [0.05, 0.2]]
        let planned = try cases(sweep)
        #expect(planned.map { "\($0.filter) \($0.parameterText)" } == ["ecompass ", "madgwick beta=0.05", "madgwick beta=0.2"])

        var idle = request(["heading"], filters: ["ecompass"], modes: [.virtual])
        idle.parameters = ["beta": [0.05]]
        #expect(planError(idle) == .parameterTunesNoSelectedFilter(parameter: "beta", workload: "heading", filters: ["madgwick"]))
        #expect(planError(idle)?.reason == "beta tunes heading's madgwick only, and no filter selected is one of them")
        var outOfRange = request(["heading"], filters: ["ecompass"], modes: [.virtual])
        outOfRange.parameters = ["beta": [-1]]
        #expect(planError(outOfRange)?.fields == [.parameters])
    }

    @Test func badInputNamesThePartOfTheRequestAtFault() {
        #expect(planError(request(["pogo"]))?.fields == [.workloads])
        #expect(planError(request(rates: [0]))?.fields == [.rates])
        #expect(planError(request(rates: [-5]))?.fields == [.rates])
        #expect(planError(request(rates: [10_000.5]))?.fields == [.rates])
        #expect(planError(request(rates: [.nan]))?.fields == [.rates])
        #expect(planError(request(duration: 0))?.fields == [.duration])
        #expect(planError(request(duration: -1))?.fields == [.duration])
        #expect(planError(request(samples: 0))?.fields == [.samples])
        #expect(planError(request(repetitions: 0))?.fields == [.repetitions])
        #expect(planError(request(filters: ["kalman"]))?.fields == [.filters])
        #expect(planError(request(["gyro-translation"], filters: ["low-pass"]))?.reason.contains("gyro-translation") == true)
    }

    /// Filters asked for of several named workloads: each runs the ones it has; only a filter none
    /// has, or a named workload left with none, is refused.
    @Test func eachNamedWorkloadRunsTheFiltersItHas() throws {
        let planned = try cases(request(["accelerometer", "heading"], filters: ["low-pass", "mahony"], modes: [.virtual]))
        #expect(planned.map { "\($0.workload) \($0.filter)" } == ["accelerometer low-pass", "heading mahony"])
        #expect(
            planError(request(["accelerometer", "heading"], filters: ["low-pass", "kalman"]))
                == .unknownFilter(
                    "kalman",
                    known: ["butterworth", "complementary", "ecompass", "high-pass", "laidig-seel", "low-pass", "madgwick", "mahony", "raw"]))
        let none = planError(request(["accelerometer", "heading"], filters: ["mahony", "madgwick"]))
        #expect(none?.fields == [.filters])
        #expect(
            none?.reason == "workload 'accelerometer' has none of the filters 'mahony', 'madgwick' (known: raw, low-pass, high-pass, butterworth)")
    }

    /// A misspelt workload, filter or parameter is refused with the name it most likely meant.
    @Test func aMisspeltNameIsRefusedWithTheNameItMeant() {
        #expect(
            planError(request(["accelerometr"]))?.reason.hasPrefix("unknown workload 'accelerometr'; did you mean 'accelerometer'? (known: ") == true)
        #expect(planError(request(["pogo"]))?.reason.hasPrefix("unknown workload 'pogo' (known: ") == true, "nothing close: no guess")
        #expect(
            planError(request(filters: ["lowpass"]))?.reason.hasPrefix("no selected workload has filter 'lowpass'; did you mean 'low-pass'? (known: ")
                == true)
        #expect(
            planError(request(["accelerometer"], filters: ["low-pas"]))?.reason
                == "workload 'accelerometer' has no filter 'low-pas'; did you mean 'low-pass'? (known: raw, low-pass, high-pass, butterworth)")
        var parameter = request(["motion-cube"])
        parameter.parameters = ["shape": [10]]
        #expect(planError(parameter)?.reason == "workload 'motion-cube' has no parameter 'shape'; did you mean 'shapes'? (known: shapes)")
        parameter.workloads = []
        #expect(planError(parameter)?.reason.hasPrefix("no selected workload has parameter 'shape'; did you mean 'shapes'? (known: ") == true)
    }

    /// `CaseSelection` picks the cases whose names (`workload/RATE/filter[/parameter:value…]/mode`)
    /// match a pattern and none of the skipped ones; one that leaves none, or is no regular
    /// expression, is refused naming the flag's field.
    @Test func aSelectionPicksTheCasesItNames() throws {
        var selected = request(["accelerometer", "heading"], rates: [10, 50])
        selected.selection = CaseSelection(include: ["accelerometer/.*/low-pass", "^heading/50Hz/madgwick/"], skip: ["/realtime$"])
        let planned = try cases(selected)
        #expect(
            planned.map(CaseSelection.name(of:)) == [
                "accelerometer/10Hz/low-pass/virtual", "accelerometer/50Hz/low-pass/virtual", "heading/50Hz/madgwick/virtual",
            ])

        var swept = request(["motion-cube"], modes: [.virtual])
        swept.parameters = ["shapes": [10, 100, 1000]]
        swept.selection = CaseSelection(skip: ["shapes:1000"])
        #expect(try cases(swept).map(\.parameterText) == ["shapes=10", "shapes=100"])

        var nothing = request(["accelerometer"], modes: [.virtual])
        nothing.selection = CaseSelection(include: ["madgwick"])
        #expect(planError(nothing)?.fields == [.select])
        #expect(
            planError(nothing)?.reason
                == "no case is left of the plan's 2 (accelerometer/10Hz/raw/virtual, accelerometer/10Hz/low-pass/virtual); a case's name is workload/RATE/filter[/parameter:value…]/mode"
        )
        nothing.selection = CaseSelection(skip: ["accelerometer"])
        #expect(planError(nothing)?.fields == [.skip])
        nothing.selection = CaseSelection(include: ["accel("])
        guard case let .invalidPattern(pattern, field, _) = planError(nothing) else {
            Issue.record("a pattern that is no regular expression is refused")
            return
        }
        #expect(pattern == "accel(" && field == .select)
    }

    @Test func underAllAFilterRunsWhereItIsOffered() throws {
        let lowPass = try cases(request(filters: ["low-pass"]))
        #expect(Set(lowPass.map(\.workload)) == ["accelerometer"])
        #expect(try cases(request(rates: [10_000])).isEmpty == false)
    }

    /// Every rate in (0, 10000] runs, or is refused up front with the range that runs: an animating
    /// workload in virtual time carries at most 1000 frames a sample tick (bug: 1e-9 Hz asked for
    /// 137 GB, 0.001 Hz peaked at 13 GB).
    @Test func aRateTooLowForAnAnimatingWorkloadInVirtualTimeIsRefusedWithTheLowestThatRuns() throws {
        #expect(
            planError(request(["gyro-translation"], rates: [1e-9], modes: [.virtual]))
                == .rateTooLowForFrames(1e-9, workload: "gyro-translation", lowest: 0.06, displayRateHz: 60))
        #expect(
            planError(request(["motion-cube"], rates: [0.0001], modes: [.virtual]))?.reason
                == "0.0001 Hz is below 0.06 Hz, the lowest rate at which motion-cube runs in virtual time with 60 Hz frames (at most 1000 frames a sample tick)"
        )
        var fast = request(["motion-cube"], rates: [0.1], modes: [.virtual])
        fast.displayRateHz = 120
        #expect(planError(fast)?.fields == [.rates], "120 Hz frames need 0.12 Hz")
        #expect(try cases(request(["gyro-translation"], rates: [0.06], modes: [.virtual])).count == 1, "the edge runs")
        #expect(try cases(request(["gyro-translation"], rates: [1e-9], modes: [.realtime])).count == 1, "real time runs any rate")
        #expect(try cases(request(["barometer"], rates: [1e-9], modes: [.virtual])).count == 3, "a workload that does not animate runs any rate")
    }
}
