import Foundation
import MotionMath
import MotionSensors
import SystemView
import Testing

@testable import MotionBench
@testable import MotionResults

/// A turn about the vertical, degrees.
private func yaw(_ degrees: Double) -> Quaternion {
    Quaternion(axis: Vector3(0, 0, 1), angle: Angle.radians(fromDegrees: degrees))
}

/// An attitude that keeps turning and rocking, so a time shift shows as an error.
private func moving(_ time: Double) -> Quaternion {
    yaw(40 * time) * Quaternion(axis: Vector3(1, 0, 0), angle: 0.3 * sin(3 * time))
}

@Suite struct AttitudeErrorTests {
    @Test func aTurnAboutTheVerticalIsAllHeading() {
        let truth = Quaternion(axis: Vector3(1, 0, 0), angle: 0.4) * yaw(10)
        let error = AttitudeError(estimate: yaw(-15) * truth, truth: truth)
        #expect(abs(error.heading - 15) < 1e-9)
        #expect(abs(error.total - 15) < 1e-9)
        #expect(error.tilt < 1e-6)
    }

    @Test func aTurnAboutAHorizontalAxisIsAllTilt() {
        let truth = yaw(123)
        let error = AttitudeError(estimate: Quaternion(axis: Vector3(0.6, 0.8, 0), angle: Angle.radians(fromDegrees: 7)) * truth, truth: truth)
        #expect(abs(error.tilt - 7) < 1e-9)
        #expect(abs(error.total - 7) < 1e-9)
        #expect(abs(error.heading) < 1e-9)
    }

    @Test func theSignOfAQuaternionDoesNotMatter() {
        let truth = moving(1.3)
        let estimate = yaw(3) * truth
        let flipped = Quaternion(w: -estimate.w, x: -estimate.x, y: -estimate.y, z: -estimate.z)
        #expect(AttitudeError(estimate: flipped, truth: truth) == AttitudeError(estimate: estimate, truth: truth))
    }
}

@Suite struct TruthTimelineTests {
    @Test func recordedAttitudeIsInterpolatedButNotAcrossAGap() throws {
        let samples = [
            GroundTruth(time: 0, attitude: yaw(0), altitude: 0, steps: 0),
            GroundTruth(time: 0.02, attitude: yaw(10), altitude: 1, steps: 2),
            GroundTruth(time: 1.0, attitude: yaw(20), altitude: 2, steps: 5),
        ]
        let timeline = TruthTimeline.recorded(samples)
        let between = try #require(timeline.truth(at: 0.005))
        #expect(abs(Heading.degrees(of: try #require(between.attitude)) - Heading.degrees(of: yaw(2.5))) < 1e-9)
        #expect(abs(try #require(between.altitude) - 0.25) < 1e-12)
        #expect(between.steps == 0)
        // 0.98 s without tracking is not bridged; the step count still holds its last value.
        let lost = try #require(timeline.truth(at: 0.5))
        #expect(lost.attitude == nil && lost.altitude == nil && lost.steps == 2)
        #expect(timeline.truth(at: -0.1) == nil)
        #expect(timeline.truth(at: 1.0)?.attitude == yaw(20))
    }
}

@Suite struct AccuracyScorerTests {
    private func series(_ attitude: (Double) -> Quaternion, from start: Double = 0, to end: Double = 20, rate: Double = 50) -> [GroundTruth] {
        stride(from: start, through: end, by: 1 / rate).map { GroundTruth(time: $0, attitude: attitude($0)) }
    }

    private func reference(_ alignment: AlignmentPolicy) -> AccuracyReference {
        AccuracyReference(truth: .recorded(series(moving, rate: 60)), alignment: alignment, duration: 20)
    }

    @Test func aPerfectEstimateScoresZeroOverTheSettledStretch() throws {
        let measures = AccuracyScorer(reference: reference(.exact)).score(series(moving))
        let attitude = try #require(measures.attitude)
        // Only the slerp between 60 Hz truth samples of a curving motion is off.
        #expect(attitude.total.maximum < 0.01)
        #expect(attitude.total.count == 751, "5 s … 20 s at 50 Hz")
        #expect(measures.scoredFrom == 5 && measures.scoredTo == 20)
        #expect(attitude.yawOffsetDegrees == nil && attitude.timeShiftSeconds == 0)
    }

    @Test func theLabsYawOffsetAndClockOffsetAreFittedAndReported() throws {
        // The estimate's north is 30° off the lab's, and its clock 6 ms late.
        let estimates = series { yaw(-30) * moving($0 - 0.006) }
        let exact = try #require(AccuracyScorer(reference: reference(.exact)).score(estimates).attitude)
        #expect(exact.total.median > 29)
        let aligned = try #require(AccuracyScorer(reference: reference(.motionCaptureLab)).score(estimates).attitude)
        #expect(abs(try #require(aligned.yawOffsetDegrees) - 30) < 0.05)
        #expect(abs(aligned.timeShiftSeconds + 0.006) < 1e-9)
        #expect(aligned.total.median < 0.05)
    }

    /// A clock 37 ms late lies past the ±10 ms window: the window widens while the best shift is at
    /// its edge and finds it; one 300 ms late lies past the widest, and the fit stops at its edge.
    @Test func aShiftAtTheWindowsEdgeWidensTheWindow() throws {
        let late = try #require(AccuracyScorer(reference: reference(.motionCaptureLab)).score(series { moving($0 - 0.037) }).attitude)
        #expect(abs(late.timeShiftSeconds + 0.037) < 1e-9 && late.total.median < 0.05)
        let later = try #require(AccuracyScorer(reference: reference(.motionCaptureLab)).score(series { moving($0 - 0.3) }).attitude)
        #expect(abs(later.timeShiftSeconds + 0.2) < 1e-9)
    }

    @Test func aConstantTiltShowsAsTiltNotHeading() throws {
        let tilted = series { Quaternion(axis: Vector3(1, 0, 0), angle: Angle.radians(fromDegrees: 2)) * moving($0) }
        let attitude = try #require(AccuracyScorer(reference: reference(.exact)).score(tilted).attitude)
        #expect(abs(attitude.tilt.median - 2) < 1e-6 && abs(attitude.total.median - 2) < 1e-6)
        #expect(attitude.heading.maximum < 0.1)
    }

    @Test func stepsAreCountedFromTheStartAgainstTheTruth() throws {
        let truth = TruthTimeline.recorded([GroundTruth(time: -1, steps: 4), GroundTruth(time: 3, steps: 10), GroundTruth(time: 9, steps: 104)])
        let scorer = AccuracyScorer(reference: AccuracyReference(truth: truth, alignment: .exact, duration: 10))
        let steps = try #require(scorer.score([], final: GroundTruth(time: 10, steps: 95)).steps)
        #expect(steps.truth == 100 && steps.estimated == 95 && steps.error == -5 && steps.errorPercent == -5)
    }

    /// Nothing to count against: a still stretch's 0 steps against 0 taken is not scored, nor is a
    /// count there, and a run holding nothing else scores nothing.
    @Test func stepsAreNotScoredWhereTheTruthTookNone() throws {
        let truth = TruthTimeline.recorded([GroundTruth(time: 0, steps: 7), GroundTruth(time: 9, steps: 7)])
        let scorer = AccuracyScorer(reference: AccuracyReference(truth: truth, alignment: .exact, duration: 10))
        #expect(scorer.score([], final: GroundTruth(time: 10, steps: 0)).isEmpty)
        #expect(scorer.score([], final: GroundTruth(time: 10, steps: 3)).steps == nil)
        let runner = BenchmarkRunner(probe: try makeProcessProbe(), catalogue: .builtIn, input: RunInput(scenario: .tiltAndShake, seed: 1))
        let pedometer = CaseSpec(
            workload: "pedometer", rateHz: 50, filter: "default", mode: .virtual, repetition: 1, durationSeconds: 1, sampleCount: 100,
            displayRateHz: nil, seed: 1)
        #expect(try runner.scoreAccuracy(of: [pedometer]).isEmpty)
    }

    @Test func altitudeIsComparedAsAClimbSinceTheFirstEstimate() throws {
        // The truth starts at 3 m; the barometer shows 0 there, then reads 10 % high.
        let truth = TruthTimeline.recorded(stride(from: 0.0, through: 30, by: 0.05).map { GroundTruth(time: $0, altitude: 3 + $0) })
        let scorer = AccuracyScorer(reference: AccuracyReference(truth: truth, alignment: .exact, duration: 30))
        let estimates = stride(from: 0.0, through: 30, by: 1).map { GroundTruth(time: $0, altitude: 1.1 * $0) }
        let altitude = try #require(scorer.score(estimates).altitude)
        #expect(abs(altitude.maximum - 3) < 1e-9 && abs(altitude.median - 1.75) < 1e-9)
        #expect(altitude.count == 26)
    }

    @Test func aScenarioIsScoredExactly() throws {
        let scenario = Scenario.turning()
        let scorer = AccuracyScorer(reference: AccuracyReference(truth: .scenario(scenario), alignment: .exact, duration: 10))
        let perfect = stride(from: 0.0, through: 10, by: 0.02).map { scenario.truth(at: $0) }
        let attitude = try #require(scorer.score(perfect).attitude)
        #expect(attitude.total.maximum < 1e-6)
    }

    @Test func aTableOfTheTruthScoresAsTheTruthItself() throws {
        let scenario = Scenario.figureEight()
        let reference = AccuracyReference(truth: .scenario(scenario), alignment: .exact, duration: 20)
        let estimates = [0.0, 0.02].map { lag in
            AccuracyPass.Estimates(series: series { scenario.attitude(at: max(0, $0 - lag)) }, final: nil, events: [])
        }
        let table = try #require(TruthTable.shared(reference, by: estimates))
        let inWindow = try #require(estimates[0].series.first { reference.scoredWindow.contains($0.time) })
        #expect(table.attitude(at: inWindow.time) == .some(scenario.attitude(at: inWindow.time)))
        #expect(table.attitude(at: inWindow.time + 0.001) == nil)
        for estimate in estimates {
            #expect(
                AccuracyScorer(reference: reference, table: table).score(estimate.series)
                    == AccuracyScorer(reference: reference).score(estimate.series))
        }
        #expect(TruthTable.shared(reference, by: [estimates[0]]) == nil)
        let altitudes = AccuracyPass.Estimates(
            series: series { _ in .identity }.map { GroundTruth(time: $0.time, altitude: 1) }, final: nil, events: [])
        #expect(TruthTable.shared(reference, by: [altitudes, altitudes]) == nil)
        let recorded = AccuracyReference(truth: .recorded(series(moving)), alignment: .exact, duration: 20)
        #expect(TruthTable.shared(recorded, by: estimates) == nil)
    }
}

@Suite struct ErrorSummaryTests {
    @Test func summariesAreOfTheErrorsSize() throws {
        let summary = try #require(ErrorSummary([-3, 1, -1, 3, 0]))
        #expect(summary.median == 1 && summary.maximum == 3 && summary.count == 5)
        #expect(abs(summary.rms - (20.0 / 5).squareRoot()) < 1e-12)
        #expect(abs(summary.p95 - 3) < 1e-12)
        #expect(ErrorSummary([]) == nil)
    }
}
