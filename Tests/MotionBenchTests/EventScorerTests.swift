import MotionSensors
import MotionWorkloads
import Testing

@testable import MotionBench
@testable import MotionResults

/// The event scorer on hand-made truth and detections, with known answers: one-to-one matching in a
/// window, the edge cases a detection benchmark must get right, states by overlap and time.
@Suite struct EventScorerTests {
    /// A recording's reference: `events` as the truth, 60 s long, scored from 5 s.
    func reference(_ events: [LabelledEvent], labels: Set<String>? = nil, duration: Double = 60) -> AccuracyReference {
        AccuracyReference(truth: .recorded([]), events: events, eventLabels: labels, alignment: .exact, duration: duration)
    }

    let tap = EventKind("tap", tolerance: EventTolerance(before: 0.1, after: 0.5))

    func score(_ detections: [Double], truth: [Double], duration: Double = 60) -> EventAccuracy? {
        EventScorer(reference: reference(truth.map { LabelledEvent("tap", at: $0) }, labels: ["tap"], duration: duration))
            .score(detections.map { LabelledEvent("tap", at: $0) }, kinds: [tap])?.first
    }

    @Test func detectionsWithinTheWindowMatchOneToOne() throws {
        let scored = try #require(score([10.2, 20.45, 31, 40.05, 49.95], truth: [10, 20, 30, 40, 50]))
        #expect(scored.truthCount == 5 && scored.detectedCount == 5)
        #expect(scored.hits == 4 && scored.matchedDetections == 4, "31 s is 1 s late for 30 s: a miss and a false detection")
        #expect(scored.precision == 0.8 && scored.recall == 0.8 && abs(scored.f1! - 0.8) < 1e-12)
        let latency = try #require(scored.latency)
        #expect(latency.count == 4)
        #expect(abs(latency.median - 0.125) < 1e-9, "latencies −0.05, 0.05, 0.2, 0.45")
        #expect(abs(latency.p95 - 0.4125) < 1e-9)
    }

    @Test func noTruthMakesEveryDetectionFalseAndRecallUnknown() throws {
        let scored = try #require(score([10, 20], truth: []))
        #expect(scored.truthCount == 0 && scored.falseDetections == 2)
        #expect(scored.precision == 0 && scored.recall == nil && scored.f1 == 0 && scored.latency == nil)
    }

    @Test func noDetectionMissesEveryEventAndPrecisionIsUnknown() throws {
        let scored = try #require(score([], truth: [10, 20, 30]))
        #expect(scored.misses == 3 && scored.precision == nil && scored.recall == 0 && scored.f1 == 0)
    }

    @Test func neitherTruthNorDetectionIsNothingToScore() {
        #expect(score([], truth: []) == nil)
        #expect(score([2], truth: [3]) == nil, "both before the scored stretch")
    }

    @Test func twoDetectionsOfOneEventAreOneHitAndOneFalse() throws {
        let scored = try #require(score([10.1, 10.3], truth: [10]))
        #expect(scored.hits == 1 && scored.matchedDetections == 1 && scored.falseDetections == 1)
        #expect(scored.precision == 0.5 && scored.recall == 1)
        #expect(scored.latency?.median == Optional(10.1 - 10), "the first detection is the hit")
    }

    @Test func anEventAtTheRecordingsEndIsLeftOutAndItsDetectionIsNotFalse() throws {
        // The window of an event at 59.8 s reaches past the end (60 s): no detector could be judged on it.
        let unanswered = try #require(score([30], truth: [30, 59.8]))
        #expect(unanswered.truthCount == 1 && unanswered.recall == 1)
        let answered = try #require(score([30, 59.9], truth: [30, 59.8]))
        #expect(answered.truthCount == 1 && answered.detectedCount == 2 && answered.falseDetections == 0, "matched, so not a false alarm")
        let fits = try #require(score([30], truth: [30, 59.5]))
        #expect(fits.truthCount == 2 && fits.misses == 1, "its window ends at 60 s: it counts, and it was missed")
    }

    @Test func aDetectionOfAnEventBeforeTheStretchIsNeitherHitNorFalse() throws {
        let scored = try #require(score([5.05, 10], truth: [4.9, 10]))
        #expect(scored.truthCount == 1 && scored.detectedCount == 2 && scored.hits == 1 && scored.falseDetections == 0)
    }

    @Test func theMatchingFindsTheMostPairs() throws {
        // Windows [9.9, 10.5] and [10.2, 10.8]: given to the nearer event, the detection at 10.35 would
        // take 10.3's, and the one at 10.75 would find none; the window closing first takes it instead.
        let scorer = EventScorer(reference: reference([LabelledEvent("tap", at: 10), LabelledEvent("tap", at: 10.3)]))
        let scored = try #require(scorer.score([10.35, 10.75].map { LabelledEvent("tap", at: $0) }, kinds: [tap])?.first)
        #expect(scored.hits == 2 && scored.falseDetections == 0)
        #expect(InstantMatching.match([10.75, 10.35], to: [9.9...10.5, 10.2...10.8]) == [1, 0])
    }

    @Test func aTrueSpanWidensTheWindowAndLatencyRunsFromItsStart() throws {
        let scorer = EventScorer(reference: reference([LabelledEvent("shake", at: 10, until: 11)]))
        let scored = try #require(scorer.score([LabelledEvent("shake", at: 11.3)], kinds: [.shake])?.first)
        #expect(scored.hits == 1 && abs(scored.latency!.median - 1.3) < 1e-9)
        #expect(scorer.score([LabelledEvent("shake", at: 11.6)], kinds: [.shake])?.first?.hits == 0, "past the end by more than 0.5 s")
    }

    @Test func aToleranceGivenByLabelReplacesTheDeclaredOne() throws {
        let scorer = EventScorer(reference: reference([LabelledEvent("tap", at: 10)]))
        #expect(scorer.score([LabelledEvent("tap", at: 10.8)], kinds: [tap])?.first?.hits == 0)
        let wide = try #require(
            scorer.score([LabelledEvent("tap", at: 10.8)], kinds: [tap], tolerances: ["tap": EventTolerance(before: 0, after: 1)])?.first)
        #expect(wide.hits == 1 && wide.toleranceAfterSeconds == 1)
    }

    @Test func aLabelTheSourceDoesNotKnowIsNotScored() {
        let scorer = EventScorer(reference: reference([LabelledEvent("tap", at: 10)]))
        #expect(scorer.score([LabelledEvent("shake", at: 10)], kinds: [.shake]) == nil)
        let knowing = EventScorer(reference: reference([], labels: ["shake"]))
        #expect(knowing.score([LabelledEvent("shake", at: 10)], kinds: [.shake])?.first?.falseDetections == 1, "known, none happened: a false alarm")
    }

    @Test func statesMatchByOverlapAndScoreTheTimeRight() throws {
        let faceDown = EventKind("face-down", isState: true)
        let truth = [
            LabelledEvent("face-down", at: 10, until: 20), LabelledEvent("face-down", at: 30, until: 40),
            LabelledEvent("face-down", at: 50, until: 52),
        ]
        let detected = [
            LabelledEvent("face-down", at: 11, until: 21),  // overlaps 9 s of 10: a hit, 1 s late
            LabelledEvent("face-down", at: 30, until: 32),  // all of itself inside the 10 s state: a hit, on time
            LabelledEvent("face-down", at: 45, until: 50.5),  // 0.5 s of the 2 s state, under half the shorter: false
            LabelledEvent("face-down", at: 58),  // still on when the replay ended at 60 s
        ]
        let scored = try #require(EventScorer(reference: reference(truth)).score(detected, kinds: [faceDown])?.first)
        #expect(scored.isState && scored.toleranceBeforeSeconds == nil)
        #expect(scored.truthCount == 3 && scored.detectedCount == 4)
        #expect(scored.hits == 2 && scored.matchedDetections == 2)
        #expect(scored.latency?.median == 0.5, "1 s and 0 s late")
        // Disagreement over 55 s: 10–11, 20–21, 32–40, 45–50, 50.5–52, 58–60 = 1 + 1 + 8 + 5 + 1.5 + 2.
        #expect(abs(scored.timeRight! - (1 - 18.5 / 55)) < 1e-9)
    }

    @Test func poolingAddsTheLabelsCounts() throws {
        let reference = reference([LabelledEvent("tap", at: 10), LabelledEvent("shake", at: 20, until: 21)])
        let scored = try #require(
            EventScorer(reference: reference).score(
                [LabelledEvent("tap", at: 10.1), LabelledEvent("tap", at: 30)], kinds: [tap, .shake]))
        #expect(scored.map(\.label) == ["tap", "shake"])
        let pooled = try #require(scored.pooled)
        #expect(pooled.label == "tap+shake" && pooled.truthCount == 2 && pooled.detectedCount == 2 && pooled.hits == 1)
        #expect(pooled.precision == 0.5 && pooled.recall == 0.5 && pooled.latency == nil)
    }
}
