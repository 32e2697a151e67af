import Foundation
@testable import MotionBench
import TestSupport
import Testing

/// `history` end to end over generated runs: twelve commits of a real run with its CPU per sample
/// redrawn around 1000 ns with 2 % noise and one case 30 % dearer from the ninth commit on; plus a run
/// of another machine and a malformed file, which are listed as left out. The page is rendered in
/// headless Chromium, which must have drawn the charts, the step, the filter and the tooltips' data.
@Suite(.serialized) struct HistoryCommandTests {
    /// The commit the ninth run measured, where the step is.
    static func commit(_ index: Int) -> String { String(format: "c0ffee%02d", index) + String(repeating: "0", count: 32) }

    static let runs: URL = {
        let folder = try! Repository.scratchFolder("motionbench-history")
        let template = folder.appendingPathComponent("template")
        let outcome = try! CLI.run([
            "run", "accelerometer", "barometer", "--mode", "virtual", "--samples", "500", "--repetitions", "3", "--quiet",
            "--out", template.path,
        ])
        precondition(outcome.status == 0, outcome.stderr)
        let run = try! RunResult.load(from: template.appendingPathComponent("run.json"))
        try! FileManager.default.removeItem(at: template)
        var gaussian = 0x9e37_79b9_7f4a_7c15 as UInt64
        func noise() -> Double {
            // A sum of uniforms: near-Gaussian with mean 0 and standard deviation 1.
            (0..<12).reduce(-6.0) { sum, _ in
                gaussian = gaussian &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return sum + Double(gaussian >> 11) / Double(1 << 53)
            }
        }
        for index in 0..<12 {
            var copy = run
            copy.environment.gitCommit = commit(index)
            copy.startedAt = String(format: "2026-01-%02dT10:00:00Z", index + 1)
            copy.cases = copy.cases.map { result in
                var result = result
                let step = result.spec.workload == "accelerometer" && result.spec.filter == "raw" && index >= 8 ? 1.3 : 1
                result.cpuNsPerSample = 1000 * step * (1 + 0.02 * noise())
                return result
            }
            let out = folder.appendingPathComponent("ci/run-\(index)")
            try! FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try! copy.encoded().write(to: out.appendingPathComponent("run.json"))
        }
        var laptop = run
        laptop.environment.cpuModel = "Apple M9"
        try! FileManager.default.createDirectory(at: folder.appendingPathComponent("laptop"), withIntermediateDirectories: true)
        try! laptop.encoded().write(to: folder.appendingPathComponent("laptop/run.json"))
        try! FileManager.default.createDirectory(at: folder.appendingPathComponent("broken"), withIntermediateDirectories: true)
        try! Data("{".utf8).write(to: folder.appendingPathComponent("broken/run.json"))
        return folder
    }()

    @Test func theStepIsFoundAtItsCommitAndOddRunsAreLeftOut() throws {
        let out = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let outcome = try CLI.run(["history", Self.runs.path, "--out", out.path, "--format", "md,html"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let text = outcome.stdout
        #expect(text.contains("12 runs at 12 commits"), "\(text.prefix(400))")
        let steps = text.components(separatedBy: "\n").filter { $0.hasPrefix("| accelerometer") || $0.hasPrefix("| barometer") }
            .filter { $0.contains(" p = ") || $0.contains("exact") }
        #expect(steps.count == 1, "\(steps)")
        #expect(steps.first?.contains("| accelerometer 10 Hz raw virtual | CPU ns/sample | c0ffee08 (2026-01-09 10:00) |") == true, "\(steps)")
        #expect(text.contains("| `\(Self.runs.path)/laptop/run.json` | another environment: its CPU model is 'Apple M9'"), "\(text)")
        #expect(text.contains("| `\(Self.runs.path)/broken/run.json` | not a motionbench run.json"))
        #expect(text.contains("| run start |"), "the made-up commits are not in the repository: placed at their runs' start")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(files.contains("history.md") && files.contains("history.html"))
        #expect(files.contains("history-accelerometer-10hz-raw-virtual-cpu_ns_per_sample.svg"))
        let markdown = try String(contentsOf: out.appendingPathComponent("history.md"), encoding: .utf8)
        #expect(markdown.contains("![CPU ns/sample](history-accelerometer-10hz-raw-virtual-cpu_ns_per_sample.svg)"))
    }

    @Test func badInputIsRefused() throws {
        let missing = try CLI.run(["history", "/nonexistent/runs"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("/nonexistent/runs: no such file or folder"))
        let empty = try Repository.scratchFolder("motionbench-history-empty")
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try CLI.run(["history", empty.path])
        #expect(none.status == 65)
        #expect(none.stderr.contains("no run.json under \(empty.path)"))
        let broken = try CLI.run(["history", Self.runs.appendingPathComponent("broken").path])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("no readable run.json"))
        let html = try CLI.run(["history", Self.runs.path, "--format", "html"])
        #expect(html.status == 64)
        #expect(html.stderr.contains("--format: html is written to files: give --out DIR"))
    }

    /// Chromium from Debian; CI installs it, so there this test must run.
    static let chromium = "/usr/bin/chromium"
    static let browserAvailable = FileManager.default.isExecutableFile(atPath: chromium) || ProcessInfo.processInfo.environment["CI"] != nil

    static func chromium(_ arguments: [String]) throws -> String {
        let outcome = try CLI.run(
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(CLI.temporaryFolder().path)"] + arguments,
            executable: URL(fileURLWithPath: chromium))
        #expect(outcome.status == 0, "chromium: \(outcome.stderr)")
        return outcome.stdout
    }

    @Test(.enabled(if: browserAvailable)) func thePageRendersInChromium() throws {
        let out = CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(try CLI.run(["history", Self.runs.path, "--out", out.path, "--format", "html"]).status == 0)
        let page = out.appendingPathComponent("history.html").absoluteString

        // The DOM after the page's script ran, the filter read from the address.
        let dom = try Self.chromium(["--dump-dom", page + "#workload=barometer"])
        #expect(dom.contains("data-ready=\"true\""), "the script ran")
        #expect(dom.contains("<option value=\"accelerometer\">accelerometer</option><option value=\"barometer\">barometer</option>"))
        let sections = dom.components(separatedBy: "<section class=\"series\"").dropFirst()
        let hidden = sections.filter { $0.hasPrefix(" data-workload=\"accelerometer\"") }
        #expect(!hidden.isEmpty && hidden.allSatisfy { $0.prefix(while: { $0 != ">" }).contains("hidden") }, "the filter hid accelerometer's charts")
        let shown = sections.count - hidden.count
        #expect(dom.contains("id=\"shown\">\(shown) of \(sections.count) charts"), "counted from the layout")
        #expect(dom.components(separatedBy: "class=\"point\"").count - 1 == sections.count * 12 - 0, "a point per commit on every chart")
        #expect(dom.contains("<g class=\"step\" data-commit=\"\(Self.commit(8))\" data-change=\"+"))
        #expect(dom.contains("data-commit=\"\(Self.commit(3))\" data-time=\"2026-01-04 10:00\""))

        // What it drew: a screenshot that is not blank.
        let shot = out.appendingPathComponent("shot.png")
        _ = try Self.chromium(["--window-size=1200,1400", "--screenshot=\(shot.path)", page])
        let image = try #require(PNGImage(Data(contentsOf: shot)))
        #expect(image.width == 1200 && image.height == 1400)
        let inked = image.pixels.filter { $0 != PNGImage.white }.count
        #expect(Double(inked) > 0.01 * Double(image.pixels.count), "\(inked) of \(image.pixels.count) pixels drawn")
        #expect(Set(image.pixels).count > 20, "text, axes, lines and points in several colours")
    }
}

/// The pixels of an 8-bit RGB or RGBA PNG (what Chromium writes), enough to tell a blank screenshot
/// from a drawn one.
struct PNGImage {
    static let white: UInt32 = 0xffffff
    let width: Int
    let height: Int
    /// 0xRRGGBB per pixel, row by row.
    let pixels: [UInt32]

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) else { return nil }
        var position = 8, idat = Data(), header: [UInt8] = []
        func uint32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        while position + 8 <= bytes.count {
            let length = uint32(position), type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let body = bytes[(position + 8)..<(position + 8 + length)]
            if type == "IHDR" { header = Array(body) }
            if type == "IDAT" { idat.append(contentsOf: body) }
            position += 12 + length
        }
        guard header.count == 13, header[8] == 8, [2, 6].contains(header[9]), let raw = GitRepository.inflate(idat, from: 0).map({ [UInt8]($0) }) else { return nil }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let channels = header[9] == 6 ? 4 : 3, stride = width * channels
        guard raw.count == height * (stride + 1) else { return nil }
        var previous = [UInt8](repeating: 0, count: stride), pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            var line = Array(raw[(row * (stride + 1) + 1)..<((row + 1) * (stride + 1))])
            for i in 0..<stride {
                let a = i >= channels ? Int(line[i - channels]) : 0, b = Int(previous[i]), c = i >= channels ? Int(previous[i - channels]) : 0
                let predicted: Int
                switch filter {
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: predicted = 0
                }
                line[i] = UInt8((Int(line[i]) + predicted) & 0xff)
            }
            for x in 0..<width {
                pixels.append(UInt32(line[x * channels]) << 16 | UInt32(line[x * channels + 1]) << 8 | UInt32(line[x * channels + 2]))
            }
            previous = line
        }
        self.pixels = pixels
    }
}
