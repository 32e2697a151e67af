import CZlib
import Foundation
import TestSupport
import Testing

@testable import MotionBench
@testable import MotionResults

/// `history` end to end over generated runs: twelve commits of a real run with its CPU per sample
/// redrawn around 1000 ns with 2 % noise and one case 30 % dearer from the ninth commit on; plus a run
/// of another machine, one measured another way and a malformed file, which are listed as left out.
/// The page is rendered in headless Chromium, which must have drawn the charts, the step, the filter
/// and the tooltips' data. Commit times come from the runs or from git, and a damaged repository
/// falls back to the runs' start. Every test removes the folders it makes.
@Suite(.serialized) struct HistoryCommandTests {
    /// The commit the ninth run measured, where the step is.
    static func commit(_ index: Int) -> String { String(format: "c0ffee%02d", index) + String(repeating: "0", count: 32) }

    /// A real run of two workloads, 3 repetitions of 500 virtual-time samples, its folder removed.
    static let template: RunResult = {
        let template = try! Repository.scratchFolder("motionbench-history")
        defer { try? FileManager.default.removeItem(at: template) }
        let outcome = try! CLI.run([
            "run", "accelerometer", "barometer", "--mode", "virtual", "--samples", "500", "--repetitions", "3", "--quiet",
            "--out", template.appendingPathComponent("run").path,
        ])
        precondition(outcome.status == 0, outcome.stderr)
        var run = try! RunResult.load(from: template.appendingPathComponent("run/run.json"))
        // Copies placed at made-up commits: the time of the commit it ran at is not theirs.
        run.environment.gitCommitTime = nil
        return run
    }()

    /// `template`'s copy at `commit`, started on January `day`, with its CPU per sample redrawn by
    /// `cost` (given the case).
    static func copy(commit: String?, day: Int, cost: (CaseResult) -> Double? = { $0.cpuNsPerSample }) -> RunResult {
        var copy = template
        copy.environment.gitCommit = commit
        copy.startedAt = String(format: "2026-01-%02dT10:00:00Z", day)
        copy.cases = copy.cases.map { result in
            var result = result
            result.cpuNsPerSample = cost(result)
            return result
        }
        return copy
    }

    static func write(_ run: RunResult, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try run.encoded().write(to: folder.appendingPathComponent("run.json"))
    }

    /// Twelve runs, `ci/run-0` … `ci/run-11` in `folder` at commits 0…11, each case's CPU per sample
    /// redrawn as 1000 ns with 2 % noise (from `seed`) times `factor` of the case and the commit.
    static func writeCommits(to folder: URL, seed: UInt64, factor: (CaseResult, Int) -> Double) throws {
        var gaussian = seed
        func noise() -> Double {
            // A sum of uniforms: near-Gaussian with mean 0 and standard deviation 1.
            (0..<12).reduce(-6.0) { sum, _ in
                gaussian = gaussian &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return sum + Double(gaussian >> 11) / Double(1 << 53)
            }
        }
        for index in 0..<12 {
            let run = copy(commit: commit(index), day: index + 1) { result in 1000 * factor(result, index) * (1 + 0.02 * noise()) }
            try write(run, to: folder.appendingPathComponent("ci/run-\(index)"))
        }
    }

    /// A new folder of runs: `ci/run-0` … `ci/run-11` at commits 0…11 with the step at the ninth,
    /// `laptop` (another CPU) and `broken` (malformed). The caller removes it.
    static func runs() throws -> URL {
        let folder = try Repository.scratchFolder("motionbench-history")
        try writeCommits(to: folder, seed: 0x9e37_79b9_7f4a_7c15) { result, index in
            result.spec.workload == "accelerometer" && result.spec.filter == "raw" && index >= 8 ? 1.3 : 1
        }
        var laptop = template
        laptop.environment.cpuModel = "Apple M9"
        try write(laptop, to: folder.appendingPathComponent("laptop"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("broken"), withIntermediateDirectories: true)
        try Data("{".utf8).write(to: folder.appendingPathComponent("broken/run.json"))
        return folder
    }

    @Test func theStepIsFoundAtItsCommitAndOddRunsAreLeftOut() throws {
        let runs = try Self.runs(), out = CLI.temporaryFolder()
        defer { for folder in [runs, out] { try? FileManager.default.removeItem(at: folder) } }
        let outcome = try CLI.run(["history", runs.path, "--out", out.path, "--format", "md,html"])
        #expect(outcome.status == 0, "stderr: \(outcome.stderr)")
        let text = outcome.stdout
        #expect(text.contains("12 runs at 12 commits"), "\(text.prefix(400))")
        let steps = text.components(separatedBy: "\n").filter { $0.hasPrefix("| accelerometer") || $0.hasPrefix("| barometer") }
            .filter { $0.contains(" p = ") || $0.contains("exact") }
        #expect(steps.count == 1, "\(steps)")
        #expect(steps.first?.contains("| accelerometer 10 Hz raw virtual | CPU ns/sample | c0ffee08 (2026-01-09 10:00) |") == true, "\(steps)")
        #expect(text.contains("| `\(runs.path)/laptop/run.json` | another environment: its CPU model is 'Apple M9'"), "\(text)")
        #expect(text.contains("| `\(runs.path)/broken/run.json` | not a motionbench run.json"))
        #expect(text.contains("| run start |"), "the made-up commits are not in the repository: placed at their runs' start")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(files.contains("history.md") && files.contains("history.html"))
        #expect(files.contains("history-accelerometer-10hz-raw-virtual-cpu_ns_per_sample.svg"))
        let markdown = try String(contentsOf: out.appendingPathComponent("history.md"), encoding: .utf8)
        #expect(markdown.contains("![CPU ns/sample](history-accelerometer-10hz-raw-virtual-cpu_ns_per_sample.svg)"))
    }

    @Test func badInputIsRefused() throws {
        let runs = try Self.runs()
        defer { try? FileManager.default.removeItem(at: runs) }
        let missing = try CLI.run(["history", "/nonexistent/runs"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("/nonexistent/runs: no such file or folder"))
        let empty = try Repository.scratchFolder("motionbench-history-empty")
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try CLI.run(["history", empty.path])
        #expect(none.status == 65)
        #expect(none.stderr.contains("no run.json under \(empty.path)"))
        let broken = try CLI.run(["history", runs.appendingPathComponent("broken").path])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("no readable run.json"))
        let html = try CLI.run(["history", runs.path, "--format", "html"])
        #expect(html.status == 64)
        #expect(html.stderr.contains("--format: html is written to files: give --out DIR"))
    }

    /// Two environments with three runs each and the same newest run: every run of `history` (each
    /// process hashes differently) keeps the one whose fields sort first; a newer run wins over that.
    @Test func tiedEnvironmentsArePickedByTheStatedRuleAlone() throws {
        let folder = try Repository.scratchFolder("motionbench-history-tie")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (model, day) in [("Zeta CPU", 1), ("Zeta CPU", 2), ("Zeta CPU", 3), ("Alpha CPU", 1), ("Alpha CPU", 2), ("Alpha CPU", 3)] {
            var run = Self.copy(commit: Self.commit(day), day: day)
            run.environment.cpuModel = model
            try Self.write(run, to: folder.appendingPathComponent("\(model.prefix(4).lowercased())-\(day)"))
        }
        for _ in 0..<6 {
            let outcome = try CLI.run(["history", folder.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("Environment: CPU model `Alpha CPU`"), "\(outcome.stdout.prefix(400))")
            #expect(outcome.stdout.contains("zeta-1/run.json` | another environment: its CPU model is 'Zeta CPU', the history's 'Alpha CPU' |"))
        }
        var newer = Self.copy(commit: Self.commit(4), day: 4)
        newer.environment.cpuModel = "Zeta CPU"
        try Self.write(newer, to: folder.appendingPathComponent("zeta-4"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("zeta-1"))
        #expect(try CLI.run(["history", folder.path]).stdout.contains("Environment: CPU model `Zeta CPU`"), "three each, Zeta's newest is newer")
    }

    /// A run measured another way (2000 samples a case with instructions counted, as CI's baseline
    /// is) at a later commit, its timings far from both levels, is listed apart: the step stays.
    @Test func aRunMeasuredAnotherWayIsListedApartAndTheStepStays() throws {
        let runs = try Self.runs()
        defer { try? FileManager.default.removeItem(at: runs) }
        var ci = Self.copy(commit: Self.commit(12), day: 13) { _ in 420 }
        ci.settings.sampleCount = 2000
        ci.cases = ci.cases.map { result in
            var result = result
            result.instructionsPerSample = 900
            result.instructionTicks = 8192
            return result
        }
        try Self.write(ci, to: runs.appendingPathComponent("baselines/ci"))
        let outcome = try CLI.run(["history", runs.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("| accelerometer 10 Hz raw virtual | CPU ns/sample | c0ffee08 (2026-01-09 10:00) |"), "\(outcome.stdout)")
        #expect(
            outcome.stdout.contains(
                "baselines/ci/run.json` | another measurement setup: its samples per virtual-time case is '1000–9999', the history's '100–999' |"))
    }

    /// Runs in folders whose names hold `|`, a backtick and a line break: history's tables stay whole.
    @Test func pathsWithBarsAndLineBreaksLeaveEveryTableWhole() throws {
        let folder = try Repository.scratchFolder("motionbench-history-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        for day in 1...3 {
            try Self.write(Self.copy(commit: Self.commit(day), day: day), to: folder.appendingPathComponent("ci|\(day)\nnight`s"))
        }
        var other = Self.template
        other.environment.cpuModel = "Odd | CPU\nv2"
        try Self.write(other, to: folder.appendingPathComponent("odd|one"))
        let outcome = try CLI.run(["history", folder.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(MarkdownTables.brokenRows(in: outcome.stdout).isEmpty, "\(MarkdownTables.brokenRows(in: outcome.stdout))")
        #expect(outcome.stdout.contains("ci\\|1\\nnight`s/run.json``"), "\(outcome.stdout)")
    }

    /// Runs `git arguments` in `folder` with fixed names and the commit time `date`; its output.
    @discardableResult
    static func git(_ arguments: [String], in folder: URL, date: String = "1700000000 +0000") throws -> String {
        let outcome = try CLI.run(
            ["git"] + arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"),
            environment: [
                "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
                "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date, "GIT_CONFIG_NOSYSTEM": "1", "HOME": folder.path,
            ])
        guard outcome.status == 0 else { throw CocoaError(.executableLoad) }
        return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A throw-away repository of `count` commits, one a minute from 1700000000 (2023-11-14 22:13
    /// UTC), each editing a file; its folder and the commits' names.
    static func repository(commits count: Int) throws -> (URL, [String]) {
        let folder = try Repository.scratchFolder("motionbench-history-git")
        try git(["init", "-q", "-b", "main"], in: folder)
        var commits: [String] = []
        for index in 0..<count {
            try Data((0...index).map { "line \($0)\n" }.joined().utf8).write(to: folder.appendingPathComponent("file.txt"))
            try git(["add", "file.txt"], in: folder)
            try git(["commit", "-q", "-m", "commit \(index)"], in: folder, date: "\(1_700_000_000 + 60 * index) +0000")
            commits.append(try git(["rev-parse", "HEAD"], in: folder))
        }
        return (folder, commits)
    }

    /// `run` records its commit's time as git gives it; `history` places a run by that, and asks git
    /// (one call) for a run that did not record one; a commit git does not have is placed at its run.
    @Test func commitTimesComeFromTheRunOrFromGit() throws {
        let (repository, commits) = try Self.repository(commits: 3)
        let runs = try Repository.scratchFolder("motionbench-history-runs")
        defer { for folder in [repository, runs] { try? FileManager.default.removeItem(at: folder) } }
        let made = try CLI.run(
            [
                "run", "barometer", "--mode", "virtual", "--samples", "200", "--quiet", "--format", "json", "--out",
                runs.appendingPathComponent("made").path,
            ],
            in: repository)
        #expect(made.status == 0, "\(made.stderr)")
        let recorded = try RunResult.load(from: runs.appendingPathComponent("made/run.json"))
        #expect(recorded.environment.gitCommit == commits[2] && recorded.environment.gitCommitTime == 1_700_000_120)

        // Read from the run: the working folder's repository (this one) does not have the commit.
        let own = try CLI.run(["history", runs.appendingPathComponent("made").path])
        #expect(own.stdout.contains("| 1 | `\(commits[2])` | 2023-11-14 22:15 | commit time |"), "\(own.stdout)")

        try Self.write(Self.copy(commit: commits[0], day: 20), to: runs.appendingPathComponent("older"))
        try Self.write(Self.copy(commit: Self.commit(1), day: 21), to: runs.appendingPathComponent("elsewhere"))
        let outcome = try CLI.run([
            "history", runs.appendingPathComponent("older").path, runs.appendingPathComponent("elsewhere").path, "--repository", repository.path,
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("| 1 | `\(commits[0])` | 2023-11-14 22:13 | commit time |"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("| 2 | `\(Self.commit(1))` | 2026-01-21 10:00 | run start |"))
    }

    /// A pack index whose fan-out table is damaged, and a pack whose only entry is a delta of itself
    /// (on which git itself loops until stopped): `history` places the runs at their start, exit 0.
    @Test func aDamagedRepositoryFallsBackToTheRunsStart() throws {
        let (repository, commits) = try Self.repository(commits: 3)
        let runs = try Repository.scratchFolder("motionbench-history-runs")
        defer { for folder in [repository, runs] { try? FileManager.default.removeItem(at: folder) } }
        try Self.write(Self.copy(commit: commits[1], day: 20), to: runs.appendingPathComponent("run"))

        try Self.git(["gc", "-q"], in: repository)
        let packs = repository.appendingPathComponent(".git/objects/pack")
        let index = try #require(try FileManager.default.contentsOfDirectory(atPath: packs.path).first { $0.hasSuffix(".idx") })
        var bytes = try [UInt8](Data(contentsOf: packs.appendingPathComponent(index)))
        // The count of objects whose name starts at or below the commit's first byte: made huge.
        let entry = 8 + 4 * Int(UInt8(commits[1].prefix(2), radix: 16)!)
        bytes.replaceSubrange(entry..<(entry + 4), with: [0x7f, 0xff, 0xff, 0xff])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: packs.appendingPathComponent(index).path)
        try Data(bytes).write(to: packs.appendingPathComponent(index))
        let fanOut = try CLI.run(["history", runs.path, "--repository", repository.path])
        #expect(fanOut.status == 0, "\(fanOut.stderr)")
        #expect(fanOut.stdout.contains("| 1 | `\(commits[1])` | 2026-01-20 10:00 | run start |"), "\(fanOut.stdout)")

        let (selfDelta, commit) = try Self.repositoryWithASelfReferencingDelta()
        defer { try? FileManager.default.removeItem(at: selfDelta) }
        try Self.write(Self.copy(commit: commit, day: 22), to: runs.appendingPathComponent("run"))
        let loop = try CLI.start(["history", runs.path, "--repository", selfDelta.path])
        let outcome = try #require(try loop.wait(upTo: 60), "history still ran after 60 s")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("| 1 | `\(commit)` | 2026-01-22 10:00 | run start |"), "\(outcome.stdout)")
    }

    /// A repository of one commit whose object is stored only in a pack, as a delta whose base is the
    /// commit itself; its folder and the commit.
    static func repositoryWithASelfReferencingDelta() throws -> (URL, String) {
        let (folder, commits) = try repository(commits: 1)
        let commit = commits[0]
        let name = stride(from: 0, to: 40, by: 2).map { UInt8(commit.dropFirst($0).prefix(2), radix: 16)! }
        // A delta from a 5-byte base to a 5-byte result, inserting "hello", zlib-compressed.
        let delta: [UInt8] = [5, 5, 5] + Array("hello".utf8)
        var compressed = [UInt8](repeating: 0, count: 64)
        var length = uLongf(compressed.count)
        try #require(compress(&compressed, &length, delta, uLong(delta.count)) == Z_OK)
        // Type 7 (a delta naming its base), size 8: one header byte.
        let entry = [UInt8(7 << 4 | delta.count)] + name + compressed[..<Int(length)]
        let checksum = [UInt8](repeating: 0x42, count: 20)  // git compares the two copies, not their hash
        let pack = Array("PACK".utf8) + [0, 0, 0, 2, 0, 0, 0, 1] + entry + checksum
        var index: [UInt8] = [0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]
        for byte in 0..<256 { index += [0, 0, 0, byte >= Int(name[0]) ? 1 : 0] }
        index += name + [0, 0, 0, 0] + [0, 0, 0, 12] + checksum + [UInt8](repeating: 0, count: 20)
        let packs = folder.appendingPathComponent(".git/objects/pack")
        try FileManager.default.createDirectory(at: packs, withIntermediateDirectories: true)
        try Data(pack).write(to: packs.appendingPathComponent("pack-\(String(repeating: "42", count: 20)).pack"))
        try Data(index).write(to: packs.appendingPathComponent("pack-\(String(repeating: "42", count: 20)).idx"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".git/objects/\(commit.prefix(2))/\(commit.dropFirst(2))"))
        return (folder, commit)
    }

    /// Chromium from Debian; CI installs it, so there this test must run.
    static let chromium = "/usr/bin/chromium"
    static let browserAvailable = FileManager.default.isExecutableFile(atPath: chromium) || ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs headless Chromium with its profile in `profile` (the caller removes it).
    static func chromium(_ arguments: [String], profile: URL) throws -> String {
        let outcome = try CLI.run(
            ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(profile.path)"] + arguments,
            executable: URL(fileURLWithPath: chromium))
        #expect(outcome.status == 0, "chromium: \(outcome.stderr)")
        return outcome.stdout
    }

    @Test(.enabled(if: browserAvailable)) func thePageRendersInChromium() throws {
        let runs = try Self.runs(), out = CLI.temporaryFolder(), profile = CLI.temporaryFolder()
        defer { for folder in [runs, out, profile] { try? FileManager.default.removeItem(at: folder) } }
        #expect(try CLI.run(["history", runs.path, "--out", out.path, "--format", "html"]).status == 0)
        let page = out.appendingPathComponent("history.html").absoluteString

        // The DOM after the page's script ran, the filter read from the address.
        let dom = try Self.chromium(["--dump-dom", page + "#workload=barometer"], profile: profile)
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
        _ = try Self.chromium(["--window-size=1200,1400", "--screenshot=\(shot.path)", page], profile: profile)
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
        guard header.count == 13, header[8] == 8, [2, 6].contains(header[9]), let raw = Self.inflate(idat) else { return nil }
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

    /// A zlib stream inflated; nil when it is not one.
    static func inflate(_ data: Data) -> [UInt8]? {
        var stream = z_stream()
        guard czlib_inflate_init(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = [UInt8](data), output: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        return input.withUnsafeMutableBufferPointer { bytes -> [UInt8]? in
            stream.next_in = bytes.baseAddress
            stream.avail_in = uInt(bytes.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                output += chunk[..<produced]
                if status == Z_STREAM_END { return output }
                guard status == Z_OK else { return nil }
            }
        }
    }
}
