import Foundation
import Testing

/// Compares `text` with the committed file `Golden/<name>`; with MOTIONBENCH_UPDATE_GOLDEN=1 in the
/// environment, rewrites that file in the source tree instead.
func expectGolden(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if ProcessInfo.processInfo.environment["MOTIONBENCH_UPDATE_GOLDEN"] == "1" {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    let url = try #require(
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Golden"),
        "no golden file \(name): run with MOTIONBENCH_UPDATE_GOLDEN=1 to write it", sourceLocation: sourceLocation)
    let expected = try String(contentsOf: url, encoding: .utf8)
    guard text != expected else { return }
    let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let firstDifference =
        (0..<min(actualLines.count, expectedLines.count)).first { actualLines[$0] != expectedLines[$0] }
        ?? min(actualLines.count, expectedLines.count)
    let actualLine = firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "(end)"
    let expectedLine = firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "(end)"
    Issue.record(
        "\(name) differs at line \(firstDifference + 1):\n  expected: \(expectedLine)\n  actual:   \(actualLine)\n(MOTIONBENCH_UPDATE_GOLDEN=1 rewrites it)",
        sourceLocation: sourceLocation)
}
