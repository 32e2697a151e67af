import Foundation
import Testing

@testable import MotionReports
@testable import MotionResults

/// Saved baselines: names, byte-for-byte copies, listing.
@Suite struct CompareBaselineStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-baselines-\(UUID().uuidString)")

    @Test func namesAreLettersDigitsDashesAndUnderscores() {
        for name in ["main", "release-6_3", "A1"] { #expect(BaselineStore.isValidName(name), "\(name)") }
        for name in ["", "a b", "../x", "a/b", ".hidden", "café", "x.json"] { #expect(!BaselineStore.isValidName(name), "\(name)") }
    }

    @Test func savingCopiesTheRunJSONAndReplacesAnOlderOne() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("source.json")
        try SampleRun.make().encoded().write(to: source)
        let store = BaselineStore(folder: folder.appendingPathComponent("baselines"))
        #expect(store.entries().isEmpty, "no folder yet: no baselines")

        let saved = try store.save(source, as: "main")
        #expect(saved.file == store.runFile(named: "main"))
        #expect(try Data(contentsOf: saved.file) == Data(contentsOf: source))
        #expect(saved.run.environment.host == "test-host")

        var newer = SampleRun.make()
        newer.startedAt = "2026-12-01T00:00:00Z"
        try newer.encoded().write(to: source)
        try store.save(source, as: "main")
        try store.save(source, as: "other")
        #expect(try RunResult.load(from: store.runFile(named: "main")).startedAt == "2026-12-01T00:00:00Z")
        #expect(store.entries().map(\.name) == ["main", "other"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.runFile(named: "main").deletingLastPathComponent().path)
        #expect(leftovers == ["run.json"], "no temporary file left behind")
    }

    @Test func aMalformedRunIsNotSaved() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("run.json")
        try Data("{\"schemaVersion\": 2, \"cases\": ".utf8).write(to: source)
        let store = BaselineStore(folder: folder.appendingPathComponent("baselines"))
        #expect(throws: RunFileError.self) { try store.save(source, as: "main") }
        #expect(!FileManager.default.fileExists(atPath: store.folder.path))
    }
}
