import Foundation
import MotionMath
import TestSupport
import Testing

@testable import MotionSensors

@Suite struct CanonicalFormatTests {
    /// Every number of a trace as bits, stream by stream, so -0.0 and 0.0 differ.
    func bits(_ trace: Trace) -> [UInt64] {
        func truthBits(_ sample: GroundTruth) -> [UInt64] {
            let a = sample.attitude
            return [sample.time, a?.w, a?.x, a?.y, a?.z, sample.magneticHeading, sample.trueHeading, sample.altitude]
                .map { $0?.bitPattern ?? 1 } + [UInt64(bitPattern: Int64(sample.steps ?? -1))]
        }
        let sensors = trace.sensors.flatMap { trace[$0] } + trace.calibratedMagnetometer
        return sensors.flatMap { [$0.time.bitPattern, $0.value.x.bitPattern, $0.value.y.bitPattern, $0.value.z.bitPattern] }
            + (trace.truth + trace.estimates.flatMap(\.samples)).flatMap(truthBits)
    }

    func roundTrip(_ trace: Trace) throws -> Trace {
        let file = try Repository.scratchFolder("motionbench-traces").appendingPathComponent("trace.csv")
        try TraceWriter.write(trace, to: file)
        return try TraceReader.read(at: file).trace
    }

    @Test(arguments: ["tyrex", "oxford", "broad", "xio"])
    func everyImportRoundTripsBitExact(format: String) throws {
        let url = [
            "tyrex": Repository.tyrexTrial, "oxford": Repository.oxford, "broad": Repository.broad, "xio": Repository.xio,
        ][format]!
        let trace = try importTrace(at: url).trace
        let again = try roundTrip(trace)
        #expect(again == trace)
        #expect(bits(again) == bits(trace))
        #expect(try TraceWriter.encode(again) == TraceWriter.encode(trace))
    }

    @Test func extremeNumbersAndTextRoundTrip() throws {
        var generator = SplitMix64(seed: 99)
        var samples: [SensorSample] = []
        var time = -1e-300
        // Random finite bit patterns cover every exponent, subnormals and 17-digit mantissas: the
        // readings those within a gyroscope's accepted range, the truth's altitudes all of them.
        func random(within limit: Double = .infinity) -> Double {
            while true {
                let value = Double(bitPattern: generator.next())
                if value.isFinite, abs(value) <= limit { return value }
            }
        }
        let range = SensorKind.gyroscope.acceptedRange.upperBound
        for _ in 0..<20_000 {
            samples.append(SensorSample(sensor: .gyroscope, time: time, value: Vector3(random(within: range), -0.0, random(within: range))))
            time = time.nextUp * 1.0000001 + 1e-9
        }
        let truth =
            [
                GroundTruth(time: 0, attitude: .identity, magneticHeading: 359.999, trueHeading: 1e-7, altitude: -3.5, steps: 12, activity: .walking),
                GroundTruth(time: 1),
                GroundTruth(time: 2, steps: Int.max),
            ] + (3..<2003).map { GroundTruth(time: Double($0), altitude: random()) }
        let metadata = TraceMetadata(
            name: "odd, name \\ with\nnewline\r", dataset: "synthetic", device: "", licence: "CC0-1.0", clock: "s",
            nominalRates: [.sensor(.gyroscope): 1e9, .truth: 0.5], notes: ["a, b", "ünïcödé"]
        )
        let trace = Trace(
            metadata: metadata, samples: [.gyroscope: samples], truth: truth,
            estimates: [RecordedEstimate(id: "x_1-y", label: "label, with comma", samples: truth)]
        )
        let again = try roundTrip(trace)
        #expect(again == trace)
        #expect(bits(again) == bits(trace))
    }

    @Test func decimalParserIsCorrectlyRounded() {
        func parse(_ text: String) -> DecimalParser.Result {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { DecimalParser.parse(UnsafeBufferPointer($0)) }
        }
        for text in [
            "0.1", "-6.523381e-19", "1e23", "9007199254740993", "2.2250738585072011e-308", "4.9e-324",
            "123456789012345678901234567890", "0.000000000000000000000000000001", "1.7976931348623157e308", "+5", "7.",
        ] {
            #expect(parse(text) == .value(Double(text)!), "\(text)")
        }
        #expect(parse("-0") == .value(-0.0))
        for text in ["", "-", ".", "e5", "1e", "0x10", "1,5", " 1", "1 ", "--1", "1.2.3", "١"] {
            #expect(parse(text) == .invalid, "\(text)")
        }
        #expect(parse("NaN") == .notANumber)
        #expect(parse("-Infinity") == .infinite)
        #expect(parse("1e400") == .infinite)
    }

    @Test func writerRefusesWhatTheReaderWould() {
        let bad = Trace(
            metadata: TraceMetadata(name: "bad"),
            samples: [.accelerometer: [SensorSample(sensor: .accelerometer, time: 0, value: Vector3(.nan, 0, 0))]]
        )
        #expect(throws: TraceError.self) { try TraceWriter.encode(bad) }
        let backwards = Trace(
            metadata: TraceMetadata(name: "bad"),
            samples: [.accelerometer: [1, 0].map { SensorSample(sensor: .accelerometer, time: $0, value: .zero) }]
        )
        #expect(throws: TraceError.self) { try TraceWriter.encode(backwards) }
    }

    @Test func infoSummarisesStreamsGapsAndTruth() throws {
        let times = [0.0, 0.01, 0.02, 0.03, 0.1, 0.11, 0.12, 0.5]
        let trace = Trace(
            metadata: TraceMetadata(name: "gappy", dataset: "synthetic"),
            samples: [.accelerometer: times.map { SensorSample(sensor: .accelerometer, time: $0, value: Vector3(0, 0, -1)) }],
            truth: [GroundTruth(time: 0, steps: 0)]
        )
        let info = TraceInfo(trace)
        let stream = try #require(info.streams.first)
        #expect(stream.count == 8)
        #expect(abs(stream.rate! - 100) < 1e-6)
        #expect(stream.gapCount == 2)
        #expect(abs(stream.longestGap! - 0.38) < 1e-12)
        #expect(info.duration == 0.5)
        #expect(info.hasTruth && info.truthParts == ["steps"])
        #expect(info.description.contains("accelerometer"))
        #expect(info.description.contains("truth:    steps"))
    }

    @Test func infoShowsControlCharactersOfAFilesTextInsteadOfPrintingThem() {
        // An escape sequence that would clear the screen, and a newline that would forge a line.
        var metadata = TraceMetadata(name: "walk\u{1B}[2J", dataset: "lab")
        metadata.notes = ["ok\ntruth:    forged"]
        let trace = Trace(metadata: metadata, samples: [.accelerometer: [SensorSample(sensor: .accelerometer, time: 0, value: Vector3(0, 0, -1))]])
        let text = TraceInfo(trace).description
        #expect(text.hasPrefix("walk\\u{1b}[2J (lab)"))
        #expect(text.contains("note:     ok\\u{a}truth:    forged"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("truth:") } == ["truth:    none"])
    }
}
