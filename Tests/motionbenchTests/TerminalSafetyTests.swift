import Foundation
import TestSupport
import Testing

/// Text from files reaches the terminal as text: escape sequences (a colour, a window title, a clear
/// screen), a carriage return or a newline in a labels file, a trace, a Sensor Logger annotation or
/// a run.json are shown as `\u{…}` in every error, warning and report, never obeyed.
@Suite struct TerminalSafetyTests {
    /// What a hostile file holds: a window title (OSC … BEL), a colour (CSI), a clear screen, and a
    /// carriage return and a newline that would forge a line.
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[31mred\u{1B}[2J\rforged\nline"

    /// Whether `text` holds a control character other than the newlines that end its lines.
    static func holdsControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" }
    }

    static func folder() throws -> URL {
        let folder = CLI.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aLabelsFilesEscapesAreShownNotObeyed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let labels = folder.appendingPathComponent("labels.csv")
        try Data("time,label\n1.0,\(Self.hostile)\n".utf8).write(to: labels)
        let outcome = try CLI.run([
            "run", "accelerometer", "--mode", "virtual", "--samples", "100",
            "--source", "trace:\(Repository.oxford.path),labels=\(labels.path)", "--out", folder.appendingPathComponent("run").path,
        ])
        #expect(outcome.status == 65)
        #expect(!Self.holdsControls(outcome.stderr), "\(outcome.stderr.debugDescription)")
        #expect(outcome.stderr.contains("label '\\u{1b}]0;pwned\\u{7}\\u{1b}[31mred\\u{1b}[2J\\u{d}forged"), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "one line: \(outcome.stderr)")
    }

    @Test func aTracesEscapesAreShownInItsErrorsAndInTraceInfo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A number that is an escape sequence, in a canonical trace.
        let trace = folder.appendingPathComponent("trace.csv")
        try Data("motionbench-trace,1\nname,x\nrate,accelerometer,100\ntime,stream,values\n0.00,accelerometer,0,0,\u{1B}[2J\u{1B}]0;t\u{07}\n".utf8)
            .write(to: trace)
        let info = try CLI.run(["trace", "info", trace.path])
        #expect(info.status == 65 && !Self.holdsControls(info.stderr), "\(info.stderr.debugDescription)")
        #expect(info.stderr.contains("'\\u{1b}[2J\\u{1b}]0;t\\u{7}'"), "\(info.stderr)")

        // A Sensor Logger annotation that makes no label: the warning quotes it.
        let walk = folder.appendingPathComponent("walk")
        try FileManager.default.copyItem(at: Repository.trace("own-recordings/sensor-logger/ios-walk"), to: walk)
        let annotation = "é" + Self.hostile.replacingOccurrences(of: "\n", with: " ")
        try Data("time,seconds_elapsed,text,millisecond_press_duration\n1700000002000000000,2.0,\(annotation),120\n".utf8)
            .write(to: walk.appendingPathComponent("Annotation.csv"))
        let walkInfo = try CLI.run(["trace", "info", walk.path])
        #expect(walkInfo.status == 0, "\(walkInfo.stderr)")
        #expect(!Self.holdsControls(walkInfo.stderr) && !Self.holdsControls(walkInfo.stdout), "\(walkInfo.stderr.debugDescription)")
        #expect(walkInfo.stderr.contains("annotation 'é\\u{1b}]0;pwned\\u{7}"), "\(walkInfo.stderr)")
    }

    /// `--quiet` prints the run's folder: one whose name holds a newline is still one line.
    @Test func aFolderNameWithANewlineIsPrintedOnOneLine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("a\nb")
        let outcome = try CLI.run(["run", "barometer", "--filter", "none", "--mode", "virtual", "--samples", "200", "--out", out.path, "--quiet"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == folder.path + "/a\\u{a}b\n", "\(outcome.stdout.debugDescription)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("run.json").path))
    }

    @Test func aRunJSONsNamesAreShownInCompareAndReport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run")
        let measured = try CLI.run(["run", "barometer", "--filter", "none", "--mode", "virtual", "--samples", "200", "--out", run.path, "--quiet"])
        #expect(measured.status == 0, "\(measured.stderr)")
        let runFile = run.appendingPathComponent("run.json")
        var text = try String(contentsOf: runFile, encoding: .utf8)
        let escaped = Self.hostile.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : String(format: "\\u%04x", $0.value) }.joined()
        text = text.replacingOccurrences(of: "\"workload\" : \"barometer\"", with: "\"workload\" : \"barometer\(escaped)\"")
        try Data(text.utf8).write(to: runFile)
        let compared = try CLI.run(["compare", run.path, run.path])
        #expect([0, 3].contains(compared.status), "\(compared.stderr)")
        #expect(!Self.holdsControls(compared.stdout) && !Self.holdsControls(compared.stderr), "\(compared.stdout.debugDescription)")
        #expect(compared.stdout.contains("barometer\\u{1b}]0;pwned"), "\(compared.stdout)")
        let report = try CLI.run(["report", run.path])
        #expect(report.status == 0 && !Self.holdsControls(report.stdout + report.stderr), "\(report.stdout.debugDescription)")
    }
}
