import Foundation
import TestSupport
import Testing

@testable import MotionSensors

/// Where a recording's labelled events come from: a labels file beside it (instants, states, both),
/// Sensor Logger's annotations, the Oxford foot pads' counts, the canonical format; and the events the
/// virtual device's scenarios make.
@Suite struct EventLabelsFileTests {
    /// `content` written to a scratch labels file.
    func labels(_ content: String) throws -> URL {
        let file = try Repository.scratchFolder("motionbench-labels").appendingPathComponent("labels.csv")
        try Data(content.utf8).write(to: file)
        return file
    }

    /// A file far longer than any recording's labels is refused at the row past the most, read no
    /// further, so it never fills memory.
    @Test func aLabelsFileOfMoreRowsThanAnyRecordingIsRefused() throws {
        let rows = (0...EventLabelsFile.mostLabels).map { "\($0),tap\n" }.joined()
        let file = try labels("time,label\n" + rows + "1e9,tap\n")
        #expect {
            try EventLabelsFile.read(at: file)
        } throws: { error in
            (error as? TraceError)?.line == EventLabelsFile.mostLabels + 2
                && (error as? TraceError)?.reason == "more than 100000 labels: not a labels file of one recording"
        }
    }

    @Test func instantsStatesAndBothAreReadInTimeOrder() throws {
        let instants = try EventLabelsFile.read(at: try labels("time,label\n12.5,tap\n3.25,double-tap\r\n\n"))
        #expect(instants == [LabelledEvent("double-tap", at: 3.25), LabelledEvent("tap", at: 12.5)])
        let states = try EventLabelsFile.read(at: try labels("start,end,label\n20,31.5,face-down\n4,4.5,shake\n7,,tap\n"))
        #expect(
            states == [
                LabelledEvent("shake", at: 4, until: 4.5), LabelledEvent("tap", at: 7), LabelledEvent("face-down", at: 20, until: 31.5),
            ])
    }

    @Test(arguments: [
        ("labels-header.csv", 1, "expected the header 'time,label' (instants) or 'start,end,label' (states), found 'when,what'"),
        ("labels-text-in-time.csv", 3, "time is not a number: 'abc'"),
        ("labels-nan.csv", 3, "time is NaN"),
        ("labels-end-before-start.csv", 3, "end 11.5 comes before start 12.0"),
        ("labels-bad-label.csv", 3, "label 'Shake' is not lower-case letters and digits in words joined by hyphens"),
        ("labels-empty-label.csv", 3, "label is empty"),
        ("labels-extra-field.csv", 3, "expected 2 fields, found 3"),
        ("labels-repeated.csv", 4, "repeats line 2: the same shake at the same time"),
        ("labels-header-only.csv", 2, "no labels after the header"),
        ("labels-truncated.csv", 3, "truncated last line: no newline at the end of the file and 2 of 3 fields"),
    ])
    func badLabelsFileGivesOneErrorNamingFileAndLine(name: String, line: Int, reason: String) throws {
        let url = Repository.badInput(name)
        let error = try #require(throws: TraceError.self) { try EventLabelsFile.read(at: url) }
        #expect(error.path == url.path)
        #expect(error.line == line)
        #expect(error.reason == reason)
    }

    @Test func aMissingLabelsFileIsNamed() throws {
        let missing = Repository.badInput("no-such-labels.csv")
        let error = try #require(throws: TraceError.self) { try EventLabelsFile.read(at: missing) }
        #expect(error.path == missing.path && error.line == 0 && error.reason.hasPrefix("cannot open"))
    }

    @Test func sensorLoggerAnnotationsBecomeInstantsLabelledByTheirText() throws {
        let trace = try importTrace(at: Repository.trace("own-recordings/sensor-logger/ios-walk")).trace
        // Times as every Sensor Logger file's: nanoseconds as a Double, over 10⁹.
        #expect(
            trace.events == [
                LabelledEvent("face-down", at: Double(1_700_000_002_000_000_000) / 1e9),
                LabelledEvent("tap-then-tilt", at: Double(1_700_000_004_500_000_000) / 1e9),
                LabelledEvent("annotation", at: Double(1_700_000_006_250_000_000) / 1e9),
            ])
        #expect(SensorLoggerImporter.annotationLabel("  Turn__around - now! ") == "turn-around-now")
        #expect(SensorLoggerImporter.annotationLabel("Café") == nil)
    }

    @Test func anAnnotationThatMakesNoLabelIsDroppedWithAWarning() throws {
        let copy = try Repository.scratchFolder("motionbench-sensor-logger").appendingPathComponent("ios-walk")
        try FileManager.default.copyItem(at: Repository.trace("own-recordings/sensor-logger/ios-walk"), to: copy)
        try Data("time,seconds_elapsed,text,millisecond_press_duration\n1700000001000000000,1,Pause ☕,80\n1700000002000000000,2,walk,90\n".utf8)
            .write(to: copy.appendingPathComponent("Annotation.csv"))
        let imported = try importTrace(at: copy)
        #expect(imported.trace.events == [LabelledEvent("walk", at: 1_700_000_002)])
        #expect(imported.warnings.contains { $0.line == 2 && $0.reason.contains("does not make a label") })
    }

    @Test func theOxfordPadsCountsBecomeAStepAtEachRise() throws {
        let trace = try importTrace(at: Repository.oxford).trace
        let counts = trace.truth.compactMap(\.steps)
        #expect(trace.events.count == counts.last! - counts.first!)
        #expect(trace.events.allSatisfy { $0.label == "step" && $0.end == nil })
        #expect(Set(trace.events.map(\.time)).isSubset(of: Set(trace.truth.map(\.time))))
    }

    @Test func eventsSurviveTheCanonicalRoundTrip() throws {
        var trace = try importTrace(at: Repository.oxford).trace
        trace.events += [LabelledEvent("face-down", at: trace.events[3].time, until: trace.events[9].time)]
        trace.events.sort { $0.time < $1.time }
        let file = try Repository.scratchFolder("motionbench-events").appendingPathComponent("oxford.csv")
        try TraceWriter.write(trace, to: file)
        #expect(try TraceReader.read(at: file).trace == trace)
        #expect(TraceInfo(trace).description.contains("events:   1 face-down, \(trace.events.count - 1) step"))
    }

    @Test func theVirtualDeviceKnowsItsShakesStepsAndTouches() {
        let shakes = Scenario.tiltAndShake.events(before: 60).filter { $0.label == "shake" }
        #expect(shakes == [5.0, 25, 45].map { LabelledEvent("shake", at: $0, until: $0 + 1) })
        let touches = Scenario.tiltAndShake.events(before: 60).filter { $0.label != "shake" }
        #expect(touches.map(\.label) == ["tap", "tap", "tap", "tap", "tap", "double-tap", "drag", "pinch", "rotation", "double-tap"])
        #expect(touches[6] == LabelledEvent("drag", at: 12, until: 12.8))
        let walking = Scenario.walking(steps: 10, cadence: 2).events(before: 60)
        #expect(walking.map(\.time) == (1...10).map { 2 + Double($0) / 2 } && walking.allSatisfy { $0.label == "step" })
        #expect(Scenario.walking(steps: 10, cadence: 2).events(before: 4).count == 3, "steps at 2.5, 3 and 3.5 s begin before 4 s")
        #expect(Scenario.still.events(before: 60).allSatisfy { $0.label == "press" })
    }
}
